import BuiltInPolicy
import Testing

@testable import AudioPolicy

/// Which priorities interrupt a playing prompt (`preemption:`): the built-in rule for every pair,
/// the file's form, and a bad rule refused with its key path, changing nothing.
@Suite struct PromptPreemptionTests {
    @Test func theBuiltInRuleIsImportantInterruptsLowOnly() {
        let rule = Policy.builtIn.preemption
        #expect(rule == .builtIn)
        for incoming in PromptPriority.allCases {
            for playing in PromptPriority.allCases {
                let expected = incoming == .important && playing == .low
                #expect(rule.interrupts(playing, for: incoming) == expected, "\(incoming) over a playing \(playing)")
            }
        }
    }

    @Test func aFileChangesOnlyThePrioritiesItNames() throws {
        let policy = try Policy.parse(yaml: "preemption:\n  important: [low, normal]\n  normal: [low]\n", over: .builtIn)
        #expect(policy.preemption.interrupts(.normal, for: .important))
        #expect(policy.preemption.interrupts(.low, for: .important))
        #expect(policy.preemption.interrupts(.low, for: .normal))
        #expect(!policy.preemption.interrupts(.low, for: .low))
        let none = try Policy.parse(yaml: "preemption:\n  important: []\n", over: .builtIn)
        for incoming in PromptPriority.allCases {
            for playing in PromptPriority.allCases { #expect(!none.preemption.interrupts(playing, for: incoming)) }
        }
        // Written out and read again, it is the same rule.
        #expect(try Policy.parse(completeYAML: policy.yaml) == policy)
    }

    @Test func aBadRuleIsRefusedNamingWhere() {
        let cases: [(String, String, String)] = [
            ("preemption:\n  urgent: [low]\n", "preemption.urgent", "unknown key"),
            ("preemption:\n  important: [later]\n", "preemption.important", "unknown priority 'later'"),
            ("preemption:\n  important: low\n", "preemption.important", "expected a list of priorities"),
            ("preemption:\n  low: [important]\n", "preemption.low", "only less urgent"),
            ("preemption:\n  normal: [normal]\n", "preemption.normal", "normal cannot interrupt normal"),
            ("preemption: [important]\n", "preemption", "expected a mapping"),
        ]
        expectRefused(cases)
    }
}
