import AudioTestSupport
import Foundation
import ProcessSupport
import PulseServer
import RPC
import RPCSocket
import Testing

/// A sound server that is there but does not answer (SIGSTOP): the real voxnavd still answers
/// `state.get`, exits within 2 s of SIGTERM, and a fresh start says why it cannot start instead of
/// hanging; once the server answers again, the next daemon restores what was left ducked.
@Suite struct HungServerTests {
    @Test func aStoppedServerHangsNothing() async throws {
        try PulseProbe.requireServer()
        let server = try NullSinkServer(name: "voxnav-hung")
        defer {
            if let pid = server.processIdentifier { kill(pid, SIGCONT) }
            server.stop()
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voxnavd-hung-\(UUID().uuidString.prefix(8))")
        let socket = directory.appendingPathComponent("voxnav.sock").path
        let log = directory.path + ".log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let (daemon, client) = try await startDaemon(socket: socket, pulseServer: server.address, log: log)
        defer {
            if daemon.isRunning {
                kill(daemon.processIdentifier, SIGKILL)
                daemon.waitUntilExit()
            }
        }
        _ = try await blocking { try client.call("source.start", .object(["kind": .string("fmRadio")])) }
        #expect(try PulseProbe.sinkInputs(server: server.address).contains { $0.applicationName.contains("Car FM Radio") })
        // A long prompt ducks the radio; the server stops in the middle of it.
        _ = try await blocking {
            try client.call(
                "prompt.speak", .object(["text": .string("In eight hundred meters, at the roundabout, take the third exit."), "wait": .bool(false)]))
        }
        try await Task.sleep(for: .milliseconds(600))
        let pid = try #require(server.processIdentifier)
        kill(pid, SIGSTOP)

        // state.get answers from the engine's own state, without the server's read-back.
        let asked = Date()
        let state = try await blocking { try RPCClient(socketPath: socket).call("state.get") }
        let answered = Date().timeIntervalSince(asked)
        let sources = state["sources"]?.arrayValue ?? []
        print("measured: state.get answered in \(answered) s with the server stopped")
        // Its read-back is given up after 0.5 s; the bound is below a libpulse request's own 3 s
        // (what a state.get that waited for the server would take), not 0.5 s and a little: on a
        // loaded 2-core CI machine, beside three other parts' servers, it once answered in 2.27 s.
        #expect(answered < 2.9, "state.get took \(answered) s")
        #expect(sources.count == 1 && sources.first?["volume"] == .array([]), "\(sources)")

        // A source started now needs a stream the server does not create: refused within 3 s and a
        // little (it was libpulse's own 30 s), saying why, and nothing is left behind.
        let starting = Date()
        let refused = try await blocking { () -> String in
            do {
                _ = try RPCClient(socketPath: socket).call("source.start", .object(["kind": .string("spokenAudio")]))
                return "started"
            } catch {
                return "\(error)"
            }
        }
        let refusedAfter = Date().timeIntervalSince(starting)
        #expect(refusedAfter < 4.5, "source.start answered after \(refusedAfter) s")
        #expect(refused.contains("did not create the stream"), "\(refused)")

        // SIGTERM: out within 2 s, the socket gone, whatever the server does. The signal and the
        // wait for the exit are on a thread of their own: timed with `Task.sleep` on the cooperative
        // pool, beside the other suites' tests on a loaded 2-core CI machine, the wait once read 2 s
        // and more.
        let exitedAfter = try await blocking { () -> Double in
            let terminated = Date()
            kill(daemon.processIdentifier, SIGTERM)
            _ = daemon.waitUntilExit(within: 5)
            return Date().timeIntervalSince(terminated)
        }
        #expect(!daemon.isRunning && exitedAfter < 2, "voxnavd still ran \(exitedAfter) s after SIGTERM")
        #expect(!FileManager.default.fileExists(atPath: socket))
        // Out through the ServiceGroup's graceful-shutdown limit, the server given up, with status 1:
        // not through the last-resort watchdog.
        let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(
            daemon.terminationSignal == nil && daemon.terminationStatus == 1,
            "signal \(daemon.terminationSignal ?? 0), status \(daemon.terminationStatus ?? -1)")
        #expect(said.contains("exited without them; the next voxnavd restores them from the journal"), "\(said.suffix(600))")
        #expect(!said.contains("still running 1.9 s after SIGTERM"), "\(said.suffix(600))")

        // A fresh start says why it cannot start, instead of hanging without a socket.
        let started = Date()
        let fresh = try await blocking {
            try Executables.run("voxnavd", ["--socket", socket], environment: ["PULSE_SERVER": server.address])
        }
        let failedAfter = Date().timeIntervalSince(started)
        print(
            "hung server: state.get answered in \(Int(answered * 1000)) ms, source.start refused after \(Int(refusedAfter * 1000)) ms, SIGTERM exit after \(Int(exitedAfter * 1000)) ms, a fresh start failed after \(Int(failedAfter * 1000)) ms"
        )
        #expect(fresh.status != 0 && fresh.output.contains("did not answer within"), "\(fresh)")
        #expect(failedAfter < 8)

        // The server answers again: the next daemon takes over the journal the first one left, and
        // starts the radio again, playing at its own volume.
        kill(pid, SIGCONT)
        let (next, nextClient) = try await startDaemon(socket: socket, pulseServer: server.address)
        defer {
            kill(next.processIdentifier, SIGTERM)
            next.waitUntilExit()
        }
        let after = try await blocking { try nextClient.call("state.get") }
        let radio = after["sources"]?.arrayValue?.first
        #expect(radio?["kind"] == .string("fmRadio") && radio?["state"] == .string("playing"), "\(after)")
        #expect(radio?["volume"]?.arrayValue?.isEmpty == false)
    }
}
