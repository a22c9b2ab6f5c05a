import BuiltInPolicy
import Testing

@testable import AudioPolicy

/// The hold after a prompt stretches while the next one is known to be coming (`ramps.holdForNext`,
/// 2 s built in; `PolicyInput.promptComing`), and ends as before when none is. Pure tests.
@Suite struct HoldForNextTests {
    @Test func theBuiltInWindowIsTwoSecondsAndIsReadAndWrittenBack() throws {
        #expect(Policy.builtIn.ramps.holdForNext == 2)
        let policy = try Policy.parse(yaml: "ramps:\n  holdForNext: 1.5\n", over: .builtIn)
        #expect(policy.ramps.holdForNext == 1.5)
        #expect(try Policy.parse(completeYAML: policy.yaml) == policy)
        for bad in [-0.1, 3.5] {
            var broken = Policy.builtIn
            broken.ramps.holdForNext = bad
            #expect(broken.problems.map(\.path) == ["ramps.holdForNext"], "\(bad)")
        }
    }

    /// A prompt known to be near (it waits, or is being made) keeps the radio down past the 0.3 s
    /// hold, and takes the duck over as it is when it comes, 1.2 s after the first ended.
    @Test func aPromptKnownToBeNearTakesTheDuckOverAfterTheHold() {
        var e = RestoreHoldTests.afterAPrompt()
        _ = e.apply(.promptComing(at: 3))
        #expect(e.apply(.tick(at: 3.3)) == [])
        #expect(e.apply(.tick(at: 4.1)) == [])
        #expect(e.isReleasing(app))
        #expect(e.apply(.promptReady(app, at: 4.2)) == [.sessionActivated(app), .playPrompt(app, .normal)])
        #expect(e.state(of: radio) == .ducked(dB: -15))
        // Its own end, with nothing near: the plain hold.
        #expect(e.apply(.promptFinished(app, nextDueAt: nil, at: 6)) == [.sessionDeactivated(app, .finished)])
        #expect(e.apply(.tick(at: 6.3)) == [.focus(.restored(radio, ramp: 0.2))])
    }

    /// Told before the prompt's end (a burst, a prompt waiting): the hold that end starts stretches.
    @Test func nearToldBeforeTheEndStretchesTheHoldThatEndStarts() {
        var e = engine(with: [Source(id: "radio", kind: .fmRadio)])
        _ = e.apply(.promptReady(app, at: 1))
        _ = e.apply(.promptComing(at: 2.9))
        _ = e.apply(.promptFinished(app, nextDueAt: nil, at: 3))
        // Told after this prompt's ready, so it stands for the next one: up to 2 s from the end.
        #expect(e.holdEnd(app) == 5)
        #expect(e.apply(.tick(at: 4.9)) == [])
        #expect(e.apply(.tick(at: 5)) == [.focus(.restored(radio, ramp: 0.2))])
    }

    /// However long the prompt takes to come, the hold ends at most `holdForNext` after the prompt's
    /// end, and a restore then is told as any other.
    @Test func theStretchIsCappedAtTheWindow() {
        var e = RestoreHoldTests.afterAPrompt()
        _ = e.apply(.promptComing(at: 3))
        #expect(e.nextDeadline == 5)
        #expect(e.apply(.tick(at: 4.99)) == [])
        #expect(e.apply(.tick(at: 5)) == [.focus(.restored(radio, ramp: 0.2))])
        #expect(e.releasing.isEmpty)
    }

    /// The prompt that was coming has come: the next prompt's end holds only the plain hold, unless
    /// another is told to be coming.
    @Test func aPromptReadyEndsWhatWasComing() {
        var e = RestoreHoldTests.afterAPrompt()
        _ = e.apply(.promptComing(at: 3))
        _ = e.apply(.promptReady(app, at: 3.5))
        #expect(!e.promptComing)
        _ = e.apply(.promptFinished(app, nextDueAt: nil, at: 5))
        #expect(e.holdEnd(app) == 5.3)
    }

    /// The prompt that was coming is refused (its client has no session): nothing is coming any
    /// more, and the hold that waited for it ends at once, after the refusal.
    @Test func aPromptRefusedForWantOfASessionEndsTheHoldThatWaitedForIt() {
        var e = RestoreHoldTests.afterAPrompt()
        _ = e.apply(.promptComing(at: 3))
        #expect(e.apply(.tick(at: 3.5)) == [])
        let stranger = ClientID("stranger")
        let error = SessionConfigurationError("no session configured")
        #expect(
            e.apply(.promptReady(stranger, at: 3.6)) == [
                .configurationRejected(stranger, error), .focus(.restored(radio, ramp: 0.2)),
            ])
        #expect(!e.promptComing && e.releasing.isEmpty)
    }

    /// A program that runs a command per prompt queues the next before the first ends, and goes:
    /// its session lingered after its prompt, and what it ducked is held for the prompt waiting,
    /// which takes it over (it had been restored at once, and ducked again under the next).
    @Test func aClientGoneWhileItsSessionLingersLeavesItsDuckHeldForThePromptWaiting() {
        var e = engine(with: [Source(id: "radio", kind: .fmRadio)])
        _ = e.apply(.promptReady(app, at: 1))
        _ = e.apply(.promptComing(at: 1.1))
        #expect(e.apply(.promptFinished(app, nextDueAt: 2, at: 2)) == [])
        #expect(e.apply(.clientGone(app, at: 2.05)) == [.sessionDeactivated(app, .clientRequest)])
        #expect(e.isReleasing(app))
        _ = e.apply(.configure(RestoreHoldTests.other, .voicePrompt, at: 2.1))
        let next = e.apply(.promptReady(RestoreHoldTests.other, at: 2.3))
        #expect(next == [.sessionActivated(RestoreHoldTests.other), .playPrompt(RestoreHoldTests.other, .normal)])
        #expect(e.state(of: radio) == .ducked(dB: -15))
        // Nothing lingering: a client that goes while its session is active restores at once, as before.
        var asked = engine(with: [Source(id: "radio", kind: .fmRadio)])
        _ = asked.apply(.activate(app, at: 1))
        #expect(asked.apply(.clientGone(app, at: 1.5)) == [.sessionDeactivated(app, .clientRequest), .focus(.restored(radio, ramp: 0.2))])
    }

    /// With `holdForNext` at or under the plain hold, nothing stretches.
    @Test func aWindowUnderTheHoldStretchesNothing() {
        var policy = Policy.builtIn
        policy.ramps.holdForNext = 0
        var e = RestoreHoldTests.afterAPrompt(policy: policy)
        _ = e.apply(.promptComing(at: 3))
        #expect(e.holdEnd(app) == 3.3)
    }
}

/// Whether prompts come in a burst (`PromptCadence`): pure tests.
@Suite struct PromptCadenceTests {
    @Test func aPromptAskedForWhileAnotherIsPendingOrSoonAfterOneEndedIsABurst() {
        var c = PromptCadence(window: 2)
        c.asked(at: 0, pending: false)
        var near = c.ended(at: 1.5)
        #expect(!near, "a first prompt alone is no burst")
        c.asked(at: 3.4, pending: false)
        near = c.ended(at: 5)
        #expect(near, "asked 1.9 s after the last ended")
        c.asked(at: 5.5, pending: true)
        near = c.ended(at: 7)
        #expect(near)
        c.asked(at: 9.1, pending: false)
        near = c.ended(at: 10)
        #expect(!near, "asked 2.1 s after the last ended: the burst is over")
        c.asked(at: 10.2, pending: true)
        near = c.ended(at: 11)
        #expect(near, "asked while another played")
    }

    @Test func aWindowOfZeroKnowsOnlyWhatIsPending() {
        var c = PromptCadence(window: 0)
        c.asked(at: 0, pending: false)
        var near = c.ended(at: 1)
        #expect(!near)
        c.asked(at: 1.01, pending: false)
        near = c.ended(at: 2)
        #expect(!near)
        c.asked(at: 2.5, pending: true)
        near = c.ended(at: 3)
        #expect(near)
    }
}
