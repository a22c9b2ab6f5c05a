import AudioTestSupport
import ClientGuidance
import Engine
import Foundation
import Guidance
import RPC
import Synchronization
import Testing

/// `guidance.start` while the client's guidance runs: the old guidance ends as `guidance.end` ends it
/// (`guidance.ended`, reason `restarted`, its prompts cancelled), so nothing of the old route is said
/// on the new one; a refused restart leaves the running guidance as it was.
@Suite struct GuidanceRestartTests {
    @Test func aRestartEndsTheOldGuidanceAndItsPromptsAndARefusedOneChangesNothing() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            var configuration = EngineConfiguration()
            // The simulated clock: the prompt plays until the clock is advanced, so it is still
            // playing when guidance restarts.
            configuration.clock = .virtual
            let engine = try await VoxNavEngine.started(configuration: configuration)
            let events = Mutex<[EventRecord]>([])
            _ = engine.subscribe { event in events.withLock { $0.append(event) } }
            let me = VoxNavEngine.localClient
            _ = try await engine.guidance.start(client: me, language: "en-US", profile: "car")
            let turn = GuidanceProgress.Upcoming(id: "m1", distance: 250, maneuver: Maneuver(type: .rightTurn, roadName: "Solar Circle"))
            let planned = try await engine.guidance.update(client: me, progress: GuidanceProgress(time: 0, speed: 14, upcoming: [turn]))
            #expect(!planned.prompts.isEmpty, "the turn was not announced: \(planned)")
            for _ in 0..<200 where !events.withLock({ $0.contains { $0.type == .promptStarted } }) {
                try await Task.sleep(for: .milliseconds(10))
            }
            let prompt = try #require(events.withLock { $0.first { $0.type == .promptStarted } }?.prompt, "no prompt started")

            // Refused: the running guidance, and its prompt, are left as they were.
            await #expect(throws: EngineError.self) { try await engine.guidance.start(client: me, language: "tlh", profile: nil) }
            #expect(events.withLock { $0.allSatisfy { $0.type != .guidanceEnded && $0.type != .promptSkipped } })
            #expect(try await engine.state().guidanceClients == 1)

            _ = try await engine.guidance.start(client: me, language: "de", profile: "car")
            for _ in 0..<200 where !events.withLock({ $0.contains { $0.type == .promptSkipped } }) {
                try await Task.sleep(for: .milliseconds(10))
            }
            let seen = events.withLock { $0 }
            let ended = try #require(seen.first { $0.type == .guidanceEnded }, "no guidance.ended")
            #expect(ended.reason == "restarted" && ended.client == me.rawValue)
            let skipped = try #require(seen.first { $0.type == .promptSkipped && $0.prompt == prompt }, "the old route's prompt was not ended")
            #expect(skipped.reason == "guidance ended: the client started guidance anew (guidance.start)")
            #expect(try await engine.state().guidanceClients == 1, "the new guidance runs")
            await engine.shutdown()
        }
    }
}
