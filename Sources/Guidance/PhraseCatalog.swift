/// Which sample data a catalog rendering uses.
public enum PhraseVariant: String, CaseIterable, Sendable, Hashable, Codable {
    /// Road name, route number, exit number, signposts, heading, current road, destination and lanes all known.
    case full
    /// Nothing but the maneuver type known.
    case bare
    /// `full` followed closely by a second maneuver ("…, then turn left").
    case chained
    /// `full` said in the short style.
    case short
}

/// One line of a pack preview (`voxnav phrases --lang L`).
public struct PhraseRendering: Sendable, Hashable, Codable {
    public let type: ManeuverType
    public let state: ManeuverState
    public let variant: PhraseVariant
    public let text: String
}

/// The sample data a catalog renders every maneuver with.
public struct PhraseSample: Sendable, Hashable {
    public var roadName = "Solar Circle"
    public var routeNumber = "I-95"
    public var exitNumber = "12B"
    public var towards = "Airport Road"
    public var rotaryName = "Dupont Circle"
    /// Said as a compass point by starts: "head northeast".
    public var heading = 40.0
    public var currentRoadName = "Oak Avenue"
    public var destinationName = "Central Station"
    /// Four lanes, the right two preferred.
    public var lanes: [Lane] = [
        .init(angle: 0, status: .notGood)!, .init(angle: 0, status: .notGood)!,
        .init(angle: 45, status: .preferred)!, .init(angle: 45, status: .preferred)!,
    ]
    public var next = Maneuver(type: .leftTurn, roadName: "Main Street", distanceRemaining: 120)
    /// Meters before the maneuver at which each state is said.
    public var distances: [ManeuverState: Double] = [.continue: 5000, .initial: 800, .prepare: 150, .execute: 15]

    public init() {}
}

extension PhraseComposer {
    /// Every maneuver type × state × variant rendered with `sample` data, in type order.
    public func catalog(sample: PhraseSample = PhraseSample()) -> [PhraseRendering] {
        var renderings: [PhraseRendering] = []
        for type in ManeuverType.allCases {
            let full = Maneuver(
                type: type, lanes: sample.lanes, roadName: sample.roadName,
                routeNumber: sample.routeNumber, exitNumber: sample.exitNumber, towards: sample.towards,
                rotaryName: sample.rotaryName, heading: sample.heading, currentRoadName: sample.currentRoadName,
                destinationName: sample.destinationName)
            let bare = Maneuver(type: type)
            for state in ManeuverState.allCases {
                let distance = sample.distances[state] ?? 0
                for variant in PhraseVariant.allCases {
                    let text =
                        switch variant {
                        case .full: compose(full, state: state, distance: distance)
                        case .bare: compose(bare, state: state, distance: distance)
                        case .chained: compose(full, state: state, distance: distance, then: sample.next)
                        case .short: compose(full, state: state, distance: distance, style: .short)
                        }
                    renderings.append(PhraseRendering(type: type, state: state, variant: variant, text: text))
                }
            }
        }
        return renderings
    }
}
