import BuiltInPolicy
import PropertyBased
import Testing

@testable import AudioPolicy

/// The pre-roll before the first word after an idle gap (`outputs:`): which rule a sink name
/// matches, when an output counts as idle, the file's form, and bad rules refused with their key path.
@Suite struct OutputWakeTests {
    static let car = OutputWake(
        rules: [
            OutputWake.Rule(sink: "bluez_output.*.a2dp-sink", preRoll: 1.5),
            OutputWake.Rule(sink: "bluez_output.*", preRoll: 1),
            OutputWake.Rule(sink: "alsa_output.*hdmi*", preRoll: 0.5),
            OutputWake.Rule(sink: "car", preRoll: 0.25),
        ], idleGap: 5)

    @Test func theFirstRuleWhosePatternMatchesGivesTheSinksPreRoll() {
        let cases: [(String?, Double)] = [
            ("bluez_output.00_11_22_33_44_55.a2dp-sink", 1.5),
            ("bluez_output.00_11_22_33_44_55.handsfree", 1),
            ("bluez_output.", 1),
            ("alsa_output.pci-0000_00_1f.3.hdmi-stereo", 0.5),
            ("alsa_output.hdmi", 0.5),
            ("alsa_output.pci-0000_00_1f.3.analog-stereo", 0),
            ("car", 0.25),
            ("car2", 0),
            ("my car", 0),
            (nil, 0),
        ]
        for (sink, expected) in cases {
            #expect(Self.car.preRoll(forSink: sink) == expected, "\(sink ?? "nil")")
        }
        #expect(OutputWake.builtIn.preRoll(forSink: "bluez_output.x.a2dp-sink") == 0)
        // A catch-all rule also covers a sink whose name is not known.
        #expect(OutputWake(rules: [.init(sink: "*", preRoll: 0.75)]).preRoll(forSink: nil) == 0.75)
    }

    @Test func aPatternMatchesExactlyWhatAGlobWithStarsMatches() async {
        // Against a reference: a pattern of literal pieces joined by `*` matches a name made of those
        // pieces in order with anything between them, and no name that lacks one of them in order.
        let alphabet: [Character] = ["a", "b", ".", "*"]
        await propertyCheck(count: 500, input: Gen.int(in: 0...3).array(of: 0...6), Gen.int(in: 0...2).array(of: 0...8)) { p, n in
            let pattern = p.map { alphabet[$0] }
            let name = n.map { alphabet[$0] }
            let rule = OutputWake.Rule(sink: String(pattern), preRoll: 1)
            #expect(rule.matches(String(name)) == Self.reference(pattern, name), "\(String(pattern)) ~ \(String(name))")
        }
    }

    /// Recursive glob matching: slow, obviously right.
    static func reference(_ pattern: [Character], _ name: [Character]) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        if first == "*" {
            return (0...name.count).contains { reference(Array(pattern.dropFirst()), Array(name.dropFirst($0))) }
        }
        return name.first == first && reference(Array(pattern.dropFirst()), Array(name.dropFirst()))
    }

    @Test func anOutputIsIdleAfterTheGapOrWhenItWasFoundSuspended() {
        let wake = Self.car
        let sink = "car"
        #expect(wake.preRoll(forSink: sink, idleFor: nil) == 0.25, "nothing played yet")
        #expect(wake.preRoll(forSink: sink, idleFor: 5) == 0.25)
        #expect(wake.preRoll(forSink: sink, idleFor: 60) == 0.25)
        #expect(wake.preRoll(forSink: sink, idleFor: 4.99) == 0, "awake: the last prompt ended under 5 s ago")
        #expect(wake.preRoll(forSink: sink, idleFor: 0) == 0)
        #expect(wake.preRoll(forSink: sink, idleFor: 1, suspended: true) == 0.25, "suspended by someone: asleep whatever the gap")
        #expect(wake.preRoll(forSink: "elsewhere", idleFor: nil, suspended: true) == 0, "no rule: no pre-roll")
    }

    @Test func aFileSetsTheRulesWhichRoundTrip() throws {
        let yaml = """
            outputs:
              idleGap: 8
              preRoll:
                - {sink: "bluez_output.*", seconds: 1.5}
                - {sink: car, seconds: 0.5}

            """
        let policy = try Policy.parse(yaml: yaml, over: .builtIn)
        #expect(policy.outputs == OutputWake(rules: [.init(sink: "bluez_output.*", preRoll: 1.5), .init(sink: "car", preRoll: 0.5)], idleGap: 8))
        #expect(try Policy.parse(completeYAML: policy.yaml) == policy)
        // The built-in policy plays no pre-roll, and says so in its file.
        #expect(Policy.builtIn.outputs == .builtIn)
        #expect(try Policy.parse(completeYAML: Policy.builtIn.yaml).outputs == .builtIn)
        // An empty list takes every rule away.
        #expect(try Policy.parse(yaml: "outputs:\n  preRoll: []\n", over: policy).outputs.rules.isEmpty)
    }

    @Test func aBadRuleIsRefusedNamingWhere() {
        let cases: [(String, String, String)] = [
            ("outputs:\n  wake: 1\n", "outputs.wake", "unknown key"),
            ("outputs:\n  idleGap: soon\n", "outputs.idleGap", "expected a number"),
            ("outputs:\n  idleGap: -1\n", "outputs.idleGap", "idle gap must be 0.0…60.0 s"),
            ("outputs:\n  preRoll: car\n", "outputs.preRoll", "expected a list"),
            ("outputs:\n  preRoll:\n    - {sink: car}\n", "outputs.preRoll[0]", "names a sink and its seconds"),
            ("outputs:\n  preRoll:\n    - {sink: car, seconds: 4}\n", "outputs.preRoll[0].seconds", "pre-roll must be 0…3.0 s"),
            ("outputs:\n  preRoll:\n    - {sink: car, seconds: -0.5}\n", "outputs.preRoll[0].seconds", "pre-roll must be"),
            ("outputs:\n  preRoll:\n    - {sink: '', seconds: 1}\n", "outputs.preRoll[0].sink", "empty"),
            ("outputs:\n  preRoll:\n    - {sink: [a], seconds: 1}\n", "outputs.preRoll[0].sink", "expected a sink name"),
            ("outputs:\n  preRoll:\n    - {device: car, seconds: 1}\n", "outputs.preRoll[0].device", "unknown key"),
        ]
        expectRefused(cases)
    }
}
