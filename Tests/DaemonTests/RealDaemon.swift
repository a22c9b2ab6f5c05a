import AudioTestSupport
import Foundation
import ProcessSupport
import RPC
import RPCSocket
import Testing

/// The real voxnavd executable on a socket of its own, with a connected client, for one test.
struct RealDaemon {
    let process: ChildProcess
    let client: RPCClient
    let socket: String

    static func start(arguments: [String] = [], environment: [String: String] = [:]) async throws -> RealDaemon {
        try PulseProbe.requireServer()
        let socket = FileManager.default.temporaryDirectory.appendingPathComponent("voxnavd-\(UUID().uuidString.prefix(8))/voxnav.sock").path
        let (process, client) = try await startDaemon(socket: socket, arguments: arguments, environment: environment)
        let daemon = RealDaemon(process: process, client: client, socket: socket)
        if !arguments.contains("--ssip-socket") { try await daemon.untilSSIPSocketIsThere() }
        return daemon
    }

    /// Returns once the SSIP socket beside the JSON-RPC one is there: voxnavd binds it just after the
    /// JSON-RPC socket, which `startDaemon` waits for (a test that connected at once was once refused,
    /// "No such file or directory", on a loaded machine).
    private func untilSSIPSocketIsThere() async throws {
        guard await poll(seconds: 10, { FileManager.default.fileExists(atPath: ssipSocket) ? true : nil }) != nil else {
            throw PulseProbe.ProbeError(description: "voxnavd did not open \(ssipSocket)")
        }
    }

    /// Another connection: a client of its own.
    func connect() throws -> RPCClient { try RPCClient(socketPath: socket) }

    /// SIGTERM, as a user stops it; waits up to 5 s for it to exit. One still running then is a
    /// defect (it would hang its service's stop): recorded, and killed, so that it outlives neither
    /// the test nor the test run.
    func stop() async {
        kill(process.processIdentifier, SIGTERM)
        for _ in 0..<100 where process.isRunning { try? await Task.sleep(for: .milliseconds(50)) }
        guard process.isRunning else { return }
        Issue.record("voxnavd (pid \(process.processIdentifier)) did not exit within 5 s of SIGTERM: killed")
        process.signal(SIGKILL)
        process.waitUntilExit()
    }
}

extension RealDaemon {
    /// A real voxnavd whose simulated sources play on the `cabin` sink (`--sources-sink`), so that
    /// `car.monitor` hears the prompts alone, under the audio server lock. The daemon stops before the
    /// sink goes, pass or fail: unloaded under its sources, they would move to `car` and be heard by
    /// the next test.
    static func withCabin(
        arguments: [String] = [], fileID: String = #fileID, line: Int = #line, _ body: @Sendable (RealDaemon) async throws -> Void
    ) async throws {
        try await AudioServerLock.shared.withLock(fileID: fileID, line: line) {
            let cabin = try CabinSink()
            defer { cabin.unload() }
            try await RealDaemon.start(arguments: ["--sources-sink", CabinSink.name] + arguments).stopped(after: body)
        }
    }

    /// A real voxnavd for `body`, under the audio server lock held for `use`, stopped once `body` has
    /// returned or thrown: none outlives its test (a stop left to a `Task` may come after the test
    /// process has exited).
    static func whileRunning<T: Sendable>(
        _ use: AudioServerLock.Use = .alone, arguments: [String] = [], fileID: String = #fileID, line: Int = #line,
        _ body: @Sendable (RealDaemon) async throws -> T
    ) async throws -> T {
        try await AudioServerLock.shared.withLock(use, fileID: fileID, line: line) {
            try await RealDaemon.start(arguments: arguments).stopped(after: body)
        }
    }

    /// What `body` returns, this daemon stopped after it, pass or fail.
    func stopped<T: Sendable>(after body: @Sendable (RealDaemon) async throws -> T) async throws -> T {
        do {
            let result = try await body(self)
            await stop()
            return result
        } catch {
            await stop()
            throw error
        }
    }
}

/// The simulated FM radio as a test follows it through prompts: its stream as it first played, its
/// volume read from the server throughout, and `car.monitor` heard (the prompts alone, with the
/// sources on `cabin`).
struct WatchedRadio {
    let radio: PulseProbe.SinkInput
    let watcher: VolumeWatcher
    let capture: MonitorCapture

    /// Waits for the radio to be back at its own volume, lets 200 ms more pass, and stops reading:
    /// the radio as it settled (or as last seen), every volume read, and what `car.monitor` heard.
    func settle() async throws -> (restored: PulseProbe.SinkInput?, readings: [VolumeWatcher.Reading], heard: [Int16]) {
        let restored = try await PulseProbe.settled("Car FM Radio (simulated)", volumes: radio.volumes)
        try await Task.sleep(for: .milliseconds(200))
        return (restored, await watcher.stop(), capture.stop())
    }
}

extension RealDaemon {
    /// The simulated FM radio started through the daemon, watched once it plays, with a capture of
    /// `car.monitor` that already hears.
    func watchedRadio() async throws -> WatchedRadio {
        _ = try await blocking { try client.call("source.start", .object(["kind": .string("fmRadio")])) }
        let radio = try #require(try await PulseProbe.settled("Car FM Radio (simulated)"))
        let watcher = VolumeWatcher { try PulseProbe.sinkInputs().first { $0.index == radio.index } }
        let capture = try MonitorCapture(sampleRate: 16000)
        try await capture.waitForAudio(seconds: 0.2)
        return WatchedRadio(radio: radio, watcher: watcher, capture: capture)
    }
}

/// A second null sink, `cabin`, on the test server for the length of one test: where the simulated
/// car sources play, so that `car` carries the prompts alone.
struct CabinSink {
    static let name = "cabin"
    let module: String

    init() throws {
        let output = try PulseProbe.run("pactl", ["load-module", "module-null-sink", "sink_name=\(Self.name)"])
        module = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func unload() { _ = try? PulseProbe.run("pactl", ["unload-module", module]) }
}

extension PulseProbe {
    /// The stream of `application`, once it is set up (and, given `volumes`, once it plays at them),
    /// waiting up to 3 s; else the latest seen.
    static func settled(_ application: String, volumes: [Int]? = nil) async throws -> SinkInput? {
        var found: SinkInput?
        for _ in 0..<60 {
            found = try sinkInput(application: application)
            if let found, found.isSetUp, volumes == nil || (found.volumes == volumes && !found.corked) { return found }
            try await Task.sleep(for: .milliseconds(50))
        }
        return found
    }
}
