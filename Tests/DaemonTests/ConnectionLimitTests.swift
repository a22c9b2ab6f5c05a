import AudioTestSupport
import Foundation
import RPC
import Testing

/// More clients than descriptors: the real voxnavd under `ulimit -n 256` with 400 connections kept
/// open. It burned a core, timed new clients out, and eSpeak NG crashed it when it could not open
/// its data; now extra connections are refused at once, silent ones are closed, and prompts play.
@Suite struct ConnectionLimitTests {
    /// CPU seconds a process has used (user + system).
    private func cpuSeconds(_ pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let fields = stat.split(separator: ")").last?.split(separator: " "), fields.count > 13,
            let user = Double(fields[11]), let system = Double(fields[12])
        else { return nil }
        return (user + system) / 100
    }

    @Test func fourHundredIdleConnectionsUnderADescriptorLimitOf256() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let socket = FileManager.default.temporaryDirectory.appendingPathComponent("voxnavd-fds-\(UUID().uuidString.prefix(8))/voxnav.sock").path
            let (daemon, client) = try await startDaemon(socket: socket, arguments: ["--idle-timeout", "4"], fileLimit: 256)
            defer {
                kill(daemon.processIdentifier, SIGTERM)
                daemon.waitUntilExit()
            }
            _ = try await blocking { try client.call("events.subscribe", .object(["types": .array([.string("prompt")])])) }
            // 400 clients connect and say nothing.
            let idle = try await blocking { try (0..<400).map { _ in try RPCClient(socketPath: socket) } }
            try await Task.sleep(for: .seconds(1))
            let cpuBefore = try #require(cpuSeconds(daemon.processIdentifier))
            try await Task.sleep(for: .seconds(2))
            let cpu = try #require(cpuSeconds(daemon.processIdentifier)) - cpuBefore
            let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(daemon.processIdentifier)/fd").count
            // The ones over the cap were told so, in a line, and closed.
            idle.last!.setReadTimeout(2)
            let refusal = try JSONDecoder().decode(JSONValue.self, from: try idle.last!.readLine())
            #expect(refusal["error"]?["code"] == .number(-32002), "\(refusal)")
            #expect(refusal["error"]?["message"]?.stringValue?.hasPrefix("too many connections (at most ") == true)
            // A client that was there before still has its prompts spoken: eSpeak NG has its files.
            let outcome = try await blocking { try client.call("prompt.speak", .object(["text": .string("Turn left.")])) }
            #expect(outcome["result"] == .string("finished"), "\(outcome)")
            // The silent ones are closed after the idle timeout; then a new client is served.
            try await Task.sleep(for: .seconds(5))
            let started = Date()
            let fresh = try RPCClient(socketPath: socket)
            fresh.setReadTimeout(3)
            let state = try await blocking { try fresh.call("state.get") }
            let answered = Date().timeIntervalSince(started)
            let descriptorsAfter = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(daemon.processIdentifier)/fd").count
            print(
                "descriptors: \(descriptors) open with 400 clients under a limit of 256, \(String(format: "%.2f", cpu)) CPU seconds in 2 s; "
                    + "after the idle timeout \(descriptorsAfter) open, a new client answered in \(Int(answered * 1000)) ms")
            #expect(state["promptsWaiting"] == .number(0))
            #expect(descriptors < 256 - 32, "kept descriptors in reserve: \(descriptors) open")
            #expect(cpu < 0.2, "no spinning: \(cpu) CPU seconds in 2 s")
            #expect(descriptorsAfter < 100, "the idle connections were closed: \(descriptorsAfter) open")
            #expect(answered < 1)
            // The subscriber was never idle: it still hears its events.
            let again = try await blocking { try client.call("prompt.speak", .object(["text": .string("Keep right.")])) }
            #expect(again["result"] == .string("finished"))
            withExtendedLifetime(idle) {}
        }
    }

    /// The limit lowered on the running daemon (`prlimit`), then every descriptor taken by clients: a
    /// prompt in another language, whose voice eSpeak NG must read from its files, is refused with the
    /// reason instead of crashing the daemon (it died with SIGSEGV in eSpeak NG, "Can't read dictionary
    /// file"); once the clients go, the same prompt plays.
    @Test func outOfDescriptorsAtRunTimeAVoiceChangeFailsWithAnErrorNotACrash() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let daemon = try await RealDaemon.start()
            defer { Task { await daemon.stop() } }
            let pid = daemon.process.processIdentifier
            _ = try await blocking { try daemon.client.call("prompt.speak", .object(["text": .string("Turn left."), "wait": .bool(true)])) }
            let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
            let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
            let files = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max open files") }).split(separator: " ")
            let (soft, hard) = (files[3], files[4])
            // The soft limit only: raising it back needs no privilege.
            let lowered = try Executables.run(path: "/usr/bin/prlimit", ["--pid", "\(pid)", "--nofile=\(open + 4):\(hard)"], environment: [:], limit: 10)
            try #require(lowered.status == 0, "prlimit: \(lowered.output)")
            // Clients take what is left (the kernel queues the ones the daemon cannot accept).
            let crowd = try await blocking { try (0..<40).map { _ in try RPCClient(socketPath: daemon.socket) } }
            try await Task.sleep(for: .milliseconds(500))
            let used = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").map { Int($0) ?? 0 }) ?? []
            print("descriptors: \(used.count) open, highest \(used.max() ?? 0), soft limit \(open + 4)")
            let german = JSONValue.object([
                "maneuver": .object(["type": .string("rightTurn"), "state": .string("execute"), "roadName": .string("Hauptstraße")]), "language": .string("de"),
                "wait": .bool(true),
            ])
            let refused = try await blocking { () -> String in
                do {
                    _ = try daemon.client.call("prompt.speak", german)
                    return "spoken"
                } catch {
                    return "\(error)"
                }
            }
            #expect(kill(pid, 0) == 0 && daemon.process.isRunning, "voxnavd died: \(refused)")
            #expect(refused.contains("no file descriptor is free"), "\(refused)")
            withExtendedLifetime(crowd) {}
            // The limit as before: the same prompt plays.
            let restored = try Executables.run(path: "/usr/bin/prlimit", ["--pid", "\(pid)", "--nofile=\(soft):\(hard)"], environment: [:], limit: 10)
            #expect(restored.status == 0, "prlimit: \(restored.output)")
            try await Task.sleep(for: .milliseconds(300))
            let spoken = try await blocking { try daemon.client.call("prompt.speak", german) }
            #expect(spoken["result"] == .string("finished") && spoken["voice"] == .string("de"), "\(spoken)")
        }
    }
}
