import BuiltInPolicy
import PropertyBased
import Testing

@testable import AudioPolicy

/// CarPlay: a navigation app may record only while its voice-control template is shown, and no
/// prompt plays over the user's speech there.
let recorder = SessionConfiguration(category: .playAndRecord)

private func recordingViolations(_ e: PolicyEngine, _ client: ClientID = app) -> Int {
    e.audit.violations(of: client, rule: .recordingInCar).count
}

@Test func recordingInsideTheTemplateIsNotAuditedAndOutsideItIs() {
    var e = engine(with: [], configuration: recorder)
    _ = e.apply(.voiceControlScreen(app, shown: true, at: 1))
    #expect(e.apply(.activate(app, at: 1.2)).contains(.sessionActivated(app)))
    _ = e.apply(.deactivate(app, notifyOthers: true, at: 1.8))
    #expect(recordingViolations(e) == 0)
    _ = e.apply(.voiceControlScreen(app, shown: false, at: 2))
    #expect(recordingViolations(e) == 0, "hidden after the recording ended")

    let outside = e.apply(.activate(app, at: 3))
    #expect(recordingViolations(e) == 1)
    #expect(outside.contains { if case .violation(let v) = $0 { v.rule == .recordingInCar } else { false } })
}

@Test func hidingTheTemplateWhileStillRecordingIsAudited() {
    var e = engine(with: [], configuration: recorder)
    _ = e.apply(.voiceControlScreen(app, shown: true, at: 1))
    _ = e.apply(.activate(app, at: 1.1))
    let hidden = e.apply(.voiceControlScreen(app, shown: false, at: 1.5))
    #expect(recordingViolations(e) == 1)
    let detail = e.audit.violations(of: app, rule: .recordingInCar).first?.detail ?? ""
    #expect(detail.contains("hidden"), "\(detail)")
    #expect(hidden.count == 1)
}

/// A voice search lasts as long as the user speaks: inside its template the microphone is its audio
/// for `activation.voiceInputCap` (10 s), so the idle cap does not cut it; once the template is
/// hidden, the cap runs.
@Test func aVoiceSearchInItsTemplateIsNotCutByTheIdleCap() {
    var e = engine(with: [Source(id: "radio", kind: .fmRadio)], configuration: recorder)
    #expect(e.policy.voiceInputCap == 10)
    _ = e.apply(.voiceControlScreen(app, shown: true, at: 1))
    #expect(e.apply(.activate(app, at: 1.1)).contains(.sessionActivated(app)))
    #expect(e.nextDeadline == 1.1 + e.policy.voiceInputCap, "the voice input's end is the next moment to look")
    _ = e.apply(.tick(at: 9))
    #expect(e.activeClients == [app] && e.audit.violations.isEmpty, "\(e.audit.violations)")
    #expect(e.state(of: radio) == .paused)
    _ = e.apply(.voiceControlScreen(app, shown: false, at: 10))
    #expect(recordingViolations(e) == 1)
    let capped = e.apply(.tick(at: 10 + e.policy.idleCap + 0.01))
    #expect(capped.contains(.sessionDeactivated(app, .idleCap)), "\(capped)")
    #expect(e.audit.violations(of: app, rule: .activeWithoutAudioPastCap).count == 1)
    #expect(e.activeClients.isEmpty && e.state(of: radio) == .playing)
}

/// The CarPlay rule: a voice-based app holds its session only while its voice features are in use.
/// A recording session left active in a template left shown: its microphone counts as audio for the
/// voice input cap, then the session is idle and the idle cap ends it, audited, and the radio it
/// paused plays again; until then, nothing. A session the client ends first is not audited.
@Test func aVoiceSearchLeftOpenInItsTemplateIsEndedByTheIdleCapAfterItsVoiceInput() {
    var e = engine(with: [Source(id: "radio", kind: .fmRadio)], configuration: recorder)
    let cap = e.policy.voiceInputCap
    let idle = e.policy.idleCap
    _ = e.apply(.voiceControlScreen(app, shown: true, at: 1))
    _ = e.apply(.activate(app, at: 2))
    #expect(e.apply(.tick(at: 2 + cap)).isEmpty, "the voice input's end changes nothing at once")
    #expect(e.activeClients == [app] && e.state(of: radio) == .paused)
    #expect(e.nextDeadline == 2 + cap + idle)
    #expect(e.apply(.tick(at: 2 + cap + idle - 0.01)).isEmpty)
    let ended = e.apply(.tick(at: 2 + cap + idle))
    #expect(ended.contains(.sessionDeactivated(app, .idleCap)), "\(ended)")
    let audited = e.audit.violations(of: app, rule: .activeWithoutAudioPastCap)
    #expect(audited.count == 1 && audited.first?.detail.contains("voice-control template") == true, "\(audited)")
    #expect(e.activeClients.isEmpty && e.state(of: radio) == .playing)
    #expect(recordingViolations(e) == 0, "recording inside the template is allowed")

    // Ended by its client within its voice input: nothing audited.
    var quick = engine(with: [Source(id: "radio", kind: .fmRadio)], configuration: recorder)
    _ = quick.apply(.voiceControlScreen(app, shown: true, at: 1))
    _ = quick.apply(.activate(app, at: 2))
    _ = quick.apply(.deactivate(app, notifyOthers: true, at: 2 + cap - 1))
    _ = quick.apply(.tick(at: 2 + cap + idle + 1))
    #expect(quick.audit.violations.isEmpty && quick.activeClients.isEmpty && quick.state(of: radio) == .playing)
}

@Test func anActiveSessionReconfiguredToRecordOutsideTheTemplateIsAudited() {
    var e = engine(with: [], configuration: .init(category: .playback, options: .mixWithOthers))
    _ = e.apply(.activate(app, at: 1))
    _ = e.apply(.configure(app, recorder, at: 1.2))
    #expect(recordingViolations(e) == 1)
    // Inside the template the same change is allowed.
    var inside = engine(with: [], configuration: .init(category: .playback, options: .mixWithOthers))
    _ = inside.apply(.voiceControlScreen(app, shown: true, at: 0.5))
    _ = inside.apply(.activate(app, at: 1))
    _ = inside.apply(.configure(app, recorder, at: 1.2))
    #expect(recordingViolations(inside) == 0)
}

@Test func noPromptPlaysWhileAnyClientShowsTheTemplate() {
    let other: ClientID = "voice-search"
    var e = engine(with: [Source(id: "radio", kind: .fmRadio)])
    _ = e.apply(.voiceControlScreen(other, shown: true, at: 1))
    #expect(e.promptStyle(for: app) == .none)
    #expect(e.promptStyle(for: other) == .none)
    let held = e.apply(.promptReady(app, at: 2))
    #expect(held == [.skipPrompt(app, why: "prompt style none: voiceControlShown")])
    #expect(e.activeClients.isEmpty && e.state(of: radio) == .playing, "a prompt held back ducks nothing")
    _ = e.apply(.voiceControlScreen(other, shown: false, at: 3))
    #expect(e.promptStyle(for: app) == .normal)
    #expect(e.apply(.promptReady(app, at: 4)).contains(.playPrompt(app, .normal)))
}

@Test func aClientThatGoesTakesItsTemplateWithIt() {
    var e = engine(with: [])
    _ = e.apply(.voiceControlScreen(app, shown: true, at: 1))
    _ = e.apply(.clientGone(app, at: 2))
    #expect(e.promptStyle(for: "other") == .normal)
}

/// Random runs of one client showing and hiding its template, recording or not, activating and
/// deactivating: each time it starts recording outside the template that step is audited, and a
/// step that leaves the template shown records no recording violation.
@Test func everyRecordingOutsideTheTemplateIsAuditedAsItBegins() async {
    let configurations: [SessionConfiguration] = [recorder, .voicePrompt, .init(category: .record)]
    await propertyCheck(count: 300, input: Gen.int(in: 0...99_999).array(of: 1...60)) { steps in
        var e = PolicyEngine(policy: .builtIn)
        var time = 0.0
        for n in steps {
            time += Double(n / 7 % 30) * 0.1
            let input: PolicyInput =
                switch n % 7 {
                case 0: .voiceControlScreen(app, shown: true, at: time)
                case 1: .voiceControlScreen(app, shown: false, at: time)
                case 2: .configure(app, configurations[n / 7 % configurations.count], at: time)
                case 3: .activate(app, at: time)
                case 4: .deactivate(app, notifyOthers: true, at: time)
                case 5: .promptReady(app, at: time)
                default: .tick(at: time)
                }
            let outsideBefore = recordsOutside(e)
            let decisions = e.apply(input)
            let audited = decisions.contains { if case .violation(let v) = $0 { v.rule == .recordingInCar } else { false } }
            if recordsOutside(e) && !outsideBefore { #expect(audited, "recording outside the template began unaudited at \(input)") }
            if e.showsVoiceControl(app) { #expect(!audited, "audited while the template is shown: \(input)") }
        }
    }
}

/// Whether the client's session is active, records, and its template is not shown.
private func recordsOutside(_ e: PolicyEngine) -> Bool {
    e.activeClients.contains(app) && e.configurations[app]?.records == true && !e.showsVoiceControl(app)
}
