import AudioTestSupport
import Foundation
import RPC
import Testing

/// Item 17 of issue 50: `guidance.pause` and `guidance.resume` every half second, with the reasons in
/// turn, and a report after each resume, on the daemon's own clock, as the attack sent them. Each
/// rerouting pause starts the announcer afresh, and before, each said "Continue for 3 miles" again
/// (6+ times in 30 s, 19 prompts in all). The same words about a maneuver are now said at most once per
/// 10 s window (`RecentAnnouncements`). The real voxnavd over its socket; on bare PulseAudio only
/// (scripts/test's server-agnostic suites: what is said does not depend on the server).
@Suite struct PauseFlapSocketTests {
    static let reasons = ["loading", "locating", "rerouting", "proceedToRoute"]

    /// A `guidance.update` on the daemon's clock: the turn onto Solar Circle `distance` meters ahead,
    /// described again each time (a reroute forgets the route).
    static func update(_ id: Int, distance: Double) -> String {
        let turn = #"{"id":"m1","distance":\#(Int(distance)),"maneuver":{"type":"rightTurn","roadName":"Solar Cir."}}"#
        return #"{"jsonrpc":"2.0","id":\#(id),"method":"guidance.update","params":{"speed":14,"maneuvers":[\#(turn)]}}"#
    }

    @Test func aPauseThatFlapsDoesNotRepeatAnAnnouncementWithinItsWindow() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let client = daemon.client
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            _ = try await blocking { try client.call("guidance.start", .object(["language": .string("en-US")])) }
            _ = try await blocking { try client.exchange(Self.update(1, distance: 4800)) }
            let start = Date()
            var step = 0
            while Date().timeIntervalSince(start) < 8 {
                let reason = Self.reasons[step % Self.reasons.count]
                _ = try await blocking { try client.call("guidance.pause", .object(["reason": .string(reason)])) }
                try await Task.sleep(for: .milliseconds(250))
                _ = try await blocking { try client.call("guidance.resume") }
                let distance = 4800 - 14 * Date().timeIntervalSince(start)
                let frame = Self.update(step + 2, distance: distance)
                let reply = try await blocking { try client.exchange(frame) }
                #expect(reply["error"] == nil, "\(reply)")
                try await Task.sleep(for: .milliseconds(250))
                step += 1
            }
            // What was queued last plays out.
            _ = await events.wait(seconds: 8) { events in
                let started = events.filter { $0["type"] == .string("prompt.started") }.count
                let ended = events.filter { ["prompt.finished", "prompt.shortened", "prompt.skipped"].contains($0["type"]?.stringValue) }.count
                return started > 0 && ended >= events.filter { $0["type"] == .string("prompt.queued") }.count
            }
            let started = events.events.filter { $0["type"] == .string("prompt.started") }.compactMap { $0["text"]?.stringValue }
            let continuing = started.filter { $0.hasPrefix("Continue") }
            print("pause flap: \(step) pauses in 8 s, \(started.count) prompts started: \(started)")
            #expect(continuing.count <= 1, "a continue said \(continuing.count) times within 8 s: \(started)")
            await daemon.stop()
        }
    }
}
