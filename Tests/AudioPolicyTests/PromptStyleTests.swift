import BuiltInPolicy
import Testing

@testable import AudioPolicy

/// Apple's table (docs/POLICY.md, "Prompt style"): each situation and the style it must give.
let styleCases: [(String, [Source], PromptStyle)] = [
    ("nothing else going on", [], .normal),
    ("music and radio only", [Source(id: "m", kind: .music), Source(id: "r", kind: .fmRadio)], .normal),
    ("a podcast", [Source(id: "p", kind: .spokenAudio)], .normal),
    ("the assistant listening", [Source(id: "s", kind: .voiceAssistant, activity: .listening)], .none),
    ("the assistant speaking", [Source(id: "s", kind: .voiceAssistant, activity: .speaking)], .short),
    ("voicemail playback", [Source(id: "v", kind: .spokenAudio, activity: .voicemail)], .short),
    ("a voice call", [Source(id: "c", kind: .phoneCall)], .short),
    ("a call and the assistant listening", [Source(id: "c", kind: .phoneCall), Source(id: "s", kind: .voiceAssistant, activity: .listening)], .none),
    ("a chime", [Source(id: "b", kind: .vehicleChime)], .normal),
    ("a chime and the car's guidance", [Source(id: "b", kind: .vehicleChime), Source(id: "n", kind: .nativeNavigation)], .none),
]

@Test(arguments: styleCases.indices)
func promptStyleFollowsApplesRules(index: Int) {
    let (situation, sources, expected) = styleCases[index]
    #expect(Policy.builtIn.oracle.style(for: "app", sources: sources, activeSessions: [:]) == expected, "\(situation)")
}

@Test(arguments: PromptCondition.allCases)
func eachConditionAloneGivesItsRulesStyle(condition: PromptCondition) {
    let oracle = Policy.builtIn.oracle
    let expected: PromptStyle =
        switch condition {
        case .voiceAssistantListening, .otherSessionRecording, .nativeNavigationGuiding, .voiceControlShown: .none
        case .voiceAssistantSpeaking, .voicemailPlaying, .voiceCallActive: .short
        }
    #expect(oracle.style(given: [condition]) == expected)
}

@Test func onlyAnotherClientsRecordingCounts() {
    let oracle = Policy.builtIn.oracle
    let recorder = SessionConfiguration(category: .record)
    #expect(oracle.style(for: "app", sources: [], activeSessions: ["dictation": recorder]) == .none)
    #expect(oracle.style(for: "app", sources: [], activeSessions: ["app": recorder]) == .normal)
    #expect(oracle.style(for: "app", sources: [], activeSessions: ["other-nav": .voicePrompt]) == .normal)
}

@Test func rulesAreOverridable() {
    var rules = Policy.builtIn.promptStyle
    rules.rules[.voiceCallActive] = .normal
    rules.rules[.nativeNavigationGuiding] = nil
    let oracle = PromptStyleOracle(rules: rules)
    #expect(oracle.style(given: [.voiceCallActive]) == .normal)
    #expect(oracle.style(given: [.nativeNavigationGuiding, .voiceCallActive]) == .normal)
    rules.rules[.voiceCallActive] = PromptStyle.none  // not Optional.none
    #expect(PromptStyleOracle(rules: rules).style(given: [.voiceCallActive]) == .none)
    let quiet = PromptStyleOracle(rules: PromptStyleRules(rules: [:], otherwise: .short))
    #expect(quiet.style(given: []) == .short)
}

@Test func quietestStyleWins() {
    #expect(PromptStyle.none < .short && PromptStyle.short < .normal)
    #expect(Policy.builtIn.oracle.style(given: Set(PromptCondition.allCases)) == .none)
}
