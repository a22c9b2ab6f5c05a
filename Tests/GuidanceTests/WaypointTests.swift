import Testing

@testable import Guidance

/// An arrival with maneuvers after it is a waypoint's (issue 52): every pack says it as a stop on the
/// way, never as the end of the trip (Chinese said "本次导航结束" while the route went on).
@Suite struct WaypointTests {
    static let sides: [ManeuverType] = [.arriveAtDestination, .arriveAtDestinationLeft, .arriveAtDestinationRight]

    @Test func guidanceMarksEveryArrivalButALastOneAWaypoint() {
        let route: [(id: Int, maneuver: Maneuver)] = [
            (0, Maneuver(type: .startRoute)), (1, Maneuver(type: .arriveAtDestinationRight, destinationName: "Pike Place Market")),
            (2, Maneuver(type: .leftTurn)), (3, Maneuver(type: .arriveAtDestination)),
        ]
        #expect(Waypoint.mark(route).map(\.maneuver.isWaypoint) == [false, true, false, false])
        #expect(Waypoint.mark([(0, Maneuver(type: .arriveAtDestination))]).map(\.maneuver.isWaypoint) == [false])
    }

    /// In every pack and state, a waypoint's arrival says other words than the trip's end, with or
    /// without its name, and an arrival with a maneuver chained after it is a waypoint's.
    @Test(arguments: PackFiles.languages) func everyPackSaysAWaypointAsAStopOnTheWay(language: String) throws {
        let composer = try PackFiles.composer(language)
        for type in Self.sides {
            for name in [nil, "Pike Place Market"] {
                let end = Maneuver(type: type, destinationName: name)
                var waypoint = end
                waypoint.isWaypoint = true
                for state in ManeuverState.allCases {
                    let ending = composer.compose(end, state: state, distance: 300)
                    let stop = composer.compose(waypoint, state: state, distance: 300)
                    #expect(stop != ending, "\(language) \(type) \(state): '\(stop)'")
                    if let name { #expect(stop.contains(name), "\(language) \(type) \(state): '\(stop)' drops the waypoint's name") }
                }
                #expect(
                    composer.compose(end, state: .execute, distance: 0, then: Maneuver(type: .leftTurn))
                        .hasPrefix(composer.compose(waypoint, state: .execute, distance: 0)), "\(language) \(type)")
            }
        }
    }

    /// `atWaypoint` belongs to arrivals, says something, and is checked as the arrival's own wording.
    @Test(arguments: [
        ("turns", "{ action: \"turn {side}\", short: \"turn {side}\", atWaypoint: { action: x } }", "maneuvers.turns.atWaypoint", "no arrival"),
        ("arrivals", "{ action: a, short: a, atWaypoint: {} }", "maneuvers.arrivals.atWaypoint", "empty"),
        ("arrivals", "{ action: a, short: a, atWaypoint: { execute: \"at {exit}\" } }", "maneuvers.arrivals.atWaypoint.execute", "{exit}"),
    ])
    func aBadWaypointWordingIsRefused(family: String, entry: String, path: String, message: String) throws {
        var pack = MinimalPack()
        pack.maneuvers[family] = entry
        let error = try #require(throws: PhrasePackError.self) { try pack.pack() }
        #expect(error.path == path && error.description.contains(message), "\(error)")
        pack.maneuvers["arrivals"] = "{ action: a, short: a, atWaypoint: { execute: \"waypoint[ {destination}]\" } }"
        pack.maneuvers["turns"] = MinimalPack().maneuvers["turns"]
        var waypoint = Maneuver(type: .arriveAtDestination, destinationName: "Mill")
        waypoint.isWaypoint = true
        #expect(PhraseComposer(pack: try pack.pack()).compose(waypoint, state: .execute, distance: 0) == "Waypoint Mill")
    }

    @Test func waypointsAreSaidAsNativeAppsSayThem() throws {
        func say(_ language: String, _ type: ManeuverType, _ name: String?, _ state: ManeuverState = .execute) throws -> String {
            var maneuver = Maneuver(type: type, destinationName: name)
            maneuver.isWaypoint = true
            return try PackFiles.composer(language).compose(maneuver, state: state, distance: 300)
        }
        #expect(try say("en-US", .arriveAtDestination, "Pike Place Market") == "You have reached your waypoint, Pike Place Market")
        #expect(try say("en-US", .arriveAtDestinationLeft, nil) == "Your waypoint is on the left")
        #expect(try say("zh", .arriveAtDestination, "颐和园") == "已到达途经点颐和园，继续导航")
        #expect(try say("de", .arriveAtDestination, "Zeche Zollverein", .prepare) == "In 300 Metern erreichen Sie Ihr Zwischenziel: Zeche Zollverein")
        #expect(try say("fr", .arriveAtDestinationRight, "Gare Saint-Charles") == "Votre étape, Gare Saint-Charles, se trouve à droite")
        #expect(try say("es", .arriveAtDestination, "Estación de Chamartín") == "Has llegado a tu parada, la Estación de Chamartín")
        #expect(try say("pl", .arriveAtDestination, nil) == "Jesteś w punkcie pośrednim")
    }
}
