import AudioPolicy
import RPC
import Synchronization
import Testing

@testable import Engine

/// The policy loop's and the focus lane's own guarantees, without an engine: jobs carried out one
/// at a time in the order handed, and nothing sent after the end left waiting.
@Suite struct PolicyLoopTests {
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

    @Test func everyQuestionSentAfterTheLoopHasEndedIsAnsweredAtOnce() async {
        let loop = PolicyLoop()
        loop.finish()
        let gate = PolicyLoopGate(loop: loop)
        let carried = await loop.decide { .tick(at: $0) }
        #expect(carried.decisions.isEmpty)
        let grant = await gate.promptReady(ClientID("nav"), purpose: .instruction, toneless: false)
        #expect(grant.verdict == .skip(reason: "the engine has stopped"))
        #expect(await gate.expectedStyle(for: ClientID("nav"), purpose: .instruction) == PromptStyle.none)
        #expect(await gate.promptFinished(ClientID("nav"), anotherWaiting: false) == nil)
        await gate.duckDeeper(by: -6)
        // Work on the sources still runs, alone: nothing is left to order it with.
        #expect(await loop.carryOut { 42 } == 42)
    }

    @Test func commandsAreTakenInTheOrderSent() async {
        let loop = PolicyLoop()
        let taken = Trace()
        for n in 0..<100 { loop.send(.carryOut { taken.note("\(n)") }) }
        loop.finish()
        for await command in loop.commands {
            guard case .carryOut(let job) = command else { continue }
            await job()
        }
        #expect(taken.all == (0..<100).map(String.init))
    }
}
