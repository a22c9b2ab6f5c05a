import BuiltInPolicy
import PropertyBased
import Testing

@testable import AudioPolicy

/// The policy holds while a prompt plays (pure tests): the prompt in flight is judged again after
/// every input, and the first input that brings its verdict below the style it was granted gives one
/// `cutPrompt` decision, naming the rule; nothing else cuts it.
@Suite struct PromptCutTests {
    static let nav: ClientID = "nav"
    static let other: ClientID = "other"

    /// A policy with `nav`'s voicePrompt session playing a prompt of `purpose`, granted `style`.
    static func playing(purpose: PromptPurpose = .instruction, setUp: (inout PolicyEngine) -> Void = { _ in }) -> PolicyEngine {
        var engine = PolicyEngine(policy: .builtIn)
        _ = engine.apply(.configure(nav, .voicePrompt, at: 0))
        setUp(&engine)
        let (verdict, _) = engine.promptReady(nav, purpose: purpose, at: 1)
        #expect(verdict == .play(.normal) || verdict == .play(.short), "\(verdict)")
        return engine
    }

    static func cuts(_ decisions: [PolicyDecision]) -> [PromptCut] {
        decisions.compactMap { if case .cutPrompt(let cut) = $0 { cut } else { nil } }
    }

    /// Each change the CarPlay rules name, made while a spoken prompt plays: the cut, its rule, the
    /// style it leaves, and whether the prompt is owed once the moment passes.
    @Test(arguments: [
        (PolicyInput.sourceStarted(Source(id: "siri", kind: .voiceAssistant, activity: .listening), at: 2), PromptCutRule.assistantListening, PromptStyle.none),
        (.sourceStarted(Source(id: "siri", kind: .voiceAssistant, activity: .speaking), at: 2), .assistantSpeaking, .short),
        (.sourceStarted(Source(id: "call", kind: .phoneCall), at: 2), .call, .short),
        (.sourceStarted(Source(id: "vm", kind: .spokenAudio, activity: .voicemail), at: 2), .voicemail, .short),
        (.sourceStarted(Source(id: "car-nav", kind: .nativeNavigation), at: 2), .nativeNavigation, .none),
        (.voiceControlScreen(other, shown: true, at: 2), .voiceControlShown, .none),
        (.voiceGuidance(nav, .off, at: 2), .voiceGuidanceOff, .none),
        (.voiceGuidance(nav, .alertsOnly, at: 2), .voiceGuidanceOff, .none),
    ])
    func aChangeWhileASpokenPromptPlaysCutsItWithItsRule(change: PolicyInput, rule: PromptCutRule, style: PromptStyle) {
        var engine = Self.playing()
        let cuts = Self.cuts(engine.apply(change))
        #expect(cuts == [PromptCut(client: Self.nav, rule: rule, style: style, momentary: rule != .voiceGuidanceOff)])
        #expect(engine.inFlight == nil, "the cut withdraws the grant")
        // Said once: a further change cuts nothing more.
        #expect(Self.cuts(engine.apply(.tick(at: 3))).isEmpty)
        #expect(Self.cuts(engine.apply(.sourceStarted(Source(id: "call-2", kind: .phoneCall), at: 4))).isEmpty)
    }

    /// Another client's session that records (dictation) makes the style none: the cut names recording.
    @Test func anotherClientRecordingCutsThePrompt() {
        var engine = Self.playing()
        _ = engine.apply(.configure(Self.other, SessionConfiguration(category: .playAndRecord, mode: .voiceChat), at: 2))
        let cuts = Self.cuts(engine.apply(.activate(Self.other, at: 2.1)))
        #expect(cuts.map(\.rule) == [.recording] && cuts.first?.style == PromptStyle.none)
    }

    /// A call when the user wants prompts spoken during calls cuts nothing; switching the setting to
    /// off mid-prompt cuts it, as the call.
    @Test func theUsersSettingForCallsDecides() {
        var engine = Self.playing { _ = $0.apply(.promptsDuringCall(Self.nav, .voice, at: 0.5)) }
        #expect(Self.cuts(engine.apply(.sourceStarted(Source(id: "call", kind: .phoneCall), at: 2))).isEmpty)
        let cuts = Self.cuts(engine.apply(.promptsDuringCall(Self.nav, .off, at: 3)))
        #expect(cuts == [PromptCut(client: Self.nav, rule: .call, style: .none, momentary: true)])
    }

    /// A tone (the prompt granted short during a call) is cut only when nothing may play: the
    /// assistant listening, not the call going on or the assistant speaking.
    @Test func aToneIsCutOnlyWhenNothingMayPlay() {
        var engine = Self.playing { _ = $0.apply(.sourceStarted(Source(id: "call", kind: .phoneCall), at: 0.5)) }
        #expect(engine.inFlight?.style == .short)
        #expect(Self.cuts(engine.apply(.sourceStarted(Source(id: "siri", kind: .voiceAssistant, activity: .speaking), at: 2))).isEmpty)
        let cuts = Self.cuts(engine.apply(.sourceChanged("siri", .listening, at: 3)))
        #expect(cuts.map(\.rule) == [.assistantListening])
    }

    /// An alert is not an instruction: alerts only leaves it alone; off cuts it, not owed.
    @Test func alertsOnlyLeavesAnAlertPlaying() {
        var engine = Self.playing(purpose: .alert)
        #expect(Self.cuts(engine.apply(.voiceGuidance(Self.nav, .alertsOnly, at: 2))).isEmpty)
        #expect(Self.cuts(engine.apply(.voiceGuidance(Self.nav, .off, at: 3))).map(\.momentary) == [false])
    }

    /// The condition that came during the prompt is named, not one that already held when it was granted.
    @Test func theCutNamesWhatChanged() {
        // Granted a tone during a call; the assistant then listens: the cut is the assistant's.
        var engine = Self.playing { _ = $0.apply(.sourceStarted(Source(id: "call", kind: .phoneCall), at: 0.5)) }
        let cuts = Self.cuts(engine.apply(.voiceControlScreen(Self.other, shown: true, at: 2)))
        #expect(cuts.map(\.rule) == [.voiceControlShown])
    }

    /// Once the prompt has finished (or its client is gone) nothing is in flight, and no change cuts.
    @Test func nothingIsCutOnceThePromptHasFinished() {
        var engine = Self.playing()
        _ = engine.apply(.promptFinished(Self.nav, nextDueAt: nil, at: 2))
        #expect(engine.inFlight == nil)
        #expect(Self.cuts(engine.apply(.sourceStarted(Source(id: "siri", kind: .voiceAssistant, activity: .listening), at: 3))).isEmpty)
        var gone = Self.playing()
        _ = gone.apply(.clientGone(Self.nav, at: 2))
        #expect(gone.inFlight == nil)
    }

    /// The car's own navigation starting is a decision of its own too: the guidance yields to it.
    @Test func theCarsNavigationStartingIsADecision() {
        var engine = PolicyEngine(policy: .builtIn)
        #expect(engine.apply(.sourceStarted(Source(id: "car-nav", kind: .nativeNavigation), at: 1)).contains(.nativeNavigationTookOver))
        #expect(!engine.apply(.sourceStarted(Source(id: "call", kind: .phoneCall), at: 2)).contains(.nativeNavigationTookOver))
    }
}

/// Random runs of everything that bears on a prompt's style, with prompts granted and finished
/// among them: no prompt plays on, uncut, while the verdict for it is below the style it was granted.
@Suite struct PromptCutPropertyTests {
    static let clients: [ClientID] = ["nav-a", "nav-b"]
    static let sources: [Source] = carSources

    static func input(_ n: Int, at time: Double) -> PolicyInput {
        let client = clients[(n / 700) % clients.count]
        let source = sources[(n / 1300) % sources.count]
        switch n % 17 {
        case 0, 1: return .sourceStarted(source, at: time)
        case 2, 3: return .sourceEnded(source.id, at: time)
        case 4: return .sourceChanged(source.id, [.listening, .speaking][n / 7 % 2], at: time)
        case 5: return .configure(client, Scenario.configurations[n / 50 % Scenario.configurations.count], at: time)
        case 6: return .activate(client, at: time)
        case 7: return .deactivate(client, notifyOthers: n % 3 != 0, at: time)
        case 8, 9, 10: return .promptReady(client, at: time)
        case 11: return .promptFinished(client, nextDueAt: nil, at: time)
        case 12: return .voiceControlScreen(client, shown: n % 2 == 0, at: time)
        case 13: return .voiceGuidance(client, VoiceGuidance.allCases[n / 17 % 3], at: time)
        case 14: return .promptsDuringCall(client, PromptsDuringCall.allCases[n / 17 % 3], at: time)
        case 15: return .clientGone(client, at: time)
        default: return .tick(at: time)
        }
    }

    @Test func noPromptPlaysOnWhileItsVerdictIsQuieterThanItsStyle() async {
        await propertyCheck(count: 400, input: Gen.int(in: 0...99_999).array(of: 1...80)) { steps in
            var engine = PolicyEngine(policy: .builtIn)
            // What the I/O layer sees: the prompt it plays (from `playPrompt`), and whether it was told to cut it.
            var playing: (client: ClientID, style: PromptStyle, cut: Bool)?
            var time = 0.0
            for n in steps {
                time += Double(n / 17 % 40) * 0.1
                let input = Self.input(n, at: time)
                // One prompt plays at a time: a new one is readied only after the last finished.
                if case .promptReady = input, playing != nil { continue }
                let decisions = engine.apply(input)
                if case .promptFinished(let client, _, _) = input, playing?.client == client { playing = nil }
                if case .clientGone(let client, _) = input, playing?.client == client { playing = nil }
                for decision in decisions {
                    switch decision {
                    case .playPrompt(let client, let style): playing = (client, style, false)
                    case .cutPrompt(let cut):
                        #expect(
                            playing?.client == cut.client && playing?.cut == false, "a cut of \(cut.client) with \(String(describing: playing)) after \(input)")
                        playing?.cut = true
                    default: break
                    }
                }
                guard let prompt = playing, !prompt.cut else { continue }
                let verdict = engine.promptStyle(for: prompt.client, purpose: .instruction)
                #expect(verdict >= prompt.style, "\(prompt.client)'s \(prompt.style) prompt plays on at verdict \(verdict) after \(input)")
            }
        }
    }
}
