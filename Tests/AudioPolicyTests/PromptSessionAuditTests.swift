import BuiltInPolicy
import PropertyBased
import Testing

@testable import AudioPolicy

/// CarPlay asks a session that plays navigation prompts for mode voicePrompt with duckOthers and
/// interruptSpokenAudioAndMixWithOthers: a prompt played in any other session is audited, with what it lacks.
private func misconfigured(_ e: PolicyEngine, _ client: ClientID = app) -> [Violation] {
    e.audit.violations(of: client, rule: .promptSessionMisconfigured)
}

/// Every possible configuration: each category, mode and set of options the session may have.
let everyPossibleConfiguration: [SessionConfiguration] = SessionCategory.allCases.flatMap { category in
    SessionMode.allCases.flatMap { mode in
        (0..<256).map { bits in SessionConfiguration(category: category, mode: mode, options: SessionOptions(rawValue: UInt8(bits))) }
    }
}.filter { $0.problems.isEmpty }

@Test func aPromptIsAuditedExactlyWhenItsSessionIsNotTheVoicePromptOne() {
    var audited = 0
    for configuration in everyPossibleConfiguration {
        var e = engine(with: [], configuration: configuration)
        let decisions = e.apply(.promptReady(app, at: 1))
        let played = decisions.contains(.playPrompt(app, .normal))
        #expect(played, "\(configuration): a lone prompt plays")
        let wanted =
            configuration.mode != .voicePrompt || !configuration.options.contains(.duckOthers)
            || !configuration.options.contains(.interruptSpokenAudioAndMixWithOthers)
        #expect(misconfigured(e).count == (wanted ? 1 : 0), "\(configuration)")
        if wanted { audited += 1 }
    }
    #expect(audited > 1000 && audited < everyPossibleConfiguration.count, "\(audited) of \(everyPossibleConfiguration.count)")
}

@Test func theDetailSaysWhatIsMissing() {
    var e = engine(with: [], configuration: .init(category: .playback, options: .duckOthers))
    _ = e.apply(.promptReady(app, at: 1))
    let detail = misconfigured(e).first?.detail ?? ""
    #expect(detail.contains("mode voicePrompt") && detail.contains("option interruptSpokenAudioAndMixWithOthers"), "\(detail)")
    #expect(!detail.contains("option duckOthers,"), "\(detail)")
}

@Test func theVoicePromptSessionAndAClientThatConfiguresNothingAreNotAudited() {
    var e = engine(with: [Source(id: "radio", kind: .fmRadio)])
    _ = e.apply(.promptReady(app, at: 1))
    _ = e.apply(.promptFinished(app, nextDueAt: nil, at: 2))
    #expect(e.audit.violations.isEmpty)
}

@Test func aPromptThatDoesNotPlayIsNotAudited() {
    var e = engine(with: [Source(id: "assistant", kind: .voiceAssistant, activity: .listening)], configuration: .init(category: .playback))
    #expect(e.apply(.promptReady(app, at: 1)).contains { if case .skipPrompt = $0 { true } else { false } })
    #expect(misconfigured(e).isEmpty)
}

/// Random runs of prompts and reconfigurations: one violation per configuration change that
/// plays a prompt in a session that is not the voice-prompt one, never more.
@Test func eachConfigurationIsAuditedOncePerClient() async {
    let choices: [SessionConfiguration] = [
        .voicePrompt, .init(category: .playback), .init(category: .playback, options: .duckOthers),
        .init(category: .playback, mode: .spokenAudio, options: [.duckOthers, .interruptSpokenAudioAndMixWithOthers]),
    ]
    await propertyCheck(count: 300, input: Gen.int(in: 0...99_999).array(of: 1...40)) { steps in
        var e = PolicyEngine(policy: .builtIn)
        var time = 0.0
        var expected = 0
        var lastAudited: SessionConfiguration?
        for n in steps {
            time += 0.5
            if n % 3 == 0 {
                _ = e.apply(.configure(app, choices[n / 3 % choices.count], at: time))
                continue
            }
            let before = e.configurations[app] ?? .voicePrompt
            if e.configurations[app] == nil { _ = e.apply(.configure(app, .voicePrompt, at: time)) }
            let decisions = e.apply(.promptReady(app, at: time))
            _ = e.apply(.promptFinished(app, nextDueAt: nil, at: time + 0.1))
            if decisions.contains(.playPrompt(app, .normal)), !before.missingForPrompts.isEmpty, lastAudited != before {
                expected += 1
                lastAudited = before
            }
            #expect(misconfigured(e).count == expected, "after \(steps)")
        }
    }
}
