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

    /// Which task a job ran in.
    @TaskLocal static var caller = "another task"

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

    /// A grant's job on an idle lane runs in the caller's own task (no hand-off to the lane's), and
    /// a job handed while it runs waits for its second part, which the lane runs.
    @Test func aJobHandedNowToAnIdleLaneRunsInTheCallersTaskAndKeepsItsPlace() async throws {
        let lane = FocusLane()
        let trace = Trace()
        let (release, releaser) = AsyncStream.makeStream(of: Void.self)
        await withDiscardingTaskGroup { group in
            group.addTask { await lane.run() }
            // The caller's task is marked: the first part must see the mark, the lane's task would not.
            Self.$caller.withValue("the caller's task") {
                group.addTask {
                    await lane.submitNow {
                        trace.note("first part in \(Self.caller)")
                        for await _ in release { break }
                        return { trace.note("second part") }
                    }
                    trace.note("caller answered")
                }
            }
            while trace.all.isEmpty { await Task.yield() }
            await lane.submit { trace.note("later job") }
            try? await Task.sleep(for: .milliseconds(50))
            #expect(trace.all == ["first part in the caller's task"], "a later job overtook the first part: \(trace.all)")
            releaser.yield()
            while trace.all.count < 4 { await Task.yield() }
            lane.finish()
        }
        // The caller is answered after the first part; the second and the later job run in the lane, in order.
        #expect(trace.all.first == "first part in the caller's task")
        #expect(trace.all.filter { $0 != "caller answered" } == ["first part in the caller's task", "second part", "later job"])
    }

    /// While a job runs in the lane, a job handed "now" takes its turn after it, in the lane.
    @Test func aJobHandedNowToABusyLaneWaitsItsTurn() async throws {
        let lane = FocusLane()
        let trace = Trace()
        let (release, releaser) = AsyncStream.makeStream(of: Void.self)
        await withDiscardingTaskGroup { group in
            group.addTask { await lane.run() }
            await lane.submit {
                trace.note("first begins")
                for await _ in release { break }
                trace.note("first ends")
            }
            while trace.all.isEmpty { await Task.yield() }
            group.addTask {
                await lane.submitNow {
                    trace.note("now, first part")
                    return { trace.note("now, second part") }
                }
            }
            try? await Task.sleep(for: .milliseconds(50))
            #expect(trace.all == ["first begins"], "a job handed now ran beside a busy lane's: \(trace.all)")
            releaser.yield()
            while trace.all.count < 4 { await Task.yield() }
            lane.finish()
        }
        #expect(trace.all == ["first begins", "first ends", "now, first part", "now, second part"])
    }

    /// The engine runs on its reconciler's executor, so that handing the `FocusExecutor` a batch and
    /// taking back its answer are calls, not hops between threads: a turn of the engine is in the
    /// reconciler's isolation too (`assumeIsolated` checks the running executor, and traps if not).
    @Test func aTurnOfTheEngineRunsOnItsReconcilersExecutor() async throws {
        let rig = try await EngineRig.start()
        #expect(await rig.engine.turn { engine in Self.onTheReconcilersExecutor(engine) })
        await rig.stop()
    }

    /// Run in a turn of `engine`: true, or a trap if the running executor is not its reconciler's.
    private static func onTheReconcilersExecutor(_ engine: isolated VoxNavEngine) -> Bool {
        engine.focus.assumeIsolated { _ in true }
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
