import AudioTestSupport
import Foundation
import Guidance
import RPC
import Testing

/// What the daemon writes it can read back, and alert variants go longest first (issue 50, row 19):
/// runs against the real voxnavd executable over its socket, on the test's PulseAudio server. Before
/// the fix an arrival of 9999-12-31T23:59:59.9999999999+18:00 was kept and written as
/// "10000-01-01T00:00:00+18:00", which the daemon refused when a client sent it back, and alert
/// variants shortest first were taken.
@Suite struct ReadBackSocketTests {
    static let first: JSONValue = .array([
        .object(["id": .string("m1"), "distance": .number(1400), "maneuver": .object(["type": .string("rightTurn"), "roadName": .string("Solar Cir.")])])
    ])

    @Test func theArrivalsTheDaemonWritesAtTheEdgesOfTheYearsAreReadBack() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let client = daemon.client
            _ = try await blocking { try client.call("guidance.start", .object(["language": .string("en-US")])) }
            var time = 0.0
            func update(_ trip: JSONValue) async throws -> JSONValue {
                time += 1
                let params: JSONValue = .object(["time": .number(time), "speed": .number(14), "maneuvers": Self.first, "trip": trip])
                return try await blocking { try client.call("guidance.update", params) }
            }
            for given in ["9999-12-31T23:59:59.9999999999+18:00", "0000-01-01T00:00:00-18:00", "9999-12-31T23:59:59.9999999999-18:59"] {
                let kept = try await update(.object(["distance": .number(5000), "time": .number(400), "arrival": .string(given)]))
                let written = try #require(kept["trip"]?["arrival"]?.stringValue, "\(kept)")
                #expect(written.prefix(4) == given.prefix(4) && LocalTime(iso8601: written) != nil, "\(given) written as \(written)")
                // Sent back as it was written, it is taken, and written the same.
                let again = try await update(.object(["distance": .number(5000), "time": .number(400), "arrival": .string(written)]))
                #expect(again["trip"]?["arrival"]?.stringValue == written, "\(again)")
            }
            // An arrival worked out from the latest time and the longest trip reads back too.
            time = 1e9 - 1  // GuidanceTimeParams.maximumTime, less one
            let derived = try await update(.object(["distance": .number(5000), "time": .number(TripReport.maximumTime)]))
            let written = try #require(derived["trip"]?["arrival"]?.stringValue, "\(derived)")
            #expect(LocalTime(iso8601: written) != nil, "\(written)")
            await daemon.stop()
        }
    }

    @Test func alertVariantsNotLongestFirstAreRefused() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let frame = #"{"jsonrpc":"2.0","id":1,"method":"prompt.alert","params":{"text":["Accident ahead","Accident on the A7, expect delays"]}}"#
            let reply = try await blocking { try daemon.client.exchange(frame) }
            #expect(reply["error"]?["code"] == .number(-32602), "\(reply)")
            #expect(
                reply["error"]?["message"]?.stringValue?.hasSuffix(
                    "'text' must list its variants longest first: 'text[0]' has 14 characters, 'text[1]' after it 33") == true, "\(reply)")
            // Longest first, the richest is said.
            let said = try await blocking {
                try daemon.client.call("prompt.alert", .object(["text": .array([.string("Accident on the A7, expect delays"), .string("Accident ahead")])]))
            }
            #expect(said["result"] == .string("finished") && said["text"] == .string("Accident on the A7, expect delays"), "\(said)")
            await daemon.stop()
        }
    }
}
