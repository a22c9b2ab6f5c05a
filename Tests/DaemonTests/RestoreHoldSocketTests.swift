import AudioTestSupport
import Foundation
import RPC
import RPCSocket
import Testing

/// No pumping, on the real voxnavd over its socket, on every server: two prompts from two clients
/// (as two `voxnav say --no-wait` processes), the second queued 200 ms after the first has ended. The
/// radio's volume is read from the server (`pactl`, every ~30 ms) between them and through the
/// second to its last sample: ducked all along, never back up, and exactly its own after the last
/// one's hold; one `source.ducked` and one `source.restored` for both; both heard on `car.monitor`.
@Suite struct RestoreHoldSocketTests {
    /// The built-in hold; a pair the daemon saw further apart than this tests something else.
    static let hold = 0.3

    struct Pair {
        let first: String
        let second: String
        /// When the test saw the first end, and the second start and end.
        let firstEnded: ContinuousClock.Instant
        let secondStarted: ContinuousClock.Instant
        let secondEnded: ContinuousClock.Instant
    }

    @Test func twoPromptsTwoHundredMillisecondsApartLeaveTheRadioDuckedBetweenThem() async throws {
        try await RealDaemon.withCabin { daemon in
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt", "session", "source.ducked", "source.restored"])
            let watched = try await daemon.watchedRadio()
            let radio = watched.radio
            let (one, two) = (try RPCClient(socketPath: daemon.socket), try RPCClient(socketPath: daemon.socket))
            // A loaded machine can take more than the hold's 100 ms over the 200 ms to bring the
            // second prompt; the daemon's own event times say whether it did, and then the pair is
            // played again (at most three times), once the radio is back.
            var found: Pair?
            for _ in 1...3 {
                let pair = try await Self.play(one, two, events)
                if try Self.daemonsGap(pair, events) < Self.hold - 0.02 {
                    found = pair
                    break
                }
                _ = try await PulseProbe.settled("Car FM Radio (simulated)", volumes: radio.volumes)
            }
            let pair = try #require(found, "no pair within the hold in three tries: \(events.events)")
            let (restored, readings, heard) = try await watched.settle()

            // Between the two and through the second to its last sample, as the server reports it.
            let since = { (instant: ContinuousClock.Instant) in (instant - watched.watcher.start) / .milliseconds(1) }
            let held = readings.filter { $0.ms > since(pair.firstEnded) && $0.ms < since(pair.secondEnded) }
            #expect(held.count >= 5, "too few readings to judge: \(held.map(\.ms))")
            let ducked = held.first?.volumes ?? []
            #expect(ducked.max() ?? .max < radio.volumes.max()!, "the radio was not ducked after the first: \(held.map(\.volumes))")
            #expect(held.allSatisfy { $0.volumes == ducked && !$0.corked }, "the radio moved between the prompts: \(held.map { ($0.ms, $0.volumes) })")
            #expect(held.contains { $0.ms > since(pair.secondStarted) }, "no reading while the second played")
            #expect(restored?.volumes == radio.volumes && restored?.corked == false, "\(String(describing: restored))")

            // The daemon's own account: one duck for both, and the restore only after the second's hold.
            let types = try Self.events(of: pair, events).compactMap { $0["type"]?.stringValue }
            #expect(types.filter { $0 == "source.ducked" }.count == 1, "\(types)")
            #expect(types.filter { $0 == "source.restored" }.count == 1, "\(types)")
            #expect(types.last == "source.restored", "\(types)")

            // Both heard to their ends.
            let seconds = [pair.first, pair.second].compactMap { id in
                events.events.first { $0["prompt"] == .string(id) && $0["type"] == .string("prompt.finished") }?["duration"]?.doubleValue
            }
            #expect(seconds.count == 2)
            let levels = LevelAnalysis(samples: heard, sampleRate: watched.capture.sampleRate)
            #expect(levels.duration(above: 0.003) > seconds.reduce(0, +) - 0.6, "heard \(levels.duration(above: 0.003)) s of \(seconds)")
        }
    }

    /// The first prompt from one client; 200 ms after the test sees it end, the second from the other.
    static func play(_ one: RPCClient, _ two: RPCClient, _ events: EventRecorder) async throws -> Pair {
        let first = try await queue(one, "Turn left.")
        let firstEnded = try await ended(first, events)
        try await Task.sleep(until: firstEnded + .milliseconds(200))
        let second = try await queue(two, "Then turn right.")
        #expect(await events.wait(seconds: 15, every: .milliseconds(5)) { _ in events.types(ofPrompt: second).contains("prompt.started") })
        let secondStarted = ContinuousClock.now
        let secondEnded = try await ended(second, events)
        return Pair(first: first, second: second, firstEnded: firstEnded, secondStarted: secondStarted, secondEnded: secondEnded)
    }

    static func queue(_ client: RPCClient, _ text: String) async throws -> String {
        let reply = try await blocking { try client.call("prompt.speak", .object(["text": .string(text), "wait": .bool(false)])) }
        return try #require(reply["id"]?.stringValue, "\(reply)")
    }

    static func ended(_ id: String, _ events: EventRecorder) async throws -> ContinuousClock.Instant {
        let seen = await events.wait(seconds: 15, every: .milliseconds(5)) { _ in events.types(ofPrompt: id).last == "prompt.finished" }
        try #require(seen, "\(id) did not finish: \(events.events)")
        return .now
    }

    /// Seconds the daemon took from the first prompt's end to the second's start (its event times).
    static func daemonsGap(_ pair: Pair, _ events: EventRecorder) throws -> Double {
        let time = { (id: String, type: String) in
            events.events.first { $0["prompt"] == .string(id) && $0["type"] == .string(type) }?["time"]?.doubleValue
        }
        let ended = try #require(time(pair.first, "prompt.finished"))
        let started = try #require(time(pair.second, "prompt.started"))
        return started - ended
    }

    /// The events from the first prompt's start to the end of the pair, the last hold's restore included.
    static func events(of pair: Pair, _ events: EventRecorder) throws -> [JSONValue] {
        let all = events.events
        let start = try #require(all.firstIndex { $0["prompt"] == .string(pair.first) && $0["type"] == .string("prompt.queued") })
        return Array(all[start...])
    }
}
