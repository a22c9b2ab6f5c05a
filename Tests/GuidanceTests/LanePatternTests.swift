import PropertyBased
import Testing

@testable import Guidance

/// Apple's lane pattern: a second maneuver with a symbol and no instruction is lane advice for the
/// first, never a "then" and never a maneuver of its own.
@Suite struct LanePatternTests {
    static let rightLane = [Lane(angle: 0, status: .notGood)!, Lane(angle: 0, status: .notGood)!, Lane(angle: 45, status: .preferred)!]

    /// What a CarPlay app sends for lane guidance: the lane picture as a symbol set, no instruction.
    static func laneOnly(lanes: [Lane] = rightLane, symbol: CarPlayDisplayField = .symbolSet) -> Maneuver {
        let value: CarPlayDisplayValue =
            symbol == .symbolSet ? .imageSet(CarPlayImageSet(lightContentImage: "lanes-light", darkContentImage: "lanes-dark")) : .text("lanes")
        return Maneuver(type: .straightAhead, lanes: lanes, carPlayDisplay: [symbol: value])
    }

    @Test(arguments: CarPlayDisplayField.allCases.filter(\.isSymbol))
    func aSymbolWithoutInstructionIsLaneGuidance(symbol: CarPlayDisplayField) {
        #expect(Self.laneOnly(symbol: symbol).isLaneGuidanceOnly)
        #expect(Self.laneOnly(lanes: [], symbol: symbol).isLaneGuidanceOnly, "a picture VoxNav cannot read is still not a maneuver")
    }

    @Test func anythingToSayMakesItAManeuver() {
        var withInstruction = Self.laneOnly()
        withInstruction.instructionVariants = ["Turn left"]
        var withDashboardInstruction = Self.laneOnly()
        withDashboardInstruction.carPlayDisplay[.dashboardInstructionVariants] = .texts(["Left"])
        var withRoad = Self.laneOnly()
        withRoad.roadName = "Main St."
        var withExit = Self.laneOnly()
        withExit.exitNumber = "4"
        var withoutSymbol = Self.laneOnly()
        withoutSymbol.carPlayDisplay = [.highwayExitLabel: .text("Exit 4")]
        for maneuver in [withInstruction, withDashboardInstruction, withRoad, withExit, withoutSymbol, Maneuver(type: .leftTurn)] {
            #expect(!maneuver.isLaneGuidanceOnly, "\(maneuver)")
        }
        // Empty variants are no instruction.
        var emptyVariants = Self.laneOnly()
        emptyVariants.carPlayDisplay[.notificationInstructionVariants] = .texts([])
        #expect(emptyVariants.isLaneGuidanceOnly)
    }

    @Test func theLaneManeuverIsSaidAsLaneAdviceNotAsThen() throws {
        let composer = try PackFiles.composer("en-US")
        let turn = Maneuver(type: .rightTurn, roadName: "Solar Cir.")
        let text = composer.compose(turn, state: .initial, distance: 250, then: Self.laneOnly())
        #expect(text == "In 800 feet, turn right onto Solar Circle. Use the right lane")
        // A real second maneuver is still chained.
        let chained = composer.compose(turn, state: .initial, distance: 250, then: Maneuver(type: .leftTurn))
        #expect(chained == "In 800 feet, turn right onto Solar Circle. Then turn left")
        // The first maneuver's own lanes win over the picture's.
        var ownLanes = turn
        ownLanes.lanes = [Lane(angle: -45, status: .preferred)!, Lane(angle: 0, status: .notGood)!]
        #expect(
            composer.compose(ownLanes, state: .prepare, distance: 100, then: Self.laneOnly()) == "In 300 feet, turn right onto Solar Circle. Use the left lane")
        // Shortened for time, the lane advice goes first and no "then" comes back.
        let fits = composer.compositions(turn, state: .initial, distance: 250, then: Self.laneOnly())
        #expect(fits.first == text && fits.allSatisfy { !$0.contains("Then") }, "\(fits)")
    }

    @Test func everyPackSaysTheLaneManeuverAsTheFirstOnesLanes() throws {
        for language in PackFiles.languages {
            let composer = try PackFiles.composer(language)
            for type in ManeuverType.allCases {
                for state in ManeuverState.allCases {
                    let turn = Maneuver(type: type, roadName: "Main St.")
                    var withLanes = turn
                    withLanes.lanes = Self.rightLane
                    #expect(
                        composer.compose(turn, state: state, distance: 400, then: Self.laneOnly())
                            == composer.compose(withLanes, state: state, distance: 400), "\(language) \(type) \(state)")
                }
            }
        }
    }

    @Test func aRouteFoldsEachLaneManeuverIntoTheOneBefore() {
        let turn = Maneuver(type: .rightTurn)
        let keep = Maneuver(type: .keepLeft, lanes: [Lane(angle: 0, status: .good)!])
        let folded = LanePattern.fold([
            (id: "lanes0", maneuver: Self.laneOnly()), (id: "m1", maneuver: turn), (id: "m1-lanes", maneuver: Self.laneOnly()),
            (id: "m2", maneuver: keep), (id: "m2-lanes", maneuver: Self.laneOnly()),
        ])
        #expect(folded.map(\.id) == ["m1", "m2"])
        #expect(folded[0].maneuver.lanes == Self.rightLane)
        #expect(folded[1].maneuver.lanes == keep.lanes)
    }

    /// Any route, any mix of lane-only maneuvers: none is left, the others keep their order, and
    /// each gets the lanes of the first lane picture behind it that has any, unless it has its own.
    @Test func foldingAnyRouteLeavesOnlyRealManeuversWithTheirAdvice() async {
        let lanes = Gen.element(of: LaneStatus.allCases).map { $0! }.array(of: 0...4).map { $0.map { Lane(angle: 0, status: $0)! } }
        let entry = zip(Gen.bool, lanes, Gen.element(of: [ManeuverType.leftTurn, .keepRight, .roundaboutExit2, .offRamp]).map { $0! })
        await propertyCheck(count: 300, input: entry.array(of: 0...12)) { entries in
            let route = entries.enumerated().map { index, entry in
                let (isLaneOnly, lanes, type) = entry
                return (id: index, maneuver: isLaneOnly ? Self.laneOnly(lanes: lanes) : Maneuver(type: type, lanes: lanes))
            }
            let folded = LanePattern.fold(route)
            #expect(folded.allSatisfy { !$0.maneuver.isLaneGuidanceOnly })
            #expect(folded.map(\.id) == route.filter { !$0.maneuver.isLaneGuidanceOnly }.map(\.id))
            for kept in folded {
                let own = route[kept.id].maneuver.lanes
                let pictures = route[(kept.id + 1)...].prefix { $0.maneuver.isLaneGuidanceOnly }
                let expected = own.isEmpty ? pictures.first { !$0.maneuver.lanes.isEmpty }?.maneuver.lanes ?? [] : own
                #expect(kept.maneuver.lanes == expected, "\(entries)")
            }
        }
    }
}
