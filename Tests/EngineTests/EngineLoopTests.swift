import AudioPolicy
import RPC
import Synchronization
import Testing

@testable import Engine

/// The focus lane's own guarantees, without an engine (jobs carried out one at a time in the order
/// handed, and nothing handed after the end left waiting), and the engine's once it has stopped.
@Suite struct EngineLoopTests {
    /// Records what the jobs did, in order.
    final class Trace: Sendable {
        let steps = Mutex<[String]>([])
        func note(_ step: String) { steps.withLock { $0.append(step) } }
        var all: [String] { steps.withLock { $0 } }
    }

    @Test func theLaneCarriesJobsOutOneAtATimeInTheOrderHanded() async throws {
        let lane = FocusLane()
        let trace = Trace()
        let (release, releaser) = AsyncStream.makeStream(of: Void.self)
        await withDiscardingTaskGroup { group in
            group.addTask { await lane.run() }
            // The first job waits (a ramp that takes time); the second is handed while it does.
            await lane.submit {
                trace.note("first begins")
                for await _ in release { break }
                trace.note("first ends")
            }
            await lane.submit { trace.note("second") }
            while trace.all.isEmpty { await Task.yield() }
            try? await Task.sleep(for: .milliseconds(50))
            #expect(trace.all == ["first begins"], "a later job overtook or ran beside an earlier one: \(trace.all)")
            releaser.yield()
            lane.finish()
        }
        #expect(trace.all == ["first begins", "first ends", "second"])
    }

    @Test func aJobHandedToALaneThatHasEndedRunsAtOnce() async {
        let lane = FocusLane()
        lane.finish()
        await lane.run()
        let trace = Trace()
        await lane.submit { trace.note("ran") }
        #expect(trace.all == ["ran"], "no reply may wait for a lane that is gone")
    }

    /// Once the engine has shut down, every question its prompt player could still ask is answered
    /// at once and decides nothing: no session is activated, nothing is ducked after the restore.
    @Test func everyQuestionAskedAfterTheEngineHasStoppedIsAnsweredAtOnceDecidingNothing() async throws {
        let rig = try await EngineRig.withMusic()
        await rig.stop()
        let engine = rig.engine
        let nav = ClientID("nav")
        #expect(await engine.apply { .activate(nav, at: $0) }.decisions.isEmpty)
        let grant = await engine.promptReady(nav, purpose: .instruction, toneless: false) { _ in nil }
        #expect(grant.verdict == .skip(reason: VoxNavEngine.stoppedReason))
        #expect(await engine.expectedStyle(for: nav, purpose: .instruction) == PromptStyle.none)
        #expect(await engine.promptFinished(nav, anotherWaiting: false) == nil)
        await engine.duckDeeper(by: -6)
        await engine.untilReleased(nav)
        #expect(await engine.policy.configurations[nav] == nil, "a session was configured after the end")
        #expect(rig.server.volume(of: EngineRig.music) == EngineRig.own.values, "the music was ducked after the end")
        // Work on the sources still runs, alone: nothing is left to order it with.
        #expect(await engine.carryOut { 42 } == 42)
    }
}
