@testable import Guidance

/// A representative drive: one prompt per step, with the names a guidance engine would send.
struct GoldenStep: Sendable {
    let maneuver: Maneuver
    let state: ManeuverState
    let meters: Double
    var next: Maneuver? = nil
    var style: PhraseStyle = .normal
}

enum GoldenRoute {
    /// Road names and route numbers of the country the pack is for.
    struct Names: Sendable {
        let start, first, second, roundaboutExit, destination: String
        let highway, exit: String
    }

    static let us = Names(
        start: "Main St.", first: "Solar Cir.", second: "Oak Ave.", roundaboutExit: "St. John Blvd",
        destination: "Elm Ct.", highway: "I-95", exit: "12B")
    static let uk = Names(
        start: "High St", first: "Station Rd", second: "Church Ln", roundaboutExit: "St Mary's Rd",
        destination: "Park Cres", highway: "M25", exit: "12")
    static let de = Names(
        start: "Hauptstr.", first: "Bahnhofstr.", second: "Goethestraße", roundaboutExit: "Marktpl.",
        destination: "Lindenallee", highway: "A7", exit: "12B")
    static let fr = Names(
        start: "Av. Victor Hugo", first: "Bd Haussmann", second: "R. de Rivoli", roundaboutExit: "Pl. de la Nation",
        destination: "Ch. des Vignes", highway: "A6", exit: "12B")

    static func steps(_ names: Names) -> [GoldenStep] {
        let lanesLeft = [Lane(angle: -90, status: .preferred)!, Lane(angle: 0, status: .notGood)!, Lane(angle: 0, status: .notGood)!]
        let lanesRightTwo = [
            Lane(angle: 0, status: .notGood)!, Lane(angle: 0, status: .notGood)!,
            Lane(angle: 30, status: .good)!, Lane(angle: 30, status: .good)!,
        ]
        return [
            GoldenStep(maneuver: Maneuver(type: .startRoute, roadName: names.start), state: .execute, meters: 0),
            GoldenStep(maneuver: Maneuver(type: .rightTurn, roadName: names.first), state: .continue, meters: 4200),
            GoldenStep(maneuver: Maneuver(type: .rightTurn, roadName: names.first), state: .initial, meters: 800),
            GoldenStep(
                maneuver: Maneuver(type: .rightTurn, roadName: names.first), state: .execute, meters: 20,
                next: Maneuver(type: .leftTurn, roadName: names.second, distanceRemaining: 90)),
            GoldenStep(maneuver: Maneuver(type: .leftTurn, lanes: lanesLeft, roadName: names.second), state: .prepare, meters: 120),
            GoldenStep(maneuver: Maneuver(type: .onRamp, routeNumber: names.highway), state: .initial, meters: 430),
            GoldenStep(
                maneuver: Maneuver(type: .highwayOffRampRight, lanes: lanesRightTwo, roadName: names.first, exitNumber: names.exit),
                state: .initial, meters: 1900),
            GoldenStep(maneuver: Maneuver(type: .roundaboutExit2, roadName: names.roundaboutExit), state: .initial, meters: 600),
            GoldenStep(maneuver: Maneuver(type: .roundaboutExit2, roadName: names.roundaboutExit), state: .execute, meters: 8),
            GoldenStep(maneuver: Maneuver(type: .slightLeftTurn, roadName: names.destination), state: .prepare, meters: 60, style: .short),
            GoldenStep(maneuver: Maneuver(type: .arriveAtDestinationRight), state: .initial, meters: 250),
            GoldenStep(maneuver: Maneuver(type: .arriveAtDestinationRight), state: .execute, meters: 5),
        ]
    }
}
