import AudioTestSupport
import Foundation
import ProcessSupport
import RPC
import RPCSocket
import Testing

/// voxnavd as a user runs it: the real executable, its arguments, and its shutdown.
@Suite struct DaemonLifecycleTests {
    static let binary = Executables.path("voxnavd")

    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) { try Executables.run("voxnavd", arguments) }

    @Test func helpAndBadArgumentsAreClear() throws {
        let help = try run(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("--socket") && help.output.contains("--policy") && help.output.contains("--log-level"))
        let badDuck = try run(["--duck-level", "5"])
        #expect(badDuck.status != 0)
        #expect(badDuck.output.contains("--duck-level must be between -96 and 0 dB"))
        let missing = try run(["--policy", "/nonexistent/policy.yaml"])
        #expect(missing.status != 0)
        #expect(missing.output.contains("cannot read the policy file /nonexistent/policy.yaml"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-policy-\(UUID()).yaml")
        try "activation:\n  idleCap: 9\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let invalid = try run(["--policy", file.path])
        #expect(invalid.status != 0)
        #expect(invalid.output.contains("idleCap"), "\(invalid.output)")
    }

    /// A voxnavd whose data cannot be found (copied out of its checkout, nothing installed) says where
    /// it looked and exits 64, instead of stopping on the built-in policy it cannot read.
    @Test func withoutItsDataItSaysWhereItLookedAndExits() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("voxnavd-alone-\(UUID().uuidString.prefix(8))")
        let empty = prefix.appendingPathComponent("data").path
        try FileManager.default.createDirectory(atPath: prefix.appendingPathComponent("bin").path, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: prefix) }
        let copy = prefix.appendingPathComponent("bin/voxnavd").path
        try Executables.copyProgram(Self.binary, to: copy)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = empty
        environment["XDG_DATA_DIRS"] = empty
        let alone = try Executables.run(path: copy, ["--socket", prefix.appendingPathComponent("run/voxnav.sock").path], environment: environment)
        #expect(alone.status == 64, "\(alone.output)")
        #expect(alone.output.contains("the built-in policy policy/default.yaml is in none of: \(empty)/voxnav/policy/default.yaml"), "\(alone.output)")
        #expect(!alone.output.contains("Fatal error"), "\(alone.output)")
    }

    @Test func sigtermMidPromptRestoresEverySourceAndRemovesTheSocket() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let player = try ForeignPlayer(applicationName: "Third-party player", properties: ["media.role": "music"], volume: 40000)
            defer { player.stop() }
            let before = try await player.waitForSinkInput()

            let socket = FileManager.default.temporaryDirectory.appendingPathComponent("voxnavd-\(UUID().uuidString.prefix(8))/voxnav.sock").path
            let (daemon, connection) = try await startDaemon(socket: socket)
            let request = JSONValue.object(["text": .string("In 800 meters, at the roundabout, take the third exit onto Solar Circle."), "wait": .bool(false)])
            _ = try await blocking { try connection.call("prompt.speak", request) }
            // Wait until the music is ducked: the prompt is playing.
            var ducked = false
            for _ in 0..<60 where !ducked {
                ducked = try PulseProbe.sinkInputs().first { $0.index == before.index }?.volumes != before.volumes
                if !ducked { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(ducked, "the music was never ducked")

            kill(daemon.processIdentifier, SIGTERM)
            for _ in 0..<100 where daemon.isRunning { try await Task.sleep(for: .milliseconds(50)) }
            #expect(!daemon.isRunning, "voxnavd did not exit within 5 s of SIGTERM")
            #expect(daemon.terminationStatus == 0)
            let after = try #require(try PulseProbe.sinkInputs().first { $0.index == before.index })
            #expect(after.volumes == before.volumes, "music left at \(after.volumes) instead of \(before.volumes)")
            #expect(!after.muted)
            #expect(!FileManager.default.fileExists(atPath: socket))
            #expect(try PulseProbe.sinkInput(application: "VoxNav") == nil, "the prompt stream outlived the daemon")
        }
    }
}

/// Sessions, prompt style, sources and the audit over the socket.
@Suite struct SessionMethodTests {
    @Test func sessionsStyleSourcesAndAuditOverTheSocket() async throws {
        try await AudioServerLock.shared.withLock {
            let daemon = try await DaemonHarness.start()
            let client = try daemon.client()
            _ = try await blocking { try client.call("source.start", .object(["kind": .string("fmRadio")])) }
            let list = try await blocking { try client.call("source.list") }
            #expect(list["sources"]?.arrayValue?.first?["kind"] == .string("fmRadio"))

            let impossible = try await blocking {
                try client.exchange(#"{"jsonrpc":"2.0","id":1,"method":"session.configure","params":{"category":"record","options":["duckOthers"]}}"#)
            }
            #expect(impossible["error"]?["code"] == .number(-32602))
            #expect(impossible["error"]?["message"]?.stringValue?.contains("impossible session configuration") == true)
            let unknownOption = try await blocking {
                try client.exchange(#"{"jsonrpc":"2.0","id":2,"method":"session.configure","params":{"category":"playback","options":["loud"]}}"#)
            }
            #expect(unknownOption["error"]?["message"]?.stringValue?.contains("loud") == true)
            let notConfigured = try await blocking { try client.exchange(#"{"jsonrpc":"2.0","id":3,"method":"session.setActive","params":{"active":true}}"#) }
            #expect(notConfigured["error"]?["code"] == .number(-32000))

            #expect(try await blocking { try client.call("session.promptStyle") }["style"] == .string("normal"))
            let configured = try await blocking { try client.call("session.configure", .object(["category": .string("playback")])) }
            #expect(configured["configured"]?["options"] == .array([]))
            let on = try await blocking { try client.call("session.setActive", .object(["active": .bool(true)])) }
            let effects = on["effects"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(effects.contains { $0.contains("fmRadio") && $0.contains("stopped") }, "\(effects)")
            let audit = try await blocking { try client.call("audit.get", .object(["all": .bool(false)])) }
            #expect(audit["violations"]?.arrayValue?.contains { $0["rule"] == .string("nonMixingSessionStoppedRadio") } == true)
            let off = try await blocking { try client.call("session.setActive", .object(["active": .bool(false)])) }
            #expect(off["active"] == .bool(false))
            let state = try await blocking { try client.call("state.get") }
            #expect(state["sessionActive"] == .bool(false))
            #expect(state["sources"]?.arrayValue?.isEmpty == true, "the radio should have been switched off")
            await daemon.stop()
        }
    }
}

/// Starts the real voxnavd on `socket` and returns it with a connected client.
/// - Parameter pulseServer: the sound server it uses (default: the environment's PULSE_SERVER).
/// - Parameter log: a file its log (warnings and worse) is appended to.
/// `fileLimit`: the daemon runs under `ulimit -n` of that many descriptors (soft and hard).
func startDaemon(
    socket: String, pulseServer: String? = nil, log: String? = nil, arguments: [String] = [], fileLimit: Int? = nil,
    environment: [String: String] = [:]
) async throws -> (ChildProcess, RPCClient) {
    // VOXNAV_TEST_DAEMON_LOG=FILE: every daemon the tests start logs at debug level to FILE. Without
    // either, its warnings go to a file of its own, shown if it never opens its socket.
    let debugLog = ProcessInfo.processInfo.environment["VOXNAV_TEST_DAEMON_LOG"]
    let ownLog = log == nil && debugLog == nil
    let log = log ?? debugLog ?? FileManager.default.temporaryDirectory.appendingPathComponent("voxnavd-\(UUID().uuidString.prefix(8)).log").path
    var program = DaemonLifecycleTests.binary
    var arguments = ["--socket", socket, "--log-level", debugLog == nil ? "warning" : "debug"] + arguments
    if let fileLimit {
        arguments = ["-c", "ulimit -n \(fileLimit) && exec \"$0\" \"$@\"", program] + arguments
        program = "/bin/sh"
    }
    var variables = environment
    if let pulseServer { variables["PULSE_SERVER"] = pulseServer }
    let daemon = try ChildProcess(
        program, arguments, environment: variables.isEmpty ? nil : ProcessInfo.processInfo.environment.merging(variables) { $1 },
        output: .discard, error: .file(log, append: true))
    // 20 s: on a PipeWire stack of its own just started, beside two other parts' servers, one took
    // longer than 10 s once (SoundServerRestartTests in a fresh-clone run of 2026-12-01).
    for _ in 0..<400 {
        if let client = try? RPCClient(socketPath: socket) {
            // The daemon goes on writing to it, unlinked: nothing is left behind.
            if ownLog { try? FileManager.default.removeItem(atPath: log) }
            return (daemon, client)
        }
        try await Task.sleep(for: .milliseconds(50))
    }
    daemon.signal(SIGKILL)
    daemon.waitUntilExit()
    let said = (try? String(contentsOfFile: log, encoding: .utf8)).map { String($0.suffix(2000)) } ?? ""
    throw PulseProbe.ProbeError(description: "voxnavd did not open \(socket) within 20 s; its log ends: \(said.isEmpty ? "(nothing)" : said)")
}

/// A daemon killed with SIGKILL mid-prompt is undone by the next one, from the journal.
@Suite struct CrashRecoveryTests {
    @Test func sigkillMidPromptIsUndoneByTheNextDaemon() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let player = try ForeignPlayer(applicationName: "Third-party player", properties: ["media.role": "music"], volume: 40000)
            defer { player.stop() }
            let before = try await player.waitForSinkInput()
            let socket = FileManager.default.temporaryDirectory.appendingPathComponent("voxnavd-\(UUID().uuidString.prefix(8))/voxnav.sock").path
            let journal = (socket as NSString).deletingLastPathComponent + "/journal.json"

            let (first, connection) = try await startDaemon(socket: socket)
            let request = JSONValue.object(["text": .string("In 800 meters, at the roundabout, take the third exit onto Solar Circle."), "wait": .bool(false)])
            _ = try await blocking { try connection.call("prompt.speak", request) }
            var ducked: [Int] = before.volumes
            for _ in 0..<60 where ducked == before.volumes {
                try await Task.sleep(for: .milliseconds(50))
                ducked = try PulseProbe.sinkInputs().first { $0.index == before.index }?.volumes ?? before.volumes
            }
            #expect(ducked != before.volumes, "the music was never ducked")
            #expect(FileManager.default.fileExists(atPath: journal), "no journal was written before the duck")

            kill(first.processIdentifier, SIGKILL)
            first.waitUntilExit()
            try await Task.sleep(for: .milliseconds(300))
            let abandoned = try #require(try PulseProbe.sinkInputs().first { $0.index == before.index })
            #expect(abandoned.volumes != before.volumes, "nothing was left ducked: the test shows nothing")

            // The next daemon undoes it as it starts, before it serves anyone.
            let (second, _) = try await startDaemon(socket: socket)
            let restored = try #require(try PulseProbe.sinkInputs().first { $0.index == before.index })
            #expect(restored.volumes == before.volumes, "left at \(restored.volumes), expected \(before.volumes)")
            #expect(!restored.muted)
            #expect(!FileManager.default.fileExists(atPath: journal), "the journal should be gone once replayed")
            kill(second.processIdentifier, SIGTERM)
            second.waitUntilExit()
        }
    }

    /// The simulated sources die with a killed daemon; the next one starts them again from the
    /// journal, the podcast where it was. A clean shutdown stops them for good.
    @Test func theNextDaemonStartsAKilledDaemonsSourcesAgainThePodcastWhereItWas() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let podcastApp = "Podcast Player (simulated)"
            let socket = FileManager.default.temporaryDirectory.appendingPathComponent("voxnavd-\(UUID().uuidString.prefix(8))/voxnav.sock").path
            let journal = (socket as NSString).deletingLastPathComponent + "/journal.json"
            let (first, connection) = try await startDaemon(socket: socket)
            _ = try await blocking { try connection.call("source.start", .object(["kind": .string("spokenAudio")])) }
            // A place in the programme to come back to: more than a second in (a loaded machine may
            // take a while to start it playing, so wait for the place, not for a time).
            let played = try await poll(seconds: 10) { () -> Double? in
                let state = try connection.call("state.get")
                return state["sources"]?.arrayValue?.first?["position"]?.doubleValue.flatMap { $0 > 1 ? $0 : nil }
            }
            let place = played ?? 0
            kill(first.processIdentifier, SIGKILL)
            first.waitUntilExit()
            #expect(place > 1, "the podcast never played")
            try await Task.sleep(for: .milliseconds(300))
            #expect(try PulseProbe.sinkInput(application: podcastApp) == nil, "the podcast outlived its daemon: the test shows nothing")
            #expect(FileManager.default.fileExists(atPath: journal))

            let (second, again) = try await startDaemon(socket: socket)
            var podcast: JSONValue?
            for _ in 0..<20 where podcast?["position"]?.doubleValue == nil {
                let restarted = try await blocking { try again.call("state.get") }
                podcast = restarted["sources"]?.arrayValue?.first { $0["kind"] == .string("spokenAudio") }
                if podcast?["position"]?.doubleValue == nil { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(podcast?["state"] == .string("playing"))
            let resumedAt = try #require(podcast?["position"]?.doubleValue, "the podcast was not started again")
            // Journalled every 250 ms; the new daemon has played a little since it started.
            #expect(resumedAt > place - 0.5 && resumedAt < place + 1, "was at \(place) s, resumed at \(resumedAt) s")
            let stream = try #require(try PulseProbe.sinkInput(application: podcastApp), "no podcast stream on the server")
            #expect(!stream.corked)

            kill(second.processIdentifier, SIGTERM)
            second.waitUntilExit()
            #expect(second.terminationStatus == 0)
            #expect(!FileManager.default.fileExists(atPath: journal), "a clean shutdown leaves nothing to start again")
            #expect(try PulseProbe.sinkInput(application: podcastApp) == nil)
        }
    }
}
