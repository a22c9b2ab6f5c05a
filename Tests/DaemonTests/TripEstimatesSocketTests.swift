import AudioTestSupport
import Foundation
import RPC
import Testing

/// The trip's estimates (issue 33, group 1) against the real voxnavd over its socket, on every
/// server: the departure that ends with the arrival and `guidance.estimates`, each heard on
/// `car.monitor` to its last sample; the estimates in `state.get`; an arrival not reported worked
/// out from the daemon's clock; a bad `trip` refused, changing nothing. The simulated sources play
/// into a sink of their own (`withCabin`), so `car.monitor` carries the prompts alone.
@Suite(.serialized) struct TripEstimatesSocketTests {
    static let errorCode = GuidanceSocketFixture.errorCode
    /// 5:42 PM on the driver's clock, five hours behind UTC.
    static let arrival = "2026-11-28T17:42:00-05:00"
    static let trip: JSONValue = .object(["distance": .number(20_000), "time": .number(1380), "arrival": .string(arrival)])

    /// Waits for the prompt `id` to finish (said whole, not cut), and returns its audio's seconds.
    static func finished(_ id: String, _ events: EventRecorder) async throws -> Double {
        #expect(await events.wait(seconds: 20) { _ in events.types(ofPrompt: id).last == "prompt.finished" }, "\(events.events)")
        let ended = events.events.first { $0["prompt"] == .string(id) && $0["type"] == .string("prompt.finished") }
        return try #require(ended?["duration"]?.doubleValue, "\(events.events)")
    }

    /// What `car.monitor` carried while `body` ran, in seconds of sound.
    static func heard(during body: () async throws -> Void) async throws -> Double {
        let capture = try MonitorCapture(sampleRate: 16000)
        try await capture.waitForAudio(seconds: 0.2)
        try await body()
        try await Task.sleep(for: .milliseconds(300))
        return LevelAnalysis(samples: capture.stop(), sampleRate: capture.sampleRate).span(above: 0.003)
    }

    /// Each heard on `car.monitor` over all but at most 0.4 s of its length (the span of its sound:
    /// a spoken prompt's last samples are quiet, so its very last one cannot be told from silence).
    @Test func theDepartureWithTheArrivalAndTheEstimatesAskedForAreHeardOverTheirLength() async throws {
        try await RealDaemon.withCabin { daemon in
            let client = daemon.client
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            var departureSeconds = 0.0
            var started = JSONValue.null
            let departureHeard = try await Self.heard {
                started = try await blocking {
                    try client.call(
                        "guidance.start",
                        .object([
                            "language": .string("en-US"), "arrivalOnDeparture": .bool(true), "speed": .number(0), "time": .number(0),
                            "trip": Self.trip,
                            "maneuvers": .array([
                                .object([
                                    "id": .string("m0"), "distance": .number(0),
                                    "maneuver": .object(["type": .string("startRoute"), "roadName": .string("Kings Rd")]),
                                ]),
                                .object([
                                    "id": .string("m1"), "distance": .number(20_000),
                                    "maneuver": .object(["type": .string("arriveAtDestination")]),
                                ]),
                            ]),
                        ]))
                }
                #expect(started["arrivalOnDeparture"] == .bool(true) && started["trip"]?["arrival"] == .string(Self.arrival), "\(started)")
                let departure = try #require(started["prompts"]?.arrayValue?.first, "\(started)")
                #expect(departure["text"] == .string("Head out on Kings Road. You'll arrive at 5:42 PM"), "\(started)")
                // Its events come on the recorder's own connection, maybe after the reply.
                func queuedDeparture() -> String? {
                    events.events.first { $0["type"] == .string("prompt.queued") && $0["maneuver"] == .string("m0") }?["prompt"]?.stringValue
                }
                _ = await events.wait(seconds: 10) { _ in queuedDeparture() != nil }
                let queued = try #require(queuedDeparture(), "\(events.events)")
                departureSeconds = try await Self.finished(queued, events)
                let said = events.events.first { $0["prompt"] == .string(queued) && $0["type"] == .string("prompt.started") }
                #expect(said?["text"] == departure["text"], "what played is what was planned: \(String(describing: said))")
            }
            #expect(departureHeard > departureSeconds - 0.4, "the departure heard for \(departureHeard) s of its \(departureSeconds) s")

            // A minute later at the same report: 22 minutes to go, the distance as it was (standing still).
            var estimatesSeconds = 0.0
            var said = JSONValue.null
            let estimatesHeard = try await Self.heard {
                said = try await blocking { try client.call("guidance.estimates", .object(["time": .number(60)])) }
                #expect(said["announced"] == .bool(true) && said["text"] == .string("You'll arrive at 5:42 PM, in 22 minutes. 12 miles to go"), "\(said)")
                estimatesSeconds = try await Self.finished(try #require(said["prompt"]?.stringValue, "\(said)"), events)
            }
            #expect(estimatesHeard > estimatesSeconds - 0.4, "the estimates heard for \(estimatesHeard) s of their \(estimatesSeconds) s")
            #expect(said["trip"]?["time"] == .number(1320) && said["trip"]?["arrivalDerived"] == .bool(false), "\(said)")

            let state = try await blocking { try client.call("state.get") }
            let guidance = try #require(state["guidance"]?.arrayValue?.first, "\(state)")
            #expect(guidance["trip"]?["arrival"] == .string(Self.arrival) && guidance["trip"]?["distance"] == .number(20_000), "\(state)")
        }
    }

    @Test func anArrivalNotReportedIsWorkedOutAndABadTripIsRefusedChangingNothing() async throws {
        try await RealDaemon.withCabin { daemon in
            let client = daemon.client
            _ = try await blocking { try client.call("guidance.start", .object(["language": .string("de")])) }
            let none = try await blocking { try client.call("guidance.estimates") }
            #expect(none["announced"] == .bool(false) && none["reason"]?.stringValue?.contains("no trip estimates") == true, "\(none)")

            let before = Date().timeIntervalSince1970
            let reply = try await blocking {
                try client.exchange(
                    #"{"jsonrpc":"2.0","id":1,"method":"guidance.update","params":{"speed":14,"maneuvers":[{"id":"m1","distance":9000,"maneuver":{"type":"leftTurn"}}],"trip":{"distance":9000,"time":600}}}"#
                )
            }
            let after = Date().timeIntervalSince1970
            let trip = try #require(reply["result"]?["trip"], "\(reply)")
            #expect(trip["arrivalDerived"] == .bool(true), "\(reply)")
            let arrival = try #require(trip["arrival"]?.stringValue)
            let instant = try #require(ISO8601DateFormatter().date(from: arrival)).timeIntervalSince1970
            #expect(instant >= (before + 600).rounded(.down) - 1 && instant <= after + 600, "\(arrival)")

            for bad in [#"{"distance":9000,"time":600,"arrival":"17:42"}"#, #"{"distance":9000}"#, #"{"distance":9000,"time":-5}"#] {
                let refused = try await blocking {
                    try client.exchange(
                        #"{"jsonrpc":"2.0","id":2,"method":"guidance.update","params":{"speed":14,"maneuvers":[{"id":"m1","distance":8000}],"trip":\#(bad)}}"#
                    )
                }
                #expect(Self.errorCode(refused) == -32602, "\(bad): \(refused)")
            }
            let state = try await blocking { try client.call("state.get") }
            #expect(state["guidance"]?.arrayValue?.first?["trip"] == trip, "the refusals changed nothing: \(state)")
        }
    }
}
