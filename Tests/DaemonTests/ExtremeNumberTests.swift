import AudioTestSupport
import Foundation
import RPC
import Testing

/// Every numeric member of every method that has one, sent extreme values (issue 50, row 1): runs
/// against the real voxnavd executable over its socket, on the test's PulseAudio server. A value out
/// of a member's range is refused with -32602 naming the member; nothing traps. Before the fix a
/// `guidance.update` whose `time` was 1e19 after a report that carried `trip` killed voxnavd with
/// SIGILL (the arrival converted to `time_t`), and a maneuver 1e308 m away did the same in the
/// words for its distance.
@Suite struct ExtremeNumberTests {
    static let extremes: [Double] = [1e19, -1e19, 1e308, -1e308, 1e15, 0, -1, 0.5]

    /// A method, params every member of which is valid, and the paths to its numeric members (an
    /// array's index as a number).
    struct Case {
        let method: String
        let params: JSONValue
        let members: [[String]]
    }

    static let maneuver: JSONValue = .object([
        "type": .string("rightTurn"), "state": .string("prepare"), "roadName": .string("Solar Cir."), "distanceRemaining": .number(300),
        "timeRemaining": .number(20), "heading": .number(90), "lanes": .array([.object(["angle": .number(90), "status": .string("good")])]),
    ])
    static let first: JSONValue = .array([
        .object(["id": .string("m1"), "distance": .number(1400), "maneuver": .object(["type": .string("rightTurn"), "roadName": .string("Solar Cir.")])])
    ])
    static let trip: JSONValue = .object(["distance": .number(5000), "time": .number(400)])
    static let guidanceStart: JSONValue = .object([
        "language": .string("en-US"), "maneuvers": first, "speed": .number(14), "time": .number(0), "interval": .number(1), "trip": trip,
    ])

    /// In the order sent: guidance started, reported on, asked, paused and rerouted, then the prompts
    /// and the rest.
    static let cases: [Case] = [
        Case(
            method: "guidance.start", params: guidanceStart,
            members: [
                ["speed"], ["time"], ["interval"], ["trip", "distance"], ["trip", "time"], ["maneuvers", "0", "distance"],
            ]),
        Case(
            method: "guidance.update",
            params: .object([
                "time": .number(1), "speed": .number(14), "interval": .number(1), "trip": trip,
                "maneuvers": .array([
                    .object(["id": .string("m1"), "distance": .number(1386), "timeRemaining": .number(99), "speedLimit": .number(13.9)])
                ]),
            ]),
            members: [
                ["time"], ["speed"], ["interval"], ["trip", "distance"], ["trip", "time"], ["maneuvers", "0", "distance"],
                ["maneuvers", "0", "timeRemaining"], ["maneuvers", "0", "speedLimit"],
            ]),
        Case(method: "guidance.estimates", params: .object(["time": .number(2)]), members: [["time"]]),
        Case(method: "guidance.repeat", params: .object(["time": .number(2)]), members: [["time"]]),
        Case(method: "guidance.pause", params: .object(["reason": .string("locating"), "time": .number(2)]), members: [["time"]]),
        Case(method: "guidance.resume", params: .object(["time": .number(3)]), members: [["time"]]),
        Case(method: "guidance.reroute", params: .object(["time": .number(4)]), members: [["time"]]),
        Case(
            method: "prompt.speak",
            params: .object([
                "maneuver": maneuver, "then": .object(["type": .string("leftTurn"), "distanceRemaining": .number(100)]), "deadline": .number(60),
                "wait": .bool(false),
            ]),
            members: [
                ["deadline"], ["maneuver", "distanceRemaining"], ["maneuver", "timeRemaining"], ["maneuver", "heading"],
                ["maneuver", "lanes", "0", "angle"], ["then", "distanceRemaining"],
            ]),
        Case(
            method: "prompt.alert",
            params: .object([
                "kind": .string("speedCamera"), "distance": .number(150), "deadline": .number(60), "dismissAfter": .number(60), "wait": .bool(false),
            ]),
            members: [["distance"], ["deadline"], ["dismissAfter"]]),
        Case(method: "source.start", params: .object(["kind": .string("vehicleChime"), "duration": .number(0.2)]), members: [["duration"]]),
        Case(method: "clock.advance", params: .object(["to": .number(10)]), members: [["to"]]),
    ]

    @Test func everyNumericMemberTakesExtremesAndTheDaemonStillSpeaks() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let client = daemon.client
            var id = 0
            func send(_ method: String, _ params: JSONValue) async throws -> JSONValue {
                id += 1
                let frame = JSONValue.object(["jsonrpc": .string("2.0"), "id": .number(Double(id)), "method": .string(method), "params": params])
                return try await blocking { try client.exchange(frame.description) }
            }
            // A guidance with a trip, so that each `time` moves its derived arrival.
            let started = try await send("guidance.start", Self.guidanceStart)
            #expect(started["result"] != nil, "\(started)")
            for c in Self.cases {
                for member in c.members {
                    for value in Self.extremes {
                        let reply = try await send(c.method, c.params.setting(member[...], to: .number(value)))
                        let what = "\(c.method) \(member.joined(separator: ".")) = \(value) → \(reply)"
                        #expect(reply["result"] != nil || reply["error"]?["code"] != nil, "\(what)")
                        // None of the ranges reaches 1e15: each is refused, naming the member.
                        if abs(value) >= 1e15 {
                            #expect(reply["error"]?["code"] == .number(-32602), "\(what)")
                            #expect(reply["error"]?["message"]?.stringValue?.contains(member.last!) == true, "\(what)")
                        }
                        #expect(daemon.process.isRunning, "voxnavd died: \(what)")
                        if !daemon.process.isRunning { return }
                    }
                    // The guidance as it was, for the next member (an accepted start restarts it).
                    if c.method == "guidance.start" { _ = try await send("guidance.start", Self.guidanceStart) }
                }
            }
            // Still answering, and a fresh client's prompt plays to its end.
            _ = try await send("prompt.cancel", .object([:]))
            let state = try await blocking { try client.call("state.get") }
            #expect(state["sessionActive"] != nil)
            let other = try daemon.connect()
            let outcome = try await blocking { try other.call("prompt.speak", .object(["text": .string("Still here.")])) }
            #expect(outcome["result"] == .string("finished"), "\(outcome)")
            await daemon.stop()
        }
    }
}

extension JSONValue {
    /// This value with the member at `path` (an array's index as a number) set to `value`.
    func setting(_ path: ArraySlice<String>, to value: JSONValue) -> JSONValue {
        guard let key = path.first else { return value }
        switch self {
        case .object(var members):
            members[key] = (members[key] ?? .null).setting(path.dropFirst(), to: value)
            return .object(members)
        case .array(var items):
            guard let index = Int(key), items.indices.contains(index) else { return self }
            items[index] = items[index].setting(path.dropFirst(), to: value)
            return .array(items)
        default: return self
        }
    }
}
