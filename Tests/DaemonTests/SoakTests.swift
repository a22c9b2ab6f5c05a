import AudioTestSupport
import Foundation
import RPC
import RPCSocket
import Testing

/// A short soak for CI: 50 clients of mixed traffic against the real daemon. (The 10-minute run is
/// the same test with VOXNAV_SOAK_SECONDS=600.)
@Suite struct SoakTests {
    @Test func fiftyClientsOfMixedTrafficLoseNothing() async throws {
        try PulseProbe.requireServer()
        let seconds = Double(ProcessInfo.processInfo.environment["VOXNAV_SOAK_SECONDS"] ?? "") ?? 15
        try await AudioServerLock.shared.withLock {
            let socket = FileManager.default.temporaryDirectory.appendingPathComponent("voxnavd-soak-\(UUID().uuidString.prefix(8))/voxnav.sock").path
            let (daemon, control) = try await startDaemon(socket: socket)
            defer {
                kill(daemon.processIdentifier, SIGTERM)
                daemon.waitUntilExit()
            }
            _ = try await blocking { try control.call("source.start", .object(["kind": .string("fmRadio")])) }
            let recorder = try EventRecorder(socketPath: socket, types: ["prompt"])
            let rssAtStart = residentKiB(of: daemon.processIdentifier)

            let accepted = Locked<Set<String>>([])
            let unexpected = Locked<[String]>([])
            let replies = Locked(0)
            let deadline = Date().addingTimeInterval(seconds)
            let warmedUp = Date().addingTimeInterval(min(5, seconds / 3))
            let rssAfterWarmUp = Locked<Int?>(nil)
            let unreadSent = Locked(0)
            let deaf = try RPCClient(socketPath: socket)
            _ = try await blocking { try deaf.call("events.subscribe") }
            await withTaskGroup(of: Void.self) { group in
                // A client that sends requests and never reads its replies, and a subscriber that never
                // reads its events: neither may make the daemon grow.
                group.addTask {
                    try? await onOwnThread {
                        let mute = try RPCClient(socketPath: socket)
                        mute.setWriteTimeout(0.2)
                        let requests = Data(String(repeating: #"{"jsonrpc":"2.0","id":1,"method":"state.get"}"# + "\n", count: 20).utf8)
                        while Date() < deadline {
                            if (try? mute.writeAll(requests)) != nil { unreadSent.mutate { $0 += 20 } }
                            Thread.sleep(forTimeInterval: 0.01)
                        }
                    }
                }
                for n in 0..<50 {
                    group.addTask {
                        try? await onOwnThread {
                            var generator = SystemRandomNumberGenerator()
                            var client = try RPCClient(socketPath: socket)
                            var guidanceStarted = false
                            var distance = 3000.0
                            while Date() < deadline {
                                if n == 0, Date() > warmedUp, rssAfterWarmUp.value == nil {
                                    rssAfterWarmUp.value = residentKiB(of: daemon.processIdentifier)
                                }
                                do {
                                    switch Int.random(in: 0..<100, using: &generator) {
                                    case 0..<35:
                                        let reply = try client.call(
                                            "prompt.speak",
                                            .object([
                                                "text": .string("Go \(n)."), "priority": .string("low"), "wait": .bool(false),
                                            ]))
                                        if let id = reply["id"]?.stringValue { accepted.mutate { $0.insert(id) } }
                                    case 35..<70:
                                        if !guidanceStarted {
                                            _ = try client.call("guidance.start", .object(["language": .string("en-US")]))
                                            guidanceStarted = true
                                        }
                                        distance = distance > 50 ? distance - 40 : 3000
                                        let reply = try client.call(
                                            "guidance.update",
                                            .object([
                                                "speed": .number(13.9),
                                                "maneuvers": .array([
                                                    .object([
                                                        "id": .string("m\(n)"), "distance": .number(distance),
                                                        "maneuver": .object(["type": .string("leftTurn")]),
                                                    ])
                                                ]),
                                            ]))
                                        _ = reply
                                    case 70..<95:
                                        _ = try client.call("state.get")
                                    default:
                                        // Disconnect with whatever is queued, and come back.
                                        client = try RPCClient(socketPath: socket)
                                        guidanceStarted = false
                                    }
                                    replies.mutate { $0 += 1 }
                                } catch let error as RPCError
                                    where error.message.contains("too many prompts") || error.message.contains("the prompt queue is full")
                                {
                                    replies.mutate { $0 += 1 }  // the queue's limits doing their job
                                } catch {
                                    unexpected.mutate { $0.append("\(error)") }
                                }
                                Thread.sleep(forTimeInterval: Double.random(in: 0.01...0.1, using: &generator))
                            }
                        }
                    }
                }
            }
            withExtendedLifetime(deaf) {}
            // Every client has gone (their clients were released): every accepted prompt must end.
            let ids = accepted.value
            let allEnded = await recorder.wait(seconds: 20) { events in
                let ended = Set(
                    events.filter {
                        ["prompt.finished", "prompt.shortened", "prompt.skipped", "prompt.expired", "prompt.interrupted"].contains(
                            $0["type"]?.stringValue ?? "")
                    }
                    .compactMap { $0["prompt"]?.stringValue })
                return ids.isSubset(of: ended)
            }
            let endCounts = Dictionary(
                grouping: recorder.events.filter {
                    ["prompt.finished", "prompt.shortened", "prompt.skipped", "prompt.expired", "prompt.interrupted"].contains($0["type"]?.stringValue ?? "")
                }, by: { $0["prompt"]?.stringValue ?? "" })
            let rssAtEnd = residentKiB(of: daemon.processIdentifier)
            // The clients' own ends (their prompts cancelled, their sessions let go) may still be
            // running: the daemon is judged once it has settled, within 5 s.
            var state = try await blocking { try control.call("state.get") }
            var waited = 0
            while waited < 50, state["sessionActive"] != .bool(false) || state["promptPlaying"] != .bool(false) {
                try await Task.sleep(for: .milliseconds(100))
                waited += 1
                state = try await blocking { try control.call("state.get") }
            }
            print("soak: the daemon settled \(waited * 100) ms after the last accepted prompt ended")

            // The figures docs/RELIABILITY.md records for the long run.
            let endTypes = Dictionary(grouping: endCounts.values.compactMap { $0.first?["type"]?.stringValue }, by: { $0 }).mapValues(\.count)
            print(
                "soak: \(Int(seconds)) s, \(replies.value) replies, \(ids.count) prompts accepted, \(endCounts.count) ended \(endTypes.sorted { $0.key < $1.key }), "
                    + "\(unexpected.value.count) unexpected errors, \(unreadSent.value) requests sent by a client that never reads, RSS at start \(rssAtStart.map(String.init) ?? "?") KiB, after warm-up \(rssAfterWarmUp.value.map(String.init) ?? "?") KiB, at the end \(rssAtEnd.map(String.init) ?? "?") KiB"
            )
            #expect(unexpected.value.isEmpty, "\(unexpected.value.prefix(5))")
            #expect(replies.value > Int(seconds) * 100, "only \(replies.value) replies")
            #expect(ids.count > 100, "only \(ids.count) prompts accepted")
            #expect(allEnded, "\(ids.subtracting(Set(endCounts.keys)).count) accepted prompts never ended")
            #expect(endCounts.values.allSatisfy { $0.count == 1 }, "a prompt ended twice")
            #expect(state["sessionActive"] == .bool(false), "5 s after every client had gone: \(state)")
            if let start = rssAfterWarmUp.value, let end = rssAtEnd {
                // Flat: not growing with the traffic (a few MB of allocator slack are normal).
                #expect(end - start < 12 * 1024, "resident memory grew from \(start) KiB to \(end) KiB")
            } else {
                Issue.record("could not read the daemon's resident memory")
            }
        }
    }
}

/// Resident memory of a process, in KiB.
func residentKiB(of pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return nil }
    return Int(line.split(separator: " ").dropFirst().first ?? "")
}

/// A value shared between threads.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            stored = newValue
            lock.unlock()
        }
    }
    func mutate(_ body: (inout Value) -> Void) {
        lock.lock()
        body(&stored)
        lock.unlock()
    }
}
