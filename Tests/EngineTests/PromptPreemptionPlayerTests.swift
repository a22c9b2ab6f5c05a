import AudioPolicy
import Guidance
import Prompts
import RPC
import Testing

@testable import Engine
@testable import EngineTime

/// A more urgent prompt cuts a playing one short, as the policy's `preemption:` says; the one cut
/// short ends `interrupted` and is queued again when it can still be said.
@Suite struct PromptPreemptionPlayerTests {
    typealias Rig = PromptPlayerTests.Rig
    static let nav = PromptPlayerTests.nav

    @Test func anImportantPromptInterruptsALowOneWhichIsQueuedAgain() async throws {
        let rig = await Rig(preemption: .builtIn)
        let low = try await rig.queue("Continue for nine miles", priority: .low)
        await rig.output.waitUntilPlaying(1)
        let important = try await rig.queue("Turn left now", priority: .important)
        let interrupted = try await low.outcome()
        #expect(interrupted.result == .interrupted)
        #expect(interrupted.reason?.contains("interrupted by \(important.id)") == true, "\(String(describing: interrupted.reason))")
        #expect(rig.output.cancelled == 1, "the playing prompt was faded out (cancelled, on an output without sound)")
        await rig.output.waitUntilPlaying(2)
        rig.output.drain()
        #expect(try await important.outcome().result == .finished)
        // Queued again under a new id, after the important one.
        let again = try #require(interrupted.reason?.split(separator: " ").last.map(String.init))
        #expect(interrupted.reason?.contains("queued again as \(again)") == true)
        await rig.output.waitUntilPlaying(3)
        rig.output.drain()
        let started = rig.log.all.filter { $0.type == .promptStarted }.compactMap(\.text)
        #expect(started == ["Continue for nine miles", "Turn left now", "Continue for nine miles"])
        #expect(rig.log.types(of: low.id) == ["prompt.queued", "prompt.started", "prompt.interrupted"])
        for _ in 0..<1000 where rig.log.types(of: PromptID(rawValue: again)).count < 3 { await Task.yield() }
        #expect(rig.log.types(of: PromptID(rawValue: again)) == ["prompt.queued", "prompt.started", "prompt.finished"])
        // The session lingered over the cut: the policy heard another prompt was waiting.
        let finished = await rig.gate.calls.compactMap { if case .finished(_, let waiting) = $0 { waiting } else { nil } }
        #expect(finished.first == true)
    }

    /// A prompt whose client does not want it said again (a speech-dispatcher client's message:
    /// SSIP ends it CANCELED) ends interrupted, and only the newcomer is said.
    @Test func aPromptNotToBeSaidAgainIsNotQueuedAgainWhenOutranked() async throws {
        let rig = await Rig(preemption: .builtIn)
        var options = PromptOptions(priority: .low)
        options.saidAgainWhenOutranked = false
        let low = try await rig.player.enqueue(
            client: Self.nav, candidates: [Wording(text: "Continue for nine miles")], voice: "en", options: options, receivedAt: .now
        ).0
        await rig.output.waitUntilPlaying(1)
        let important = try await rig.queue("Turn left now", priority: .important)
        let interrupted = try await low.outcome()
        #expect(interrupted.result == .interrupted)
        #expect(interrupted.reason?.contains("not queued again: its client does not want it said again") == true, "\(String(describing: interrupted.reason))")
        await rig.output.waitUntilPlaying(2)
        rig.output.drain()
        #expect(try await important.outcome().result == .finished)
        let queued = rig.log.all.filter { $0.type == .promptQueued }.compactMap(\.text)
        #expect(queued == ["Continue for nine miles", "Turn left now"])
    }

    @Test func anImportantPromptWaitsForANormalOneAndGoesNext() async throws {
        let rig = await Rig(preemption: .builtIn)
        let normal = try await rig.queue("In 300 meters turn right")
        await rig.output.waitUntilPlaying(1)
        let low = try await rig.queue("Continue for nine miles", priority: .low)
        let important = try await rig.queue("Turn left now", priority: .important)
        #expect(rig.output.cancelled == 0)
        for count in 2...3 {
            rig.output.drain()
            await rig.output.waitUntilPlaying(count)
        }
        rig.output.drain()
        #expect(try await normal.outcome().result == .finished)
        #expect(try await important.outcome().result == .finished)
        #expect(try await low.outcome().result == .finished)
        let started = rig.log.all.filter { $0.type == .promptStarted }.compactMap(\.text)
        #expect(started == ["In 300 meters turn right", "Turn left now", "Continue for nine miles"])
    }

    /// On the simulated clock, so that the prompt surely starts before its deadline and is cut after it.
    @Test func aPromptCutShortIsNotQueuedAgainPastItsDeadline() async throws {
        let clock = EngineClock(.virtual)
        let rig = await Rig(clock: clock, preemption: .builtIn)
        // Ten words: one second of audio; its deadline passes while it plays.
        let low = try await rig.queue("one two three four five six seven eight nine ten", priority: .low, deadline: 0.5)
        try await clock.advance(to: 0.6)
        let important = try await rig.queue("Turn left now", priority: .important)
        try await clock.advance(to: 3)
        let outcome = try await low.outcome()
        #expect(outcome.result == .interrupted)
        #expect(outcome.reason?.contains("not queued again: its deadline has passed") == true, "\(String(describing: outcome.reason))")
        #expect(try await important.outcome().result == .finished)
        #expect(await rig.player.status == (waiting: 0, playing: false))
    }

    @Test func aPromptCutShortIsNotQueuedAgainWhenANewerOneSaysItsManeuver() async throws {
        let rig = await Rig(preemption: .builtIn)
        let low = try await rig.queue("Continue for nine miles", priority: .low, key: "m1")
        await rig.output.waitUntilPlaying(1)
        // A newer prompt for the same maneuver waits (it will say it), and then the alert cuts in.
        let newer = try await rig.queue("Continue for eight miles", priority: .low, key: "m1")
        _ = try await rig.queue("Turn left now", priority: .important)
        let outcome = try await low.outcome()
        #expect(outcome.reason?.contains("not queued again: a newer prompt for its maneuver waits") == true, "\(String(describing: outcome.reason))")
        await rig.output.waitUntilPlaying(2)
        rig.output.drain()
        await rig.output.waitUntilPlaying(3)
        rig.output.drain()
        #expect(try await newer.outcome().result == .finished)
    }

    @Test func withoutARuleNothingIsInterrupted() async throws {
        let rig = await Rig(preemption: PromptPreemption())
        let low = try await rig.queue("Continue for nine miles", priority: .low)
        await rig.output.waitUntilPlaying(1)
        let important = try await rig.queue("Turn left now", priority: .important)
        rig.output.drain()
        await rig.output.waitUntilPlaying(2)
        rig.output.drain()
        #expect(try await low.outcome().result == .finished)
        #expect(try await important.outcome().result == .finished)
        #expect(rig.output.cancelled == 0)
    }
}
