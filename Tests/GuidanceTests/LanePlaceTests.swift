import PropertyBased
import Testing

@testable import Guidance

/// Lane advice where the statuses alone cannot word it: one lane in the middle of four or more is
/// counted from the nearer side ("use the second lane from the left"), and where the statuses
/// recommend every lane or lanes apart, the lanes' angles choose those leading the maneuver's way.
@Suite struct LanePlaceTests {
    static func lanes(_ statuses: LaneStatus...) -> [Lane] { statuses.map { Lane(angle: 0, status: $0)! } }
    static func lanes(_ pairs: [(Double, LaneStatus)]) -> [Lane] { pairs.map { Lane(angle: $0.0, status: $0.1)! } }

    @Test func oneLaneInTheMiddleIsCountedFromTheNearerSide() {
        #expect(LaneGuidance(lanes: Self.lanes(.notGood, .preferred, .notGood, .notGood)) == .init(position: .middle, count: 1, counted: .init(.fromLeft, 2)))
        #expect(LaneGuidance(lanes: Self.lanes(.notGood, .notGood, .good, .notGood)) == .init(position: .middle, count: 1, counted: .init(.fromRight, 2)))
        #expect(
            LaneGuidance(lanes: Self.lanes(.notGood, .notGood, .preferred, .notGood, .notGood, .notGood))
                == .init(position: .middle, count: 1, counted: .init(.fromLeft, 3)))
        // The exact middle, and the middle of three, are "the middle lane".
        #expect(LaneGuidance(lanes: Self.lanes(.notGood, .notGood, .preferred, .notGood, .notGood)) == .init(position: .middle, count: 1))
        #expect(LaneGuidance(lanes: Self.lanes(.notGood, .good, .notGood)) == .init(position: .middle, count: 1))
        // Several lanes side by side stay "the middle two".
        #expect(LaneGuidance(lanes: Self.lanes(.notGood, .good, .good, .notGood, .notGood)) == .init(position: .middle, count: 2))
    }

    /// Every single lane of every road of 1 to 12 lanes: the advice names exactly that lane.
    @Test(arguments: 1...12)
    func everySingleLaneIsNamedExactly(total: Int) {
        for index in 0..<total {
            let lanes = (0..<total).map { Lane(angle: 0, status: $0 == index ? .preferred : .notGood)! }
            guard let advice = LaneGuidance(lanes: lanes) else {
                #expect(total == 1, "only a road of one lane has nothing to advise")
                continue
            }
            #expect(advice.count == 1)
            switch (advice.position, advice.counted) {
            case (.left, nil): #expect(index == 0)
            case (.right, nil): #expect(index == total - 1)
            case (.middle, nil): #expect(index * 2 == total - 1, "the exact middle: \(index) of \(total)")
            case (.middle, let counted?) where counted.side == .fromLeft:
                #expect(counted.place - 1 == index && counted.place < total - index)
            case (.middle, let counted?): #expect(total - counted.place == index && counted.place < index + 1)
            default: Issue.record("\(advice) for lane \(index) of \(total)")
            }
        }
    }

    @Test func anglesChooseWhereEveryLaneIsFine() {
        let rightOnly = Self.lanes([(0, .good), (0, .good), (90, .good)])
        #expect(LaneGuidance(lanes: rightOnly) == nil, "the statuses alone cannot choose")
        #expect(LaneGuidance(lanes: rightOnly, toward: .right) == .init(position: .right, count: 1))
        #expect(LaneGuidance(lanes: rightOnly, toward: .straight) == .init(position: .left, count: 2))
        #expect(LaneGuidance(lanes: rightOnly, toward: .left) == nil, "no lane leads left")
        let fourWay = Self.lanes([(-90, .good), (0, .good), (10, .good), (45, .good)])
        #expect(LaneGuidance(lanes: fourWay, toward: .straight) == .init(position: .middle, count: 2))
        #expect(LaneGuidance(lanes: fourWay, toward: .left) == .init(position: .left, count: 1))
        // Fine lanes apart: the angles choose among them; a lane not fine is never chosen.
        let apart = Self.lanes([(-45, .good), (0, .notGood), (0, .notGood), (45, .good)])
        #expect(LaneGuidance(lanes: apart) == nil)
        #expect(LaneGuidance(lanes: apart, toward: .right) == .init(position: .right, count: 1))
        #expect(LaneGuidance(lanes: Self.lanes([(90, .notGood), (0, .good), (0, .good)]), toward: .right) == .init(position: .right, count: 2))
        // The statuses win wherever they choose.
        #expect(LaneGuidance(lanes: Self.lanes([(0, .preferred), (90, .notGood)]), toward: .right) == .init(position: .left, count: 1))
        // One lane the angles chose, in the middle of four: counted.
        let second = Self.lanes([(0, .good), (-30, .good), (0, .good), (0, .good)])
        #expect(LaneGuidance(lanes: second, toward: .left) == .init(position: .middle, count: 1, counted: .init(.fromLeft, 2)))
    }

    @Test func anAngleLeadsStraightWithinTwentyDegrees() {
        let cases: [(Double, LaneGuidance.Direction)] = [
            (-180, .left), (-21, .left), (-20, .straight), (0, .straight), (20, .straight), (21, .right), (180, .right),
        ]
        for (angle, direction) in cases { #expect(LaneGuidance.Direction(angle: angle) == direction, "\(angle)") }
    }

    @Test func eachManeuverTypeLeadsItsWay() {
        for type in ManeuverType.allCases {
            let expected: LaneGuidance.Direction? =
                switch type.family {
                case .straight: .straight
                case .turns, .sharpTurns, .slightTurns, .turnsAtEnd, .keeps, .highwayOffRamps, .highwayChanges:
                    type.side == .left ? .left : type.side == .right ? .right : nil
                default: nil
                }
            #expect(type.laneDirection == expected, "\(type)")
        }
        #expect(ManeuverType.changeHighway.laneDirection == nil, "no side")
        #expect(ManeuverType.arriveAtDestinationLeft.laneDirection == nil, "the destination's side is not a lane's")
    }

    /// Any lanes, any direction: advice names some but not all lanes, side by side, each of them
    /// recommended by its status, and one counted lane is exactly one lane off both edges.
    @Test func anyAdviceNamesRecommendedLanesSideBySide() async {
        let lane = zip(Gen.element(of: LaneStatus.allCases).map { $0! }, Gen.element(of: [-135.0, -90, -30, 0, 15, 45, 90, 180]).map { $0! })
        let direction = Gen.element(of: [LaneGuidance.Direction.left, .straight, .right, nil]).map { $0! }
        await propertyCheck(count: 400, input: zip(lane.array(of: 1...9), direction)) { pairs, direction in
            let lanes = pairs.map { Lane(angle: $0.1, status: $0.0)! }
            guard let advice = LaneGuidance(lanes: lanes, toward: direction) else { return }
            let wanted: LaneStatus = lanes.contains { $0.status == .preferred } ? .preferred : .good
            let start: Int =
                switch (advice.position, advice.counted) {
                case (.left, _): 0
                case (.right, _): lanes.count - advice.count
                case (.middle, let counted?): counted.side == .fromLeft ? counted.place - 1 : lanes.count - counted.place
                case (.middle, nil): (lanes.count - advice.count) / 2
                }
            #expect(advice.count < lanes.count && start >= 0 && start + advice.count <= lanes.count, "\(pairs) \(advice)")
            guard start >= 0, start + advice.count <= lanes.count else { return }
            let named = lanes[start..<start + advice.count]
            if advice.position == .middle && advice.counted == nil {
                // "The middle …" names a block of recommended lanes not at an edge.
                #expect(
                    lanes.indices.contains { i in i > 0 && i + advice.count < lanes.count && lanes[i..<i + advice.count].allSatisfy { $0.status == wanted } })
            } else {
                #expect(named.allSatisfy { $0.status == wanted }, "\(pairs) \(advice)")
            }
            if advice.counted != nil { #expect(advice.count == 1 && lanes.count >= 4 && start > 0 && start < lanes.count - 1) }
        }
    }

    static let secondFromLeft: [String: String] = [
        "en-US": "use the second lane from the left", "en-GB": "use the second lane from the left",
        "de": "die zweite Spur von links benutzen", "fr": "prenez la deuxième voie en partant de la gauche",
        "es": "usa el segundo carril por la izquierda", "it": "usa la seconda corsia da sinistra",
        "nl": "gebruik de tweede rijstrook van links", "pl": "jedź drugim pasem od lewej", "cs": "jeďte druhým pruhem zleva",
        "sv": "använd andra körfältet från vänster", "pt-BR": "use a segunda faixa da esquerda", "zh": "请走左侧第二条车道",
    ]

    @Test func everyPackCountsALaneFromEitherSide() throws {
        #expect(Set(Self.secondFromLeft.keys) == Set(PackFiles.languages))
        for language in PackFiles.languages {
            let composer = try PackFiles.composer(language)
            #expect(composer.lanePhrase(.init(position: .middle, count: 1, counted: .init(.fromLeft, 2))) == Self.secondFromLeft[language], "\(language)")
            for side in LaneGuidance.Side.allCases {
                for place in 2...9 {
                    let said = composer.lanePhrase(.init(position: .middle, count: 1, counted: .init(side, place)))
                    #expect(said != composer.lanePhrase(.init(position: .middle, count: 1)) && !said.contains("{"), "\(language) \(side) \(place)")
                }
            }
        }
        let spanish = try PackFiles.composer("es")
        #expect(spanish.lanePhrase(.init(position: .middle, count: 1, counted: .init(.fromRight, 3))) == "usa el tercer carril por la derecha")
    }

    @Test func theAdviceIsSaidInThePrompt() throws {
        let composer = try PackFiles.composer("en-US")
        let turn = Maneuver(type: .rightTurn, lanes: Self.lanes(.notGood, .preferred, .notGood, .notGood), roadName: "Solar Cir.")
        #expect(composer.compose(turn, state: .initial, distance: 250) == "In 800 feet, turn right onto Solar Circle. Use the second lane from the left")
        let byAngle = Maneuver(type: .rightTurn, lanes: Self.lanes([(0, .good), (0, .good), (90, .good)]))
        #expect(composer.compose(byAngle, state: .prepare, distance: 100) == "In 300 feet, turn right. Use the right lane")
        let german = try PackFiles.composer("de")
        var goethe = turn
        goethe.roadName = "Goethestraße"
        #expect(
            german.compose(goethe, state: .initial, distance: 250) == "In 250 Metern rechts auf die Goethestraße abbiegen. Die zweite Spur von links benutzen")
    }

    @Test func aPackWithoutTheCountedWordingSaysTheMiddleLane() throws {
        let yaml = try PackFiles.yaml("en-US").replacingOccurrences(of: "  fromLeft: \"use the {ordinal} lane from the left\"\n", with: "")
        let composer = PhraseComposer(pack: try PhrasePack(yaml: yaml))
        #expect(composer.lanePhrase(.init(position: .middle, count: 1, counted: .init(.fromLeft, 2))) == "use the middle lane")
        #expect(composer.lanePhrase(.init(position: .middle, count: 1, counted: .init(.fromRight, 2))) == "use the second lane from the right")
    }

    @Test func aBadCountedWordingIsRefused() throws {
        let base = try PackFiles.yaml("en-US")
        let line = "  fromLeft: \"use the {ordinal} lane from the left\""
        #expect(base.contains(line))
        for (bad, message) in [
            ("  fromLeft: \"use the lane from the left\"", "{ordinal}"), ("  fromLeft: \"[use the {ordinal} lane from the left]\"", "{ordinal}"),
            ("  fromLeft: \"use the {count} lane\"", "unknown placeholder"), ("  fromLeft: \"use the {ordinal:dative} lane\"", "form"),
            ("  fromTheLeft: \"use the {ordinal} lane\"", "fromTheLeft"),
        ] {
            do {
                _ = try PhrasePack(yaml: base.replacingOccurrences(of: line, with: bad))
                Issue.record("accepted \(bad)")
            } catch {
                #expect(error.path.hasPrefix("lanes"), "\(error)")
                #expect(error.description.contains(message), "\(error)")
            }
        }
    }
}
