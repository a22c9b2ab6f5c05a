import PropertyBased
import Testing

@testable import Guidance

/// An app's text read for its timing with each pack's own words (`PhrasePack.timing(of:)`): pure.
@Suite struct TextTimingTests {
    static let turns: [ManeuverType] = [.rightTurn, .leftTurn, .keepLeft, .slightRightTurn, .uTurn]

    /// Every pack's own prepare instruction, as its composer says it at several distances, reads as
    /// that distance ahead; its final instruction (without a road, so that it says its word for now)
    /// reads as now; both have the same key.
    @Test(arguments: PackFiles.languages)
    func eachPacksOwnInstructionsReadAsTheirTiming(language: String) throws {
        let composer = try PackFiles.composer(language)
        let pack = try PackFiles.pack(language)
        for type in Self.turns {
            for meters in [200.0, 500, 800] {
                var maneuver = Maneuver(type: type, state: .prepare, distanceRemaining: meters)
                let prepare = composer.compose(maneuver)
                maneuver.state = .execute
                let execute = composer.compose(maneuver)
                let ahead = try #require(pack.timing(of: prepare), "\(language): '\(prepare)' read as no timing")
                guard case .ahead(let read) = ahead.when else {
                    Issue.record("\(language): '\(prepare)' read as \(ahead.when)")
                    continue
                }
                // What the pack says is rounded (400 m may be a quarter mile).
                #expect(abs(read - meters) <= meters * 0.25, "\(language): '\(prepare)' read as \(read) m, said for \(meters) m")
                let now = try #require(pack.timing(of: execute), "\(language): '\(execute)' read as no timing")
                #expect(now.when == .now, "\(language): '\(execute)'")
                #expect(ahead.key == now.key, "\(language): '\(prepare)' → \(ahead.key), '\(execute)' → \(now.key)")
            }
        }
    }

    @Test func appTextsAsNavigationAppsWriteThem() throws {
        let english = try PackFiles.pack("en-US")
        let prepare = try #require(english.timing(of: "In 200 meters, turn right onto Oak Avenue, then keep left."))
        #expect(prepare.when == .ahead(meters: 200))
        #expect(prepare.key == "text:turn right onto oak avenue")
        let now = try #require(english.timing(of: "Turn right now onto Oak Avenue"))
        #expect(now.when == .now && now.key == prepare.key)
        #expect(english.timing(of: "In 1.5 miles, keep left")?.when == .ahead(meters: 1.5 * 1609.344))
        #expect(english.timing(of: "In a quarter mile, exit right")?.when == .ahead(meters: 0.25 * 1609.344))
        // Words that only contain the timing words are not it.
        #expect(english.timing(of: "Watch for snow within 200 meters") == nil)
        #expect(english.timing(of: "Continue on Main Street") == nil)
        #expect(english.timing(of: "In 200 metersville turn left") == nil)
        let german = try PackFiles.pack("de")
        #expect(german.timing(of: "In 300 Metern rechts abbiegen")?.when == .ahead(meters: 300))
        #expect(german.timing(of: "In 1,5 Kilometern links halten")?.when == .ahead(meters: 1500))
        #expect(german.timing(of: "Jetzt rechts abbiegen")?.when == .now)
        let chinese = try PackFiles.pack("zh")
        #expect(chinese.timing(of: "前方200米右转")?.when == .ahead(meters: 200))
        #expect(chinese.timing(of: "现在右转")?.key == chinese.timing(of: "前方200米右转")?.key)
    }

    @Test func theDeadlineIsShortForNowAndGrowsWithTheDistance() {
        #expect(TextTiming(when: .now, instruction: "x").deadline == 3)
        #expect(TextTiming(when: .ahead(meters: 30), instruction: "x").deadline == 4)
        #expect(TextTiming(when: .ahead(meters: 150), instruction: "x").deadline == 10)
        #expect(TextTiming(when: .ahead(meters: 5000), instruction: "x").deadline == 20)
    }

    /// Whatever the text, reading it ends, and a timing read has a key of letters, digits and spaces.
    @Test func anyTextIsReadWithoutHarm() async throws {
        let pack = try PackFiles.pack("en-US")
        let pieces = Gen.element(of: ["in ", "In", "200", " meters", "now", ",", ".", "1,5", " ", "turn", "右转", "前方", "feet", "a quarter mile"])
            .map { $0! }.array(of: 0...20)
        await propertyCheck(count: 400, input: pieces) { pieces in
            guard let timing = pack.timing(of: pieces.joined()) else { return }
            #expect(timing.instruction.allSatisfy { $0.isLetter || $0.isNumber || $0 == " " })
            #expect(timing.deadline >= 3 && timing.deadline <= 20)
        }
    }
}
