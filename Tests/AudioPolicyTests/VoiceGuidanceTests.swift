import BuiltInPolicy
import Testing

@testable import AudioPolicy

/// The user's toggle for a client's voice prompts, on top of the style rules: every level, purpose
/// and situation of Apple's table.
@Test(arguments: VoiceGuidance.allCases, PromptPurpose.allCases)
func theLevelCapsTheStyleRulesAnswer(level: VoiceGuidance, purpose: PromptPurpose) {
    for (situation, sources, ruled) in styleCases {
        var e = engine(with: sources)
        _ = e.apply(.voiceGuidance(app, level, at: 0.5))
        let silenced = level == .off || (level == .alertsOnly && purpose == .instruction)
        #expect(e.promptStyle(for: app, purpose: purpose) == (silenced ? .none : ruled), "\(situation)")
        #expect(e.settings.voiceGuidance(of: app) == level)
    }
}

@Test func aSilencedPromptIsSkippedSayingWhyAndDucksNothing() {
    var e = engine(with: [Source(id: "radio", kind: .fmRadio)])
    _ = e.apply(.voiceGuidance(app, .alertsOnly, at: 0.5))
    let (verdict, decisions) = e.promptReady(app, purpose: .instruction, at: 1)
    #expect(verdict == .skip(reason: "voice guidance alertsOnly: the user silenced instructions"))
    #expect(decisions.isEmpty && e.state(of: radio) == .playing)
    let (alert, _) = e.promptReady(app, purpose: .alert, at: 2)
    #expect(alert == .play(.normal))
    #expect(e.state(of: radio) == .ducked(dB: -15))
}

@Test func eachClientHasItsOwnLevelAndLosesItWhenItGoes() {
    let other: ClientID = "other-nav"
    var e = engine(with: [])
    _ = e.apply(.voiceGuidance(app, .off, at: 0.5))
    #expect(e.promptStyle(for: other, purpose: .instruction) == .normal)
    #expect(e.promptStyle(for: app, purpose: .alert) == PromptStyle.none)
    _ = e.apply(.voiceGuidance(app, .all, at: 1))
    #expect(e.promptStyle(for: app, purpose: .instruction) == .normal)
    _ = e.apply(.voiceGuidance(app, .off, at: 1.5))
    _ = e.apply(.clientGone(app, at: 2))
    #expect(e.settings.voiceGuidance(of: app) == .all)
}
