import BuiltInPolicy
import Testing

@testable import AudioPolicy

/// The hold after a prompt (`ramps.hold`, 0.3 s built in): the session deactivates at once, what it
/// ducked or paused waits for the hold, and a prompt within it takes the ducks over as they are: no
/// rise and fall of the music between back-to-back prompts. Pure tests.
@Suite struct RestoreHoldTests {
    static let other: ClientID = "other-app"

    /// The app's prompt played from 1 s to 3 s over the radio; the radio is still ducked.
    static func afterAPrompt(policy: Policy = .builtIn) -> PolicyEngine {
        var e = engine(with: [Source(id: "radio", kind: .fmRadio)], policy: policy)
        _ = e.apply(.promptReady(app, at: 1))
        #expect(e.apply(.promptFinished(app, nextDueAt: nil, at: 3)) == [.sessionDeactivated(app, .finished)])
        return e
    }

    @Test func theBuiltInHoldIsUnderASecond() {
        #expect(Policy.builtIn.ramps.hold == 0.3)
        #expect(Policy.builtIn.ramps.hold <= Ramps.maximumHold)
    }

    @Test func thePromptThatFollowsWithinTheHoldTakesTheDuckOverAsItIs() {
        var e = Self.afterAPrompt()
        #expect(e.isReleasing(app))
        // 200 ms later: a new activation, and no duck event (the radio never moved).
        #expect(e.apply(.promptReady(app, at: 3.2)) == [.sessionActivated(app), .playPrompt(app, .normal)])
        #expect(!e.isReleasing(app))
        #expect(e.state(of: radio) == .ducked(dB: -15))
        // The first hold's deadline passes: nothing happens, the second prompt holds the radio.
        #expect(e.apply(.tick(at: 3.4)) == [])
        #expect(e.apply(.promptFinished(app, nextDueAt: nil, at: 5)) == [.sessionDeactivated(app, .finished)])
        #expect(e.apply(.tick(at: 5.3)) == [.focus(.restored(radio, ramp: 0.2))])
    }

    /// A program that runs a command per prompt is a new client each time (Navit's `voxnav say`).
    @Test func anotherClientsPromptWithinTheHoldTakesItOverTooAndTheHoldOutlivesItsClient() {
        var e = Self.afterAPrompt()
        _ = e.apply(.clientGone(app, at: 3.05))
        #expect(e.isReleasing(app))
        _ = e.apply(.configure(Self.other, .voicePrompt, at: 3.1))
        #expect(e.apply(.promptReady(Self.other, at: 3.2)) == [.sessionActivated(Self.other), .playPrompt(Self.other, .normal)])
        #expect(e.apply(.tick(at: 3.3)) == [])
        #expect(!e.isReleasing(app))
        #expect(e.state(of: radio) == .ducked(dB: -15))
        _ = e.apply(.promptFinished(Self.other, nextDueAt: nil, at: 4))
        #expect(e.apply(.tick(at: 4.3)) == [.focus(.restored(radio, ramp: 0.2))])
        #expect(e.participants().map(\.id) == [radio])
    }

    @Test func thePausedPodcastResumesOnlyAfterTheHold() {
        var e = engine(with: [Source(id: "podcast", kind: .spokenAudio)])
        _ = e.apply(.promptReady(app, at: 1))
        _ = e.apply(.promptFinished(app, nextDueAt: nil, at: 2))
        #expect(e.state(of: podcast) == .paused)
        #expect(e.apply(.promptReady(app, at: 2.25)) == [.sessionActivated(app), .playPrompt(app, .normal)])
        _ = e.apply(.promptFinished(app, nextDueAt: nil, at: 3))
        #expect(e.apply(.tick(at: 3.3)) == [.focus(.interruptionEnded(podcast, shouldResume: true))])
    }

    @Test func aClientsOwnDeactivationTheIdleCapAndAHoldOfZeroRestoreAtOnce() {
        var asked = engine(with: [Source(id: "radio", kind: .fmRadio)])
        _ = asked.apply(.activate(app, at: 1))
        #expect(asked.apply(.deactivate(app, notifyOthers: true, at: 1.5)) == [.sessionDeactivated(app, .clientRequest), .focus(.restored(radio, ramp: 0.2))])

        var capped = engine(with: [Source(id: "radio", kind: .fmRadio)])
        _ = capped.apply(.activate(app, at: 1))
        #expect(capped.apply(.tick(at: 3)).contains(.focus(.restored(radio, ramp: 0.2))))
        #expect(capped.releasing.isEmpty)

        var noHold = Policy.builtIn
        noHold.ramps.hold = 0
        var e = engine(with: [Source(id: "radio", kind: .fmRadio)], policy: noHold)
        _ = e.apply(.promptReady(app, at: 1))
        #expect(e.apply(.promptFinished(app, nextDueAt: nil, at: 3)) == [.sessionDeactivated(app, .finished), .focus(.restored(radio, ramp: 0.2))])
    }

    @Test func nothingDuckedNothingHeld() {
        var e = engine(with: [])
        _ = e.apply(.promptReady(app, at: 1))
        _ = e.apply(.promptFinished(app, nextDueAt: nil, at: 2))
        #expect(e.releasing.isEmpty)
        #expect(e.nextDeadline == nil)
    }

    /// The releasing session makes no sound: a call during the hold is told nothing about it, and
    /// the radio does what the call says; once the hold ends it follows the call alone.
    @Test func aCallDuringTheHoldTellsTheReleasingSessionNothing() {
        var e = Self.afterAPrompt()
        let call = e.apply(.sourceStarted(Source(id: "call", kind: .phoneCall), at: 3.1))
        let aboutTheSession = call.filter { if case .focus(let event) = $0, case .session = event.participant { true } else { false } }
        #expect(aboutTheSession.isEmpty, "\(call)")
        #expect(!call.contains { if case .sessionDeactivated = $0 { true } else { false } })
        let radioDuringCall = e.state(of: radio)
        _ = e.apply(.tick(at: 3.3))
        #expect(e.releasing.isEmpty)
        #expect(e.state(of: radio) == radioDuringCall)
        var withoutPrompt = engine(with: [Source(id: "radio", kind: .fmRadio)])
        _ = withoutPrompt.apply(.sourceStarted(Source(id: "call", kind: .phoneCall), at: 3.1))
        #expect(e.state(of: radio) == withoutPrompt.state(of: radio))
    }

    /// Its limits are checked with the other keys' (`PolicyFileTests.invalidPolicyPointsAtTheOffendingKey`).
    @Test func theHoldIsReadFromAPolicyFileAndWrittenBack() throws {
        let policy = try Policy.parse(yaml: "ramps:\n  hold: 0.5\n", over: .builtIn)
        #expect(policy.ramps.hold == 0.5)
        #expect(try Policy.parse(completeYAML: policy.yaml) == policy)
    }
}
