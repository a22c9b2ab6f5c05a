import AudioTestSupport
import Foundation
import RPC
import Testing

/// The guidance lifecycle as CarPlay tells it apart (issue 33, group 2), against the real voxnavd
/// over its socket, on every server: a pause and its words, nothing heard on `car.monitor` until
/// guidance resumes; an arrival said to its last sample, after which guidance ends by itself; a trip
/// finished or cancelled; and a guidance with no maneuver ahead refused. The simulated sources play
/// into a sink of their own (`withCabin`), so `car.monitor` carries the prompts alone.
@Suite(.serialized) struct GuidanceLifecycleSocketTests {
    static let update = GuidanceSocketFixture.update
    static let solarCircle = #"{"id":"m1","distance":1400,"maneuver":{"type":"rightTurn","roadName":"Solar Cir."}}"#
    static let errorCode = GuidanceSocketFixture.errorCode

    /// The events of one type with this reason.
    static func reasons(of type: String, in events: [JSONValue]) -> [String] {
        events.filter { $0["type"] == .string(type) }.compactMap { $0["reason"]?.stringValue }
    }

    @Test func aPauseSaysItsReasonOnceAndNothingIsHeardUntilGuidanceResumes() async throws {
        try await RealDaemon.withCabin { daemon in
            let client = daemon.client
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt", "guidance"])
            _ = try await blocking { try client.call("guidance.start", .object(["language": .string("en-US")])) }
            let first = try await blocking { try client.exchange(Self.update(0, Self.solarCircle)) }
            let initial = try #require(first["result"]?["prompts"]?.arrayValue?.first, "\(first)")
            #expect(initial["state"] == .string("initial"), "\(first)")

            // Paused: "Loading route" once, the initial prompt (already playing) said to its end.
            let pause = try await blocking { try client.call("guidance.pause", .object(["reason": .string("loading"), "time": .number(1)])) }
            #expect(pause["announced"] == .bool(true) && pause["text"] == .string("Loading route"), "\(pause)")
            let loading = try #require(pause["prompt"]?.stringValue)
            #expect(await events.wait(seconds: 20) { _ in events.types(ofPrompt: loading).last == "prompt.finished" }, "\(events.events)")

            // From its end on nothing is heard on car.monitor: not the words again for a second pause
            // within 10 s, nor anything while the car drives through every window of the turn.
            let capture = try MonitorCapture(sampleRate: 16000)
            try await capture.waitForAudio(seconds: 0.2)
            let again = try await blocking { try client.call("guidance.pause", .object(["reason": .string("loading"), "time": .number(5)])) }
            #expect(again["announced"] == .bool(false) && again["prompt"] == nil, "\(again)")
            #expect(again["reason"]?.stringValue?.contains("10 s") == true, "\(again)")
            for (time, distance) in [(40.0, 900.0), (60, 500), (70, 320), (75, 250), (80, 180), (84, 120)] {
                let reply = try await blocking {
                    try client.exchange(Self.update(time, #"{"id":"m1","distance":\#(distance)}"#))
                }
                #expect(reply["result"]?["prompts"]?.arrayValue == [] && reply["result"]?["paused"] == .string("loading"), "\(reply)")
                try await Task.sleep(for: .milliseconds(150))
            }
            let repeatWhilePaused = try await blocking { try client.call("guidance.repeat", .object(["time": .number(85)])) }
            #expect(repeatWhilePaused["repeated"] == .bool(false), "\(repeatWhilePaused)")
            try await Task.sleep(for: .milliseconds(400))
            let paused = capture.stop()
            let silence = LevelAnalysis(samples: paused, sampleRate: capture.sampleRate).span(above: 0.003)
            #expect(silence == 0, "heard for \(silence) s after the first \"Loading route\" while paused")

            // Resumed: the turn is announced as it stands then ("turn now"), and heard to its end.
            let resumed = try await blocking { try client.call("guidance.resume") }
            #expect(resumed == .object(["resumed": .bool(true), "from": .string("loading")]), "\(resumed)")
            let heardCapture = try MonitorCapture(sampleRate: 16000)
            try await heardCapture.waitForAudio(seconds: 0.2)
            let after = try await blocking { try client.exchange(Self.update(86, #"{"id":"m1","distance":60}"#)) }
            let planned = after["result"]?["prompts"]?.arrayValue ?? []
            #expect(planned.map { $0["state"]?.stringValue } == ["execute"] && after["result"]?["paused"] == nil, "\(after)")
            // Its events come on the recorder's own connection, maybe after the reply.
            func queuedTurn() -> String? {
                events.events.last { $0["type"] == .string("prompt.queued") && $0["state"] == .string("execute") }?["prompt"]?.stringValue
            }
            _ = await events.wait(seconds: 10) { _ in queuedTurn() != nil }
            let turn = try #require(queuedTurn(), "\(events.events)")
            #expect(
                await events.wait(seconds: 20) { _ in ["prompt.finished", "prompt.shortened"].contains(events.types(ofPrompt: turn).last) }, "\(events.events)")
            let finished = events.events.first { $0["prompt"] == .string(turn) && $0["duration"] != nil }
            let duration = try #require(finished?["duration"]?.doubleValue)
            try await Task.sleep(for: .milliseconds(300))
            let heard = LevelAnalysis(samples: heardCapture.stop(), sampleRate: heardCapture.sampleRate).span(above: 0.003)
            #expect(heard > duration - 0.4, "the turn heard for \(heard) s of its \(duration) s")

            #expect(Self.reasons(of: "guidance.paused", in: events.events) == ["loading", "loading"], "\(events.events)")
            #expect(Self.reasons(of: "guidance.resumed", in: events.events) == ["loading"], "\(events.events)")
            // "Loading route" was queued, started and finished once (its events; the capture above
            // heard nothing of it again).
            let words = events.events.filter { $0["text"] == .string("Loading route") }.compactMap { $0["type"]?.stringValue }
            #expect(words == ["prompt.queued", "prompt.started", "prompt.finished"], "\(words)")
        }
    }

    /// A pause for a reroute is a reroute: "Recalculating route", said at most once per 10 s with
    /// `guidance.reroute`'s, and the old route forgotten.
    @Test func aPauseForARerouteForgetsTheRouteAndSharesTheRerouteWindow() async throws {
        try await RealDaemon.withCabin { daemon in
            let client = daemon.client
            _ = try await GuidanceSocketFixture.startOnSolarCircle(client)
            let reroute = try await blocking { try client.call("guidance.reroute", .object(["time": .number(1)])) }
            #expect(reroute["announced"] == .bool(true), "\(reroute)")
            let pause = try await blocking { try client.call("guidance.pause", .object(["reason": .string("rerouting"), "time": .number(4)])) }
            #expect(pause["paused"] == .string("rerouting") && pause["announced"] == .bool(false), "\(pause)")
            #expect(pause["text"] == .string("Recalculating route") && pause["reason"]?.stringValue?.contains("10 s") == true, "\(pause)")
            let stale = try await blocking { try client.exchange(Self.update(5, #"{"id":"m1","distance":1300}"#)) }
            #expect(Self.errorCode(stale) == -32000, "the old route is forgotten: \(stale)")
            _ = try await blocking { try client.call("guidance.resume") }
            let later = try await blocking { try client.call("guidance.pause", .object(["reason": .string("rerouting"), "time": .number(12)])) }
            #expect(later["announced"] == .bool(true) && later["text"] == .string("Recalculating route"), "\(later)")
        }
    }

    /// The arrival is heard to its last sample, then guidance ends by itself (`guidance.ended`,
    /// reason `arrived`, after the prompt's end); a later update says why there is no guidance.
    @Test func theArrivalIsSaidToItsEndAndThenGuidanceEnds() async throws {
        try await RealDaemon.withCabin { daemon in
            let client = daemon.client
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt", "guidance"])
            let capture = try MonitorCapture(sampleRate: 16000)
            try await capture.waitForAudio(seconds: 0.2)
            let started = try await blocking {
                try client.call(
                    "guidance.start",
                    .object([
                        "language": .string("en-US"), "speed": .number(8), "time": .number(0),
                        "maneuvers": .array([
                            .object([
                                "id": .string("end"), "distance": .number(40),
                                "maneuver": .object(["type": .string("arriveAtDestinationRight"), "roadName": .string("Harbour Rd.")]),
                            ])
                        ]),
                    ]))
            }
            let planned = started["prompts"]?.arrayValue ?? []
            #expect(planned.map { $0["state"]?.stringValue } == ["execute"], "\(started)")
            #expect(await events.wait(seconds: 20) { events in Self.reasons(of: "guidance.ended", in: events) == ["arrived"] }, "\(events.events)")
            let heard = capture.stop()
            let kinds = events.events.compactMap { $0["type"]?.stringValue }.filter { $0 != "prompt.queued" }
            #expect(kinds == ["prompt.started", "prompt.finished", "guidance.ended"], "the arrival said to its end, then the end: \(kinds)")
            let duration = try #require(events.events.first { $0["type"] == .string("prompt.finished") }?["duration"]?.doubleValue)
            let span = LevelAnalysis(samples: heard, sampleRate: capture.sampleRate).span(above: 0.003)
            #expect(span > duration - 0.4, "the arrival heard for \(span) s of its \(duration) s")

            let after = try await blocking { try client.exchange(Self.update(6, #"{"id":"end","distance":5}"#)) }
            #expect(Self.errorCode(after) == -32000 && after["error"]?["data"] == .object(["guidanceEnded": .string("arrived")]), "\(after)")
            #expect(after["error"]?["message"]?.stringValue?.contains("destination was reached") == true, "\(after)")
            let ended = try await blocking { try client.call("guidance.end", .object(["reason": .string("finished")])) }
            #expect(ended == .object(["ended": .bool(true)]))
            // Another trip starts afresh.
            let again = try await GuidanceSocketFixture.startOnSolarCircle(client)
            #expect(again["result"]?["prompts"]?.arrayValue?.count == 1, "\(again)")
        }
    }

    /// A finished trip lets the prompt playing end whole (heard to its last sample); a cancelled one
    /// stops it. Both end with their reason.
    @Test func aFinishedTripLetsThePlayingPromptEndAndACancelledOneStopsIt() async throws {
        try await RealDaemon.withCabin { daemon in
            let client = daemon.client
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt", "guidance"])
            var heardFor: [String: (heard: Double, prompt: [String], duration: Double?)] = [:]
            for reason in ["finished", "cancelled"] {
                let capture = try MonitorCapture(sampleRate: 16000)
                try await capture.waitForAudio(seconds: 0.2)
                let before = events.events.count
                let reply = try await GuidanceSocketFixture.startOnSolarCircle(client)
                #expect(reply["result"]?["prompts"]?.arrayValue?.count == 1, "\(reply)")
                let id = try #require(await Self.queuedID(events, after: before))
                #expect(await events.wait(seconds: 10) { _ in events.types(ofPrompt: id).contains("prompt.started") }, "\(events.events)")
                try await Task.sleep(for: .milliseconds(300))
                _ = try await blocking { try client.call("guidance.end", .object(["reason": .string(reason)])) }
                #expect(await events.wait(seconds: 10) { _ in events.types(ofPrompt: id).count == 3 }, "\(events.events)")
                try await Task.sleep(for: .milliseconds(300))
                let duration = events.events.first { $0["prompt"] == .string(id) && $0["duration"] != nil }?["duration"]?.doubleValue
                heardFor[reason] = (
                    LevelAnalysis(samples: capture.stop(), sampleRate: capture.sampleRate).span(above: 0.003), events.types(ofPrompt: id), duration
                )
            }
            let finished = try #require(heardFor["finished"])
            #expect(finished.prompt.last == "prompt.finished", "\(finished)")
            let whole = try #require(finished.duration)
            #expect(finished.heard > whole - 0.4, "the finished trip's prompt heard for \(finished.heard) s of its \(whole) s")
            let cancelled = try #require(heardFor["cancelled"])
            #expect(cancelled.prompt.last == "prompt.skipped", "\(cancelled)")
            #expect(cancelled.heard < whole - 0.5, "the cancelled trip's prompt heard for \(cancelled.heard) s of \(whole) s")
            #expect(Self.reasons(of: "guidance.ended", in: events.events) == ["finished", "cancelled"], "\(events.events)")
        }
    }

    /// The id of the first `prompt.queued` at or after event `index`.
    static func queuedID(_ events: EventRecorder, after index: Int) async -> String? {
        _ = await events.wait(seconds: 10) { all in all.dropFirst(max(0, index)).contains { $0["type"] == .string("prompt.queued") } }
        return events.events.dropFirst(max(0, index)).first { $0["type"] == .string("prompt.queued") }?["prompt"]?.stringValue
    }

    /// "At least one upcoming maneuver at all times": a start or an update with none is refused
    /// (-32602) and changes nothing.
    @Test func aGuidanceWithNoManeuverAheadIsRefusedAndChangesNothing() async throws {
        try await RealDaemon.withCabin { daemon in
            let client = daemon.client
            let empty = try await blocking {
                try client.exchange(#"{"jsonrpc":"2.0","id":1,"method":"guidance.start","params":{"language":"en-US","maneuvers":[]}}"#)
            }
            #expect(Self.errorCode(empty) == -32602 && empty["error"]?["message"]?.stringValue?.contains("at least one") == true, "\(empty)")
            let none = try await blocking { try client.exchange(Self.update(0, #"{"id":"m1","distance":5}"#)) }
            #expect(Self.errorCode(none) == -32000, "no guidance was started: \(none)")
            #expect(none["error"]?["data"] == nil, "\(none)")

            _ = try await GuidanceSocketFixture.startOnSolarCircle(client)
            let emptied = try await blocking { try client.exchange(Self.update(1, "")) }
            #expect(Self.errorCode(emptied) == -32602 && emptied["error"]?["message"]?.stringValue?.contains("guidance.end") == true, "\(emptied)")
            let still = try await blocking { try client.exchange(Self.update(2, #"{"id":"m1","distance":1370}"#)) }
            #expect(still["result"]?["prompts"] != nil, "the guidance runs on: \(still)")
        }
    }
}
