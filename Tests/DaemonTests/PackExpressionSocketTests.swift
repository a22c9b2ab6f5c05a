import AudioTestSupport
import Foundation
import RPC
import Testing

/// Issue 50, row 14: a user's `--voices` directory whose en-US pack had `^(a+)+$` among its route
/// rules; a maneuver onto a road named 30 a's and a `!` took the engine 64 CPU-s, and every client
/// waited 65 s. The real voxnavd over its socket (on the test's PulseAudio server): the pack is
/// refused at start, naming the expression in the log, and the maneuver is answered while another
/// client's `state.get` is answered at once.
@Suite struct PackExpressionSocketTests {
    @Test func aCatastrophicExpressionInAUsersPackCannotHoldTheDaemon() async throws {
        try PulseProbe.requireServer()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-voices-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let shipped = Executables.directory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("voices").path
        for file in try FileManager.default.contentsOfDirectory(atPath: shipped) where file.hasSuffix(".yaml") {
            try FileManager.default.copyItem(atPath: shipped + "/" + file, toPath: directory + "/" + file)
        }
        let pack = try String(contentsOfFile: directory + "/en-US.yaml", encoding: .utf8)
        #expect(pack.contains("\n  routes:\n"))
        try pack.replacingOccurrences(of: "\n  routes:\n", with: "\n  routes:\n    - { match: '^(a+)+$', say: 'A' }\n")
            .write(toFile: directory + "/en-US.yaml", atomically: true, encoding: .utf8)
        let log = directory + "/voxnavd.log"

        try await AudioServerLock.shared.withLock {
            let socket = directory + "/run/voxnav.sock"
            let (process, client) = try await startDaemon(socket: socket, log: log, arguments: ["--voices", directory])
            let daemon = RealDaemon(process: process, client: client, socket: socket)
            let other = try daemon.connect()
            client.setReadTimeout(20)
            other.setReadTimeout(5)
            let road = String(repeating: "a", count: 30) + "!"
            let maneuver = Task {
                try await blocking {
                    try client.call(
                        "prompt.speak",
                        .object([
                            "language": .string("en-US"),
                            "maneuver": .object(["type": .string("rightTurn"), "roadName": .string(road), "state": .string("execute")]),
                        ]))
                }
            }
            try await Task.sleep(for: .milliseconds(300))
            let started = ContinuousClock.now
            let state = try? await blocking { try other.call("state.get") }
            let waited = ContinuousClock.now - started
            #expect(state != nil && waited < .seconds(1), "state.get answered after \(waited)")
            let spoken = try? await maneuver.value
            #expect(spoken != nil, "the maneuver got no answer")
            await daemon.stop()
        }
        let logged = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(logged.contains("regular expression ^(a+)+$ refused"), "\(logged)")
    }
}
