import AudioTestSupport
import Foundation
import RPC
import RPCSocket
import Testing

/// Clients that do not read: their replies and events cannot pile up in the daemon (the real
/// voxnavd, its resident memory read from /proc).
@Suite struct SlowReaderTests {

    /// A client that sends requests and never reads a reply stops being read: the daemon holds a
    /// bounded amount for it (it was 42 → 502 MB in 40 s), and every other client is still served.
    @Test func aClientThatNeverReadsItsRepliesStopsBeingRead() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let socket = temporarySocketPath("slow")
            let (daemon, control) = try await startDaemon(socket: socket)
            defer {
                kill(daemon.processIdentifier, SIGTERM)
                daemon.waitUntilExit()
            }
            _ = try await blocking { try control.call("source.start", .object(["kind": .string("fmRadio")])) }
            let before = try #require(residentKiB(of: daemon.processIdentifier))
            let seconds = 10.0
            let sent = try await onOwnThread { () -> Int in
                let mute = try RPCClient(socketPath: socket)
                mute.setWriteTimeout(0.2)
                // state.get: the largest reply there is (every source read back from the server).
                let request = Data(String(repeating: #"{"jsonrpc":"2.0","id":1,"method":"state.get"}"# + "\n", count: 50).utf8)
                var sent = 0
                let deadline = Date().addingTimeInterval(seconds)
                while Date() < deadline {
                    if (try? mute.writeAll(request)) != nil { sent += 50 }
                }
                return sent
            }
            let during = try #require(residentKiB(of: daemon.processIdentifier))
            // Everyone else is still served, at once.
            let started = Date()
            let state = try await blocking { try RPCClient(socketPath: socket).call("state.get") }
            let answered = Date().timeIntervalSince(started)
            print(
                "slow reader: \(sent) requests sent unread in \(Int(seconds)) s; RSS \(before) → \(during) KiB; another client answered in \(Int(answered * 1000)) ms"
            )
            #expect(state["sources"]?.arrayValue?.count == 1)
            #expect(answered < 1)
            #expect(during - before < 10 * 1024, "resident memory grew from \(before) to \(during) KiB")
            #expect(sent < 20_000, "the daemon stopped reading: \(sent) requests went in before its reads stopped")
        }
    }

    /// An event subscriber that never reads is dropped once 1000 events wait for it, with a
    /// `subscription.dropped` event at the end of what it has not read; memory stays bounded and the
    /// events keep flowing to the others.
    @Test func aSubscriberThatNeverReadsIsDroppedAndCostsBoundedMemory() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let socket = temporarySocketPath("deaf")
            let (daemon, control) = try await startDaemon(socket: socket)
            defer {
                kill(daemon.processIdentifier, SIGTERM)
                daemon.waitUntilExit()
            }
            let deaf = try RPCClient(socketPath: socket)
            _ = try await blocking { try deaf.call("events.subscribe") }
            let listener = try EventRecorder(socketPath: socket, types: ["session"])
            let before = try #require(residentKiB(of: daemon.processIdentifier))
            // Events, as fast as the daemon makes them: a session activated and deactivated (no audio).
            _ = try await blocking {
                try control.call("session.configure", .object(["category": .string("playback"), "mode": .string("voicePrompt")]))
            }
            let toggles = try await onOwnThread { () -> Int in
                var toggles = 0
                let deadline = Date().addingTimeInterval(10)
                while Date() < deadline {
                    _ = try control.call("session.setActive", .object(["active": .bool(true)]))
                    _ = try control.call("session.setActive", .object(["active": .bool(false)]))
                    toggles += 1
                }
                return toggles
            }
            let during = try #require(residentKiB(of: daemon.processIdentifier))
            // Every event sent before now read, however slowly its thread reads on a loaded machine
            // (5 s of waiting had read 3574 of 7763 there).
            #expect(await listener.caughtUp(seconds: 60), "the daemon did not answer the listener")
            let heard = listener.events.filter { $0["type"] == .string("session.activated") }.count
            print("deaf subscriber: \(toggles) session toggles, the listener heard \(heard) activations; RSS \(before) → \(during) KiB")
            #expect(heard == toggles, "a reading subscriber misses nothing")
            #expect(during - before < 10 * 1024, "resident memory grew from \(before) to \(during) KiB")
            // Now it reads: what was written before it fell behind, then the drop, then nothing more.
            deaf.setReadTimeout(2)
            var types: [String] = []
            while let line = try? deaf.readLine(), let value = try? JSONDecoder().decode(JSONValue.self, from: line) {
                if let type = value["params"]?["type"]?.stringValue { types.append(type) }
            }
            #expect(types.last == "subscription.dropped", "\(types.suffix(3))")
            #expect(types.filter { $0 == "subscription.dropped" }.count == 1)
            #expect(types.filter { $0 == "session.activated" }.count < toggles, "it was dropped before it had every event")
            // It may subscribe again.
            let again = try await blocking { try deaf.call("events.subscribe", .object(["types": .array([.string("source")])])) }
            #expect(again["subscribed"] == .array([.string("source")]))
            _ = try await blocking { try control.call("source.start", .object(["kind": .string("fmRadio")])) }
            deaf.setReadTimeout(5)
            let next = try JSONDecoder().decode(JSONValue.self, from: try deaf.readLine())
            #expect(next["params"]?["type"] == .string("source.started"))
        }
    }
}
