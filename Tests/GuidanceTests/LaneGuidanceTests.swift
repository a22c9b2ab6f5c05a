import PropertyBased
import Testing

@testable import Guidance

@Suite struct LaneGuidanceTests {
    func lanes(_ statuses: LaneStatus...) -> [Lane] { statuses.map { Lane(angle: 0, status: $0)! } }

    @Test func preferredLanesAtTheLeft() {
        #expect(LaneGuidance(lanes: lanes(.preferred, .preferred, .good, .notGood)) == LaneGuidance(position: .left, count: 2))
    }

    @Test func goodLanesCountWhenNoneIsPreferred() {
        #expect(LaneGuidance(lanes: lanes(.notGood, .good)) == LaneGuidance(position: .right, count: 1))
        #expect(LaneGuidance(lanes: lanes(.notGood, .good, .good, .notGood)) == LaneGuidance(position: .middle, count: 2))
    }

    @Test func nothingToSay() {
        #expect(LaneGuidance(lanes: []) == nil)
        #expect(LaneGuidance(lanes: lanes(.good, .good)) == nil, "every lane is fine")
        #expect(LaneGuidance(lanes: lanes(.notGood, .notGood)) == nil, "no lane is fine")
        #expect(LaneGuidance(lanes: lanes(.good, .notGood, .good)) == nil, "lanes apart")
    }

    @Test func packsWordLaneAdvice() throws {
        let us = try PackFiles.composer("en-US")
        #expect(us.lanePhrase(LaneGuidance(position: .left, count: 2)) == "use the left two lanes")
        #expect(us.lanePhrase(LaneGuidance(position: .right, count: 1)) == "use the right lane")
        #expect(us.lanePhrase(LaneGuidance(position: .middle, count: 4)) == "use the middle 4 lanes")
        let de = try PackFiles.composer("de")
        #expect(de.lanePhrase(LaneGuidance(position: .right, count: 2)) == "die beiden rechten Spuren benutzen")
    }

    @Test func adviceAlwaysNamesRecommendedLanesSideBySide() async {
        let statuses = Gen.element(of: LaneStatus.allCases).map { $0! }.array(of: 1...8)
        await propertyCheck(count: 300, input: statuses) { statuses in
            let lanes = statuses.map { Lane(angle: 0, status: $0)! }
            guard let advice = LaneGuidance(lanes: lanes) else { return }
            let wanted: LaneStatus = statuses.contains(.preferred) ? .preferred : .good
            let start =
                switch advice.position {
                case .left: 0
                case .right: lanes.count - advice.count
                case .middle: statuses.firstIndex(of: wanted)!
                }
            #expect(advice.count < lanes.count)
            #expect(statuses[start..<start + advice.count].allSatisfy { $0 == wanted })
            #expect(statuses.filter { $0 == wanted }.count == advice.count)
        }
    }
}
