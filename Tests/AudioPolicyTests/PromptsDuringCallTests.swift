import BuiltInPolicy
import Foundation
import PropertyBased
import Testing

@testable import AudioPolicy

/// The user's setting for a client's prompts during a call (tone, voice, off), on top of the style
/// rules; and which verdicts hold a prompt back for the moment.
@Suite struct PromptsDuringCallTests {
    /// Every setting in every situation of Apple's table: with a call, the call proposes the rule's
    /// tone, nothing, or none; without one the setting changes nothing; every other condition holds.
    @Test(arguments: PromptsDuringCall.allCases)
    func theSettingReplacesOnlyWhatTheCallProposes(setting: PromptsDuringCall) {
        for (situation, sources, ruled) in styleCases {
            var e = engine(with: sources)
            _ = e.apply(.promptsDuringCall(app, setting, at: 0.5))
            #expect(e.settings.promptsDuringCall(of: app) == setting)
            let others = sources.filter { $0.kind != .phoneCall }
            let withoutCall = Policy.builtIn.oracle.style(for: app, sources: others, activeSessions: [:])
            let expected: PromptStyle
            if others.count == sources.count {
                expected = ruled
            } else {
                switch setting {
                case .tone: expected = ruled
                case .voice: expected = withoutCall
                case .off: expected = PromptStyle.none
                }
            }
            for purpose in PromptPurpose.allCases {
                #expect(e.promptStyle(for: app, purpose: purpose) == expected, "\(situation), \(setting), \(purpose)")
            }
        }
    }

    @Test func eachClientHasItsOwnSettingAndLosesItWhenItGoes() {
        let other: ClientID = "other-nav"
        var e = engine(with: [Source(id: "c", kind: .phoneCall)])
        #expect(e.settings.promptsDuringCall(of: app) == .tone && e.promptStyle(for: app) == .short)
        _ = e.apply(.promptsDuringCall(app, .voice, at: 0.5))
        #expect(e.promptStyle(for: app) == .normal)
        #expect(e.promptStyle(for: other) == .short && e.settings.promptsDuringCall(of: other) == .tone)
        _ = e.apply(.promptsDuringCall(app, .off, at: 1))
        #expect(e.promptStyle(for: app) == PromptStyle.none)
        // The user's voice-guidance level still caps it: voice during a call, but alerts only.
        _ = e.apply(.promptsDuringCall(app, .voice, at: 1.2))
        _ = e.apply(.voiceGuidance(app, .alertsOnly, at: 1.3))
        #expect(e.promptStyle(for: app, purpose: .instruction) == PromptStyle.none && e.promptStyle(for: app, purpose: .alert) == .normal)
        _ = e.apply(.clientGone(app, at: 2))
        #expect(e.settings.promptsDuringCall(of: app) == .tone)
    }

    /// With voice, a prompt during a call plays as speech mixed with the call (neither paused nor ducked);
    /// with off it is skipped, ducking nothing.
    @Test func voiceSpeaksOverTheCallAndOffSkips() {
        var e = engine(with: [Source(id: "call", kind: .phoneCall)])
        _ = e.apply(.promptsDuringCall(app, .voice, at: 0.5))
        let (spoken, decisions) = e.promptReady(app, at: 1)
        #expect(spoken == .play(.normal))
        #expect(e.state(of: .source("call")) == .playing, "\(decisions)")
        _ = e.apply(.promptFinished(app, nextDueAt: nil, at: 3))
        _ = e.apply(.promptsDuringCall(app, .off, at: 4))
        let (skipped, none) = e.promptReady(app, at: 5)
        guard case .skip(let reason) = skipped else {
            Issue.record("not skipped: \(skipped)")
            return
        }
        #expect(reason.contains("voiceCallActive") && none.isEmpty, "\(reason)")
    }

    /// A tone or nothing in place of the words holds an instruction back; speech, an error, or the
    /// user's own voice-guidance level does not.
    @Test func whichVerdictsHoldAPromptBack() {
        var e = engine(with: [])
        let error = SessionConfigurationError("no session configured")
        #expect(!e.settings.heldBack(.play(.normal), client: app))
        #expect(e.settings.heldBack(.play(.short), client: app))
        #expect(e.settings.heldBack(.skip(reason: "prompt style none: voiceAssistantListening"), client: app))
        #expect(!e.settings.heldBack(.noSession(error), client: app))
        _ = e.apply(.voiceGuidance(app, .alertsOnly, at: 1))
        #expect(!e.settings.heldBack(.skip(reason: "voice guidance alertsOnly"), client: app, purpose: .instruction))
        #expect(e.settings.heldBack(.play(.short), client: app, purpose: .alert))
        _ = e.apply(.voiceGuidance(app, .off, at: 2))
        #expect(!e.settings.heldBack(.play(.short), client: app, purpose: .alert))
    }

    @Test func aBadSettingIsRefusedNamingTheAllowedOnes() throws {
        #expect(try JSONDecoder().decode([PromptsDuringCall].self, from: Data(#"["tone","voice","off"]"#.utf8)) == [.tone, .voice, .off])
        #expect(throws: (any Error).self) { try JSONDecoder().decode([PromptsDuringCall].self, from: Data(#"["whisper"]"#.utf8)) }
        #expect(throws: (any Error).self) { try JSONDecoder().decode([PromptsDuringCall].self, from: Data(#"["Voice"]"#.utf8)) }
    }

    /// Random calls, assistants, voicemails and settings: during a call the style is never louder
    /// than the setting allows (off: none; tone: at most the rule's short), voice never makes it
    /// quieter than it would be without the call, and with no call the setting changes nothing.
    @Test func theSettingNeverMakesACallLouderThanItAllows() async {
        let kinds: [Source] = [
            Source(id: "call", kind: .phoneCall), Source(id: "listen", kind: .voiceAssistant, activity: .listening),
            Source(id: "speak", kind: .voiceAssistant, activity: .speaking), Source(id: "vm", kind: .spokenAudio, activity: .voicemail),
            Source(id: "radio", kind: .fmRadio), Source(id: "nav", kind: .nativeNavigation),
        ]
        await propertyCheck(count: 300, input: Gen.bool.array(of: kinds.count...kinds.count), Gen.int(in: 0...2)) { present, settingIndex in
            let setting = PromptsDuringCall.allCases[settingIndex]
            let sources = zip(kinds, present).filter(\.1).map(\.0)
            var e = engine(with: sources)
            _ = e.apply(.promptsDuringCall(app, setting, at: 1))
            let style = e.promptStyle(for: app)
            // The conditions as the engine sees them: a source another one stopped (the radio stops a voicemail) counts for nothing.
            let playing = sources.filter { e.state(of: .source($0.id)) != .stopped }
            let conditions = Policy.builtIn.oracle.conditions(for: app, sources: playing, activeSessions: [:])
            let ruled = Policy.builtIn.oracle.style(given: conditions)
            let withoutCall = Policy.builtIn.oracle.style(given: conditions.subtracting([.voiceCallActive]))
            if !conditions.contains(.voiceCallActive) {
                #expect(style == ruled)
            } else {
                switch setting {
                case .off: #expect(style == PromptStyle.none)
                case .tone: #expect(style == ruled && style <= .short)
                case .voice: #expect(style == withoutCall)
                }
            }
        }
    }
}
