import AudioTestSupport
import Foundation
import ProcessSupport
import RPC
import Testing

/// Item 4 of issue 50: SIGHUP, SIGUSR1, SIGUSR2 and SIGQUIT while a prompt ducks another program's
/// music, or mutes its spoken stream, restore it, as SIGTERM does, then end voxnavd with 128 + the
/// signal's number, a failure, so that systemd's `Restart=on-failure` starts it again. Before, SIGHUP
/// and SIGUSR1 ended it at once (the music left at 16870 of 30000, the spoken stream muted; SIGHUP a
/// clean exit for systemd), and SIGQUIT printed the runtime's backtrace and left it running, a thread
/// of the runtime's crash handler spinning. The real voxnavd over its socket, read back with pactl;
/// on all three servers (scripts/test).
///
/// Each signal once on each server, with the music or the spoken stream in turn, the turn one further
/// on desktop PulseAudio: the bare and the desktop run together take every signal with each stream.
/// The exit is one path for every signal (`StopSignals`); what is undone depends on the stream.
@Suite(.serialized) struct StopSignalTests {
    static let prompt = "In 800 meters, at the roundabout, take the third exit onto Solar Circle, then keep left."

    /// Another program's stream the prompt ducks (music) or mutes (spoken audio, no player to pause it).
    /// One at a time: spoken audio started beside the music would stop it, for the policy.
    enum Stream: String, Sendable {
        case music, spoken
    }

    static let signals = [SIGHUP, SIGUSR1, SIGUSR2, SIGQUIT]

    /// The stream `signal` is sent over on this run's server.
    static func stream(for signal: Int32) -> Stream {
        let turn = signals.firstIndex(of: signal)! + (PulseProbe.serverName == "pulse-desktop" ? 1 : 0)
        return turn % 2 == 0 ? .music : .spoken
    }

    @Test(arguments: signals)
    func aStopSignalMidDuckRestoresTheStreamThenExitsForARestart(_ signal: Int32) async throws {
        try PulseProbe.requireServer()
        let kind = Self.stream(for: signal)
        try await AudioServerLock.shared.withLock {
            let own = 30000
            let player = try ForeignPlayer(applicationName: "Signal \(kind.rawValue)", properties: ["media.role": kind.rawValue], volume: own)
            defer { player.stop() }
            let index = try await player.waitForSinkInput().index
            func stream() throws -> PulseProbe.SinkInput? { try PulseProbe.sinkInputs().first { $0.index == index } }
            // No session bus: the spoken stream has no player to pause it, so it is muted.
            let daemon = try await RealDaemon.start(environment: ["DBUS_SESSION_BUS_ADDRESS": ""])
            let process = daemon.process
            _ = try await blocking { try daemon.client.call("prompt.speak", .object(["text": .string(Self.prompt), "wait": .bool(false)])) }
            let lowered = try await poll(seconds: 5) { () -> PulseProbe.SinkInput? in
                guard let stream = try stream() else { return nil }
                return kind == .music ? (stream.volumes.allSatisfy { $0 < own } ? stream : nil) : (stream.muted ? stream : nil)
            }
            #expect(lowered != nil, "the \(kind) stream was never \(kind == .music ? "ducked" : "muted"): the test shows nothing")

            let sent = Date()
            kill(process.processIdentifier, signal)
            for _ in 0..<100 where process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
            let exitedAfter = Date().timeIntervalSince(sent)
            if process.isRunning {
                // Still running: whether a thread spins, from the CPU time it takes over 3 s.
                let spent = try Self.cpuSeconds(of: process.processIdentifier)
                try await Task.sleep(for: .seconds(3))
                let spinning = try Self.cpuSeconds(of: process.processIdentifier) - spent
                Issue.record("voxnavd still runs 5 s after signal \(signal), using \(spinning) CPU-s in 3 s: killed")
                process.signal(SIGKILL)
                process.waitUntilExit()
            }
            #expect(process.terminationSignal == nil, "ended by signal \(process.terminationSignal ?? 0), not an exit")
            #expect(process.terminationStatus == 128 + signal, "exit status \(process.terminationStatus ?? -1)")
            let after = try #require(try stream())
            print(
                "stop signal \(signal), \(kind): \(lowered.map { "\($0.volumes) muted \($0.muted)" } ?? "-") before; exited after \(String(format: "%.2f", exitedAfter)) s with \(process.terminationStatus ?? -1); \(after.volumes) muted \(after.muted) after"
            )
            #expect(after.volumes.allSatisfy { $0 == own } && !after.muted, "left at \(after.volumes), muted \(after.muted)")
            #expect(!FileManager.default.fileExists(atPath: daemon.socket), "the socket was left behind")
        }
    }

    /// User and system CPU time a process has used, from /proc/PID/stat, in seconds.
    static func cpuSeconds(of pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command's closing parenthesis: state is 3, utime 14, stime 15.
        let fields = stat[stat.range(of: ")", options: .backwards)!.upperBound...].split(separator: " ")
        let ticks = Double(fields[11])! + Double(fields[12])!
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
