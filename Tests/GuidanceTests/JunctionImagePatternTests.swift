import PropertyBased
import Testing

@testable import Guidance

/// Apple's junction-image pattern: a second maneuver that only carries a junction picture (and no
/// instruction, road, route or exit) is shown on the first one's card; it is never a "then" and never
/// a prompt of its own. It brings its lanes, as a lane picture does.
@Suite struct JunctionImagePatternTests {
    static let junctionFields = CarPlayDisplayField.allCases.filter(\.isJunctionImage)

    /// What a CarPlay app sends to show a junction image: the picture, no instruction.
    static func junctionOnly(_ field: CarPlayDisplayField = .junctionImage, lanes: [Lane] = []) -> Maneuver {
        Maneuver(type: .straightAhead, lanes: lanes, carPlayDisplay: [field: .text("junction-a7-exit-12")])
    }

    @Test func onlyTheTwoJunctionPicturesAreJunctionImages() {
        #expect(Self.junctionFields == [.junctionImage, .dashboardJunctionImage])
    }

    @Test(arguments: junctionFields)
    func aJunctionImageWithoutInstructionIsNotAManeuver(field: CarPlayDisplayField) {
        #expect(Self.junctionOnly(field).isJunctionImageOnly)
        #expect(Self.junctionOnly(field).isDisplayOnly)
        #expect(!Self.junctionOnly(field).isLaneGuidanceOnly, "no symbol: not lane guidance, still display-only")
    }

    /// Every way of having something to say makes it a maneuver again, whatever picture it has.
    @Test(arguments: junctionFields)
    func anythingToSayMakesItAManeuver(field: CarPlayDisplayField) {
        var said: [Maneuver] = []
        var instruction = Self.junctionOnly(field)
        instruction.instructionVariants = ["Exit 12"]
        said.append(instruction)
        for variants in CarPlayDisplayField.allCases where variants.shape == .texts && variants.rawValue.contains("nstructionVariants") {
            var displayed = Self.junctionOnly(field)
            displayed.carPlayDisplay[variants] = .texts(["Exit 12"])
            said.append(displayed)
        }
        var road = Self.junctionOnly(field)
        road.roadName = "A7"
        var route = Self.junctionOnly(field)
        route.routeNumber = "A7"
        var exit = Self.junctionOnly(field)
        exit.exitNumber = "12"
        said += [road, route, exit]
        #expect(said.count == 9)
        for maneuver in said {
            #expect(!maneuver.isJunctionImageOnly && !maneuver.isDisplayOnly, "\(maneuver)")
        }
        // Empty variants are no instruction; other display fields (a label, a symbol) change nothing.
        var empty = Self.junctionOnly(field)
        empty.instructionVariants = []
        empty.carPlayDisplay[.dashboardInstructionVariants] = .texts([])
        empty.carPlayDisplay[.highwayExitLabel] = .text("12")
        #expect(empty.isJunctionImageOnly)
        // Without any picture there is no pattern: a bare maneuver is a maneuver.
        #expect(!Maneuver(type: .straightAhead).isDisplayOnly)
        #expect(!Maneuver(type: .straightAhead, carPlayDisplay: [.highwayExitLabel: .text("12")]).isDisplayOnly)
    }

    @Test func theJunctionManeuverIsNeverChained() throws {
        let composer = try PackFiles.composer("en-US")
        let exit = Maneuver(type: .offRamp, exitNumber: "12", towards: "Airport")
        let alone = composer.compose(exit, state: .initial, distance: 800)
        #expect(alone == "In a half mile, take exit 12 toward Airport")
        #expect(composer.compose(exit, state: .initial, distance: 800, then: Self.junctionOnly()) == alone)
        #expect(composer.compose(exit, state: .execute, distance: 20, then: Self.junctionOnly(.dashboardJunctionImage)) == "Take exit 12 toward Airport")
        // Its lanes are the exit's advice, as a lane picture's would be.
        let withLanes = Self.junctionOnly(lanes: LanePatternTests.rightLane)
        #expect(composer.compose(exit, state: .initial, distance: 800, then: withLanes) == "In a half mile, take exit 12 toward Airport. Use the right lane")
        let fits = composer.compositions(exit, state: .initial, distance: 800, then: withLanes)
        #expect(fits.allSatisfy { !$0.contains("hen") }, "\(fits)")
    }

    @Test func everyPackSaysTheFirstManeuverAsIfTheJunctionWereNotThere() throws {
        for language in PackFiles.languages {
            let composer = try PackFiles.composer(language)
            for type in ManeuverType.allCases {
                for state in ManeuverState.allCases {
                    let maneuver = Maneuver(type: type, roadName: "Main St.")
                    #expect(
                        composer.compose(maneuver, state: state, distance: 400, then: Self.junctionOnly())
                            == composer.compose(maneuver, state: state, distance: 400), "\(language) \(type) \(state)")
                }
            }
        }
    }

    /// Any route mixing junction pictures, lane pictures and maneuvers: no picture is left, the
    /// maneuvers keep their order, and each takes the lanes of the first picture behind it that has any.
    @Test func foldingAnyRouteLeavesOnlyRealManeuvers() async {
        let lanes = Gen.element(of: LaneStatus.allCases).map { $0! }.array(of: 0...3).map { $0.map { Lane(angle: 0, status: $0)! } }
        let kind = Gen.int(in: 0...2)  // 0 a maneuver, 1 a junction picture, 2 a lane picture
        await propertyCheck(count: 300, input: zip(kind, lanes).array(of: 0...12)) { entries in
            let route = entries.enumerated().map { index, entry in
                let (kind, lanes) = entry
                let maneuver =
                    kind == 0
                    ? Maneuver(type: .leftTurn, lanes: lanes) : kind == 1 ? Self.junctionOnly(lanes: lanes) : LanePatternTests.laneOnly(lanes: lanes)
                return (id: index, maneuver: maneuver)
            }
            let folded = LanePattern.fold(route)
            #expect(folded.map(\.id) == entries.indices.filter { entries[$0].0 == 0 }, "\(entries)")
            for kept in folded {
                let own = route[kept.id].maneuver.lanes
                let pictures = route[(kept.id + 1)...].prefix { $0.maneuver.isDisplayOnly }
                let expected = own.isEmpty ? pictures.first { !$0.maneuver.lanes.isEmpty }?.maneuver.lanes ?? [] : own
                #expect(kept.maneuver.lanes == expected, "\(entries)")
            }
        }
    }
}
