import FoundationEssentials
import ProcessSupport
import Synchronization

/// A private PipeWire stack — `pipewire`, `wireplumber` (its default policy, restore-stream state
/// kept in the runtime directory) and `pipewire-pulse` — on a `dbus-daemon --session` of its own,
/// in a runtime directory of its own, with a null sink `car` loaded through pipewire-pulse
/// (`pactl load-module module-null-sink`) and made the default: the Swift twin of
/// scripts/with-pipewire, for tests that kill the server and start it again.
///
/// `kill()` kills what `restart` says: pipewire-pulse alone (PipeWire and WirePlumber go on), or
/// the whole stack. `start()` starts whatever is not running. Where pipewire-pulse alone restarts,
/// the null sink is a node that pipewire-pulse owns: it dies with pipewire-pulse and `start()` loads
/// it again (WirePlumber remembers it as the configured default, so it is the default again as soon
/// as it is there). Where the whole stack restarts, it is PipeWire's own node, created before
/// pipewire-pulse starts again, as a desktop's devices are there before its clients (the first
/// start loads it through pipewire-pulse, as for the other restart).
/// Only the servers get the private XDG_STATE_HOME and XDG_CONFIG_HOME; the bus address is
/// `unix:path=<runtime>/bus`.
public final class PipeWireServer: TestSoundServer, @unchecked Sendable {
    /// The processes of the stack, in the order they start.
    public enum Part: String, CaseIterable, Sendable {
        case pipewire, wireplumber
        case pipewirePulse = "pipewire-pulse"
    }

    /// What `kill()` kills.
    public enum Restart: String, Sendable {
        /// pipewire-pulse alone; PipeWire and WirePlumber go on.
        case pulseServer
        /// pipewire, wireplumber and pipewire-pulse, together.
        case wholeStack

        public var parts: [Part] { self == .pulseServer ? [.pipewirePulse] : Part.allCases }
    }

    public let runtimeDirectory: URL
    public let restart: Restart
    /// The session bus the servers use.
    public var busAddress: String { "unix:path=\(runtimeDirectory.path)/bus" }
    private let environment: [String: String]
    private let lock = Mutex(())
    private var processes: [Part: ChildProcess] = [:]
    private var bus: ChildProcess?
    /// Whether `start()` has brought the stack up before: only a restart creates the sink in PipeWire.
    private var startedOnce = false

    /// - Parameter wireplumberConfig: a WirePlumber configuration directory added to its own (as
    ///   scripts/with-pipewire's `VOXNAV_WIREPLUMBER_CONFIG`), e.g. scripts/wireplumber-endpoints.
    public init(name: String = "voxnav-pipewire", restart: Restart = .wholeStack, wireplumberConfig: URL? = nil) throws {
        self.restart = restart
        runtimeDirectory = try ServerTools.makeRuntimeDirectory(name: name)
        let directory = runtimeDirectory.path
        for sub in ["state", "config"] {
            try FileManager.default.createDirectory(atPath: "\(directory)/\(sub)", withIntermediateDirectories: true)
        }
        if let wireplumberConfig {
            try FileManager.default.copyItem(at: wireplumberConfig, to: runtimeDirectory.appendingPathComponent("config/wireplumber"))
        }
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = directory
        env["PIPEWIRE_RUNTIME_DIR"] = directory
        env["XDG_STATE_HOME"] = directory + "/state"
        env["XDG_CONFIG_HOME"] = directory + "/config"
        env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(directory)/bus"
        // Nothing of the caller's servers (scripts/with-pulse exports some of these).
        for key in ["PULSE_SERVER", "PULSE_RUNTIME_PATH", "PULSE_STATE_PATH", "PULSE_COOKIE", "PIPEWIRE_REMOTE", "PIPEWIRE_CONFIG_DIR"] {
            env[key] = nil
        }
        environment = env
        do {
            try start()
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// The process id of a part while it runs.
    public func processIdentifier(of part: Part) -> Int32? {
        lock.withLock { _ in processes[part].flatMap { $0.isRunning ? $0.processIdentifier : nil } }
    }

    /// Starts every part that is not running (and the bus), loads the null sink `car` if it is not
    /// there, makes it the default, and returns once pipewire-pulse answers with it.
    public func start() throws {
        try lock.withLock { _ in
            try startBus()
            for part in Part.allCases where !(processes[part]?.isRunning ?? false) {
                if part == .pipewire {
                    // A killed pipewire leaves its socket behind; the next one would be waited for on it.
                    try? FileManager.default.removeItem(atPath: runtimeDirectory.path + "/pipewire-0")
                }
                if part == .pipewirePulse && restart == .wholeStack && startedOnce { try createSinkInPipeWire() }
                try launch(part)
                if part == .pipewire {
                    guard ServerTools.wait(seconds: 5, until: { FileManager.default.fileExists(atPath: runtimeDirectory.path + "/pipewire-0") }) else {
                        throw failure("pipewire did not open its socket")
                    }
                }
            }
            guard ServerTools.wait(seconds: 5, until: { ServerTools.pactl(address, ["info"]) != nil }) else {
                throw failure("pipewire-pulse did not answer")
            }
            // pipewire-pulse lists the sink once WirePlumber has configured its node. Just after a
            // whole-stack start the load may fail (seen under load in a full test run): tried again.
            // WirePlumber 0.4 can also wedge after a restart among streams that come and go (its log:
            // "pending linkable(s) not activated in 20sec. This should never happen."): then it
            // configures no node, the sink included, and a WirePlumber started afresh does.
            var wireplumberRestarted = false
            let started = Date()
            let loaded = ServerTools.wait(seconds: 40, interval: 0.2) {
                if ServerTools.hasSink(address) { return true }
                if !wireplumberRestarted, Date().timeIntervalSince(started) > 10 {
                    wireplumberRestarted = true
                    restartWirePlumberLocked()
                }
                ServerTools.pactl(
                    address,
                    [
                        "load-module", "module-null-sink", "sink_name=\(ServerTools.sinkName)", "sink_properties=device.description=Car",
                    ])
                return ServerTools.wait(seconds: 2, until: { ServerTools.hasSink(address) })
            }
            guard loaded else { throw failure("pipewire-pulse did not load the null sink") }
            // WirePlumber turns the configured default into the default; a wedged one (as above)
            // never does, and one started afresh does.
            if !ServerTools.makeSinkTheDefault(address) {
                restartWirePlumberLocked()
                guard ServerTools.makeSinkTheDefault(address, seconds: 15) else { throw failure("the null sink is not the default sink") }
            }
            startedOnce = true
        }
    }

    /// Creates the null sink `car` as PipeWire's own node (it outlives the tool that asks for it), so
    /// that it is there before pipewire-pulse answers, as a desktop's devices are. A whole stack
    /// started with clients waiting to reconnect otherwise gets their streams first, into a graph
    /// with no sink: WirePlumber 0.4 then waited on them ("pending linkable(s) not activated in
    /// 20sec") and configured nothing after, the sink loaded later included, even when started afresh.
    private func createSinkInPipeWire() throws {
        let properties = [
            "factory.name=support.null-audio-sink", "node.name=\(ServerTools.sinkName)", "node.description=Car",
            "media.class=Audio/Sink", "object.linger=true", "audio.position=[FL FR]",
        ]
        let (status, output) = try tool("pw-cli", ["create-node", "adapter", "{ \(properties.joined(separator: " ")) }"])
        guard status == 0 else { throw failure("pw-cli could not create the null sink: \(output)") }
    }

    /// Kills WirePlumber and starts it again (the caller holds `lock`).
    private func restartWirePlumberLocked() {
        if let process = processes.removeValue(forKey: .wireplumber) {
            if process.isRunning { ServerTools.killAndWait([process.processIdentifier]) }
            process.waitUntilExit()
        }
        try? launch(.wireplumber)
    }

    /// Kills what `restart` says with SIGKILL, as a crash would, and returns once it is gone.
    public func kill() { kill(restart.parts) }

    /// Kills `parts` with SIGKILL, all at once, and returns once they are gone.
    public func kill(_ parts: [Part]) {
        let killed = lock.withLock { _ in parts.compactMap { part in processes.removeValue(forKey: part) } }
        ServerTools.killAndWait(killed.filter(\.isRunning).map(\.processIdentifier))
        for process in killed { process.waitUntilExit() }
    }

    /// Kills the stack and the bus, and removes the directory.
    public func stop() {
        kill(Part.allCases)
        let bus = lock.withLock { _ -> ChildProcess? in
            defer { self.bus = nil }
            return self.bus
        }
        if let bus {
            if bus.isRunning { ServerTools.killAndWait([bus.processIdentifier]) }
            bus.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }

    /// Sets what WirePlumber remembers for a group of streams (its restore-stream key, e.g.
    /// `Output/Audio:media.role:Music`): linear channel volumes, unmuted. While WirePlumber runs,
    /// through its `route-settings` metadata (as pipewire-pulse's stream-restore writes do); while
    /// it is down, in its state file, which it reads when it starts. For tests that need the server
    /// to remember what a crash could have left there.
    public func setRememberedVolume(ofStreamGroup key: String, channelVolumes: [Double], channels: [String]) throws {
        let volumes = channelVolumes.map { String($0) }
        if processIdentifier(of: .wireplumber) != nil {
            // restore-stream's metadata key: the first ':' of its own key becomes '.'.
            let metadataKey = "restore.stream." + (key.firstIndex(of: ":").map { key[..<$0] + "." + key[key.index(after: $0)...] } ?? Substring(key))
            let json =
                #"{ "mute": false, "volumes": [ \#(volumes.joined(separator: ", ")) ], "channels": [ \#(channels.map { "\"\($0)\"" }.joined(separator: ", ")) ] }"#
            let (status, _) = try tool("pw-metadata", ["-n", "route-settings", "0", metadataKey, json, "Spa:String:JSON"])
            guard status == 0 else { throw ServerError(description: "pw-metadata could not set \(metadataKey)") }
            // WirePlumber owns the metadata: once it shows the value, its restore-stream has taken it.
            guard
                ServerTools.wait(
                    seconds: 2, interval: 0.02,
                    until: {
                        ((try? tool("pw-metadata", ["-n", "route-settings", "0", metadataKey]))?.output ?? "").contains(volumes[0])
                    })
            else { throw ServerError(description: "WirePlumber did not take \(metadataKey)") }
        } else {
            let path = runtimeDirectory.path + "/state/wireplumber/restore-stream"
            try FileManager.default.createDirectory(atPath: runtimeDirectory.path + "/state/wireplumber", withIntermediateDirectories: true)
            let old = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            var lines = old.split(separator: "\n").map(String.init).filter { !$0.hasPrefix(key + ":") }
            if !lines.contains("[restore-stream]") { lines.insert("[restore-stream]", at: 0) }
            lines += [
                "\(key):channelMap=\(channels.map { $0 + ";" }.joined())",
                "\(key):channelVolumes=\(volumes.map { $0 + ";" }.joined())",
                "\(key):mute=false",
                "\(key):volume=1.0",
            ]
            try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    /// The monitor volumes (linear) of the node named `name`, as `pw-dump` shows its `Props`: where
    /// WirePlumber's role-based endpoints duck a role (`control.endpoint.multimedia`, say).
    public func monitorVolumes(ofNode name: String) throws -> [Double]? {
        guard let objects = try dump() else { return nil }
        for object in objects where object.info?.props?.nodeName == name {
            if let volumes = object.info?.params?.props?.lazy.compactMap(\.monitorVolumes).first { return volumes }
        }
        return nil
    }

    /// What `pw-dump` shows of an object that `monitorVolumes` reads; the rest is not decoded.
    private struct DumpedObject: Decodable {
        struct Info: Decodable {
            let props: Properties?
            let params: Parameters?
        }
        struct Properties: Decodable {
            let nodeName: String?
            enum CodingKeys: String, CodingKey { case nodeName = "node.name" }
        }
        struct Parameters: Decodable {
            let props: [PropsEntry]?
            enum CodingKeys: String, CodingKey { case props = "Props" }
        }
        struct PropsEntry: Decodable {
            let monitorVolumes: [Double]?
        }
        let info: Info?
    }

    /// Every object `pw-dump` shows, or nil when it fails. A dump taken while objects come and go
    /// (a prompt stream opening, say) can come out as invalid JSON, seen once in a CI run under load:
    /// it is taken again, up to 5 times, and only then is the error thrown.
    private func dump() throws -> [DumpedObject]? {
        var attempt = 0
        while true {
            attempt += 1
            let (status, output) = try tool("pw-dump", [])
            guard status == 0 else { return nil }
            do {
                return try JSONDecoder().decode([DumpedObject].self, from: Data(output.utf8))
            } catch {
                guard attempt < 5 else {
                    throw ServerError(description: "pw-dump printed invalid JSON 5 times; the last: \(error)")
                }
                Blocking.sleep(0.05)
            }
        }
    }

    /// Runs a PipeWire tool against this stack; its status and output.
    private func tool(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try ServerTools.run(program, arguments, environment: environment)
    }

    // MARK: processes

    private func startBus() throws {
        if bus?.isRunning == true { return }
        let socket = runtimeDirectory.path + "/bus"
        try? FileManager.default.removeItem(atPath: socket)
        bus = try run("dbus-daemon", ["--session", "--nofork", "--nopidfile", "--address=\(busAddress)"], log: "dbus-daemon")
        guard ServerTools.wait(seconds: 5, until: { FileManager.default.fileExists(atPath: socket) }) else {
            throw failure("dbus-daemon did not open its socket")
        }
    }

    private func launch(_ part: Part) throws {
        processes[part] = try run(part.rawValue, [], log: part.rawValue)
    }

    /// Starts `program` with the servers' environment, its output appended to `<runtime>/<log>.log`.
    private func run(_ program: String, _ arguments: [String], log: String) throws -> ChildProcess {
        let logPath = "\(runtimeDirectory.path)/\(log).log"
        do {
            return try ChildProcess(
                program, arguments, environment: environment, output: .file(logPath, append: true), error: .file(logPath, append: true))
        } catch {
            throw ServerError(description: "cannot start \(program) (are pipewire, pipewire-pulse, wireplumber and dbus installed?): \(error)")
        }
    }

    /// What went wrong, with the end of each log (the directory goes when a start fails in `init`).
    private func failure(_ what: String) -> ServerError {
        let logs = (["dbus-daemon"] + Part.allCases.map(\.rawValue)).compactMap { name -> String? in
            guard let text = try? String(contentsOfFile: "\(runtimeDirectory.path)/\(name).log", encoding: .utf8), !text.isEmpty else { return nil }
            return "\(name): " + text.split(separator: "\n").suffix(5).joined(separator: "\n  ")
        }
        return ServerError(description: "the private PipeWire stack did not start: \(what)" + (logs.isEmpty ? "" : "\n" + logs.joined(separator: "\n")))
    }
}
