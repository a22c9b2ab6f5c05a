import AudioPolicy
import Guidance
import RPC
import Testing

@testable import Engine

/// A call that starts while a guidance instruction speaks cuts it with the preemption fade; it ends
/// `interrupted`, is not queued again, and the guidance hears that it was held back.
@Suite struct GuidanceCutPlayerTests {
    typealias Rig = PromptPlayerTests.Rig
    static let nav = PromptPlayerTests.nav

    func guidanceManeuver(_ rig: Rig, _ text: String, key: String) async throws -> PromptTicket {
        var options = PromptOptions(priority: .normal, key: key)
        options.fromGuidance = true
        return try await rig.player.enqueue(
            client: Self.nav, candidates: [Wording(text: text)], voice: "en", isManeuver: true, options: options, receivedAt: .now
        ).0
    }

    @Test func aSpeakingGuidanceInstructionIsCutAndHeldBackNotRequeued() async throws {
        let rig = await Rig()
        let ticket = try await guidanceManeuver(rig, "In half a mile turn right onto Solar Circle", key: "m1")
        await rig.output.waitUntilPlaying(1)
        await rig.player.cutGuidance(silenced: [Self.nav], reason: "a call started")
        let outcome = try await ticket.outcome()
        #expect(outcome.result == .interrupted)
        #expect(outcome.reason?.hasPrefix("interrupted: a call started") == true, "\(String(describing: outcome.reason))")
        #expect(rig.output.cancelled == 1, "faded out (cancelled, on an output without sound)")
        while await rig.gate.endings.isEmpty { await Task.yield() }
        #expect(await rig.gate.endings == [.heldBack(key: "m1")])
        // Not queued again: nothing waits or plays.
        #expect(await rig.player.status == (waiting: 0, playing: false))
        #expect(rig.log.types(of: ticket.id) == ["prompt.queued", "prompt.started", "prompt.interrupted"])
    }

    @Test func onlyAGuidanceInstructionOfASilencedClientIsCut() async throws {
        let rig = await Rig()
        // Text the client queued itself: not guidance, never cut.
        let text = try await rig.queue("Your destination is near")
        await rig.output.waitUntilPlaying(1)
        await rig.player.cutGuidance(silenced: [Self.nav], reason: "a call started")
        rig.output.drain()
        #expect(try await text.outcome().result == .finished)
        // A guidance instruction of a client whose prompts are still spoken (voice during calls): not cut.
        let spoken = try await guidanceManeuver(rig, "Turn right now", key: "m2")
        await rig.output.waitUntilPlaying(2)
        await rig.player.cutGuidance(silenced: ["someone-else"], reason: "a call started")
        rig.output.drain()
        #expect(try await spoken.outcome().result == .finished)
        while await rig.gate.endings.isEmpty { await Task.yield() }
        #expect(await rig.gate.endings == [.heard])
        #expect(rig.output.cancelled == 0)
    }

    /// A tone in place of the words (the verdict holds it back) is remembered as held back; speech is heard.
    @Test func aToneInsteadOfTheWordsIsHeldBack() async throws {
        let rig = await Rig()
        await rig.gate.set(.play(.short), expecting: .short, heldBack: true, for: Self.nav)
        let tone = try await guidanceManeuver(rig, "In 300 meters turn right", key: "m3")
        await rig.output.waitUntilPlaying(1)
        rig.output.drain()
        let outcome = try await tone.outcome()
        #expect(outcome.result == .finished && outcome.style == .short)
        while await rig.gate.endings.isEmpty { await Task.yield() }
        #expect(await rig.gate.endings == [.heldBack(key: "m3")])
    }
}
