import ArgumentParser
import AudioPolicy
import BuiltInPolicy
import Daemon
import Engine
import FileReading
import FoundationEssentials
import Glibc
import Installation
import Logging
import RPC
import RPCSocket
import ServiceLifecycle
import TextFormat

@main
struct VoxNavDaemon: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voxnavd",
        abstract: "The VoxNav daemon: speaks navigation prompts through PulseAudio as a good car-audio citizen.",
        discussion: """
            Listens for newline-delimited JSON-RPC 2.0 on a Unix socket (see docs/PROTOCOL.md), and for \
            speech-dispatcher's protocol (SSIP, see docs/SSIP.md) on ssip.sock beside it, or on the sockets \
            systemd passes at socket activation (LISTEN_FDS; voxnavd.socket), and tells systemd when it is \
            ready and when it stops (NOTIFY_SOCKET; Type=notify). Connects to the PulseAudio server \
            named by PULSE_SERVER, or the default one. Phrase packs and the built-in policy are found in \
            $XDG_DATA_HOME/voxnav, each of $XDG_DATA_DIRS/voxnav, the install prefix's share/voxnav, then \
            the source tree. SIGTERM or SIGINT restores every source and exits; so do SIGHUP, SIGUSR1, \
            SIGUSR2 and SIGQUIT, with a failing status (systemd's Restart=on-failure starts it again).

            Exit status: 0 after a clean shutdown (SIGTERM, SIGINT); 128 + the signal's number after one on \
            SIGHUP (129), SIGQUIT (131), SIGUSR1 (138) or SIGUSR2 (140); 1 when it cannot start (the socket, \
            its directory, the sound server, socket activation) or the sound server did not answer at \
            shutdown; 64 for a bad argument or policy file.
            """,
        version: VoxNavVersion.current)

    @Option(
        name: .customLong("socket"),
        help: ArgumentHelp(
            "The Unix socket to listen on (default: $XDG_RUNTIME_DIR/voxnav/voxnav.sock, else /tmp/voxnav-UID/…), unless systemd passes one (socket activation).",
            valueName: "socket"))
    var socketPath: String?

    /// `--socket`, else the default (written in help as it is found: the man page is made at install time).
    var socket: String { socketPath ?? SocketPath.default }

    @Option(
        name: .customLong("ssip-socket"),
        help: ArgumentHelp(
            "The Unix socket for speech-dispatcher's protocol (SSIP: point a client at it with SPEECHD_ADDRESS=unix_socket:<path>); default: ssip.sock beside the socket, but none when the socket is the /tmp fallback (no XDG_RUNTIME_DIR); its directory is checked as the socket's; none: no SSIP socket.",
            valueName: "path"))
    var ssipSocketPath: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .info

    @Option(
        help:
            "The audio policy file (default: the first voxnav/policy.yaml of $XDG_CONFIG_HOME (~/.config), then of $XDG_CONFIG_DIRS (/etc/xdg), else the built-in policy; see docs/POLICY.md)."
    )
    var policy: String?

    @Option(help: "Duck level for music and radio while a prompt plays, in dB (negative); overrides the policy file.")
    var duckLevel: Double?

    @Option(help: "The phrase packs directory, instead of the data directories' voices/ (or VOXNAV_VOICES).")
    var voices: String?

    @Option(help: "Close a connection silent this many seconds (nothing in flight, no event subscription); 0: never.")
    var idleTimeout: Double = 300

    @Option(help: "Serve at most this many connections at once (default, and at most: what the descriptor limit allows, up to 1024).")
    var maxConnections: Int?

    @Option(
        help:
            "real; or virtual / compressed: simulated time that only moves on clock.advance (drive simulations; virtual plays no prompt audio, compressed plays it and skips the silence between prompts)."
    )
    var clock: ClockMode = .real

    @Option(help: "The sink the simulated car sources (source.start) play into, by name (default: the default sink, with the prompts).")
    var sourcesSink: String?

    func validate() throws {
        if !(idleTimeout >= 0 && idleTimeout <= 86_400) { throw ValidationError("--idle-timeout must be 0 to 86400 seconds") }
        if let maxConnections, maxConnections < 1 { throw ValidationError("--max-connections must be at least 1") }
        // The range the policy file accepts (Policy.validate), so that the two never disagree.
        if let duckLevel, !(duckLevel <= 0 && duckLevel >= Policy.minimumDuckLevelDB) {
            throw ValidationError("--duck-level must be between \(Int(Policy.minimumDuckLevelDB)) and 0 dB")
        }
    }

    /// The policy from --policy, the user's or the system's config directory, or the built-in default.
    private func loadPolicy() throws -> (Policy, String) {
        var path = policy
        if path == nil { path = ConfigDirectories.current.firstFile("policy.yaml") }
        guard let builtIn = Policy.builtInFile else {
            throw ValidationError("the built-in policy policy/default.yaml is in none of: \(Policy.builtInSearchPath)")
        }
        guard let path else { return (.builtIn, "built-in (\(builtIn.path), \(builtIn.origin.rawValue))") }
        let text: String
        do {
            text = try BoundedFile.text(path, cap: Policy.maximumFileSize, what: "the policy file")
        } catch {
            throw ValidationError("\(error)")
        }
        do {
            return (try Policy.parse(yaml: text, over: .builtIn), path)
        } catch {
            throw ValidationError("the policy file \(path) is not valid:\n\(error)")
        }
    }

    func run() async throws {
        DaemonServer.useOneEventLoop()
        // Two malloc arenas instead of glibc's 8 per core: the daemon's threads (NIO, the concurrency pool,
        // libpulse, eSpeak NG) otherwise each keep freed memory in an arena of their own, about 1 MB of
        // resident memory after a burst of clients (BENCHMARKS.md). MALLOC_ARENA_MAX still wins when set.
        // (mallopt is in <malloc.h>, which the Glibc module does not export; M_ARENA_MAX is -8.)
        // And a fixed mmap threshold (M_MMAP_THRESHOLD, -3) of 64 KiB: a prompt's audio (100-300 KB, made
        // for every prompt as it is queued) is then always its own mapping, returned whole when freed.
        // glibc otherwise raises the threshold to the size of each such buffer freed, after which they
        // come from the arenas and stay resident as fragments (docs/MEMORY.md, "After the load rounds").
        if let symbol = dlsym(nil, "mallopt") {
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            if ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX"] == nil { _ = mallopt(-8, 2) }
            if ProcessInfo.processInfo.environment["MALLOC_MMAP_THRESHOLD_"] == nil { _ = mallopt(-3, 64 * 1024) }
        }
        // Taken before anything is started that a signal's default action would leave behind.
        let shutdown = ShutdownRecord()
        let signals = StopSignals(record: shutdown)
        defer { withExtendedLifetime(signals) {} }
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "voxnavd")
        let passed: (rpc: (socket: SocketActivation, path: String), ssip: (socket: SocketActivation, path: String)?)?
        do {
            passed = try Self.takePassedSockets()
        } catch {
            logger.critical("cannot start", metadata: ["error": "\(error)"])
            throw ExitCode(1)
        }
        let activation = passed?.rpc
        let socket = activation?.path ?? self.socket
        // Before the configuration: its default policy is the built-in one, read on first use.
        let (loadedPolicy, policySource) = try loadPolicy()
        var configuration = EngineConfiguration()
        configuration.policy = loadedPolicy
        if let duckLevel { configuration.policy.duckLevelDB = duckLevel }
        configuration.voicesDirectory = voices
        configuration.clock = clock
        configuration.sourcesSink = sourcesSink
        configuration.journalPath = PathText.parent(of: socket) + "/journal.json"
        logger.info("policy loaded", metadata: ["from": "\(policySource)"])
        do {
            if activation != nil { try DaemonServer.checkPassedSocket(socket) } else { try DaemonServer.claimSocketDirectory(socket) }
        } catch {
            logger.critical("cannot start", metadata: ["error": "\(error)"])
            throw ExitCode(1)
        }
        let engine: VoxNavEngine
        do {
            engine = try await VoxNavEngine.live(configuration: configuration, logger: logger)
        } catch {
            logger.critical("cannot start", metadata: ["error": "\(error)"])
            throw ExitCode(1)
        }
        let server: DaemonServer
        do {
            var limits = ConnectionLimits.forThisProcess(idleTimeout: idleTimeout > 0 ? .milliseconds(Int(idleTimeout * 1000)) : nil)
            if let maxConnections { limits.maxConnections = min(limits.maxConnections, maxConnections) }
            if let activation {
                server = try await DaemonServer.adopt(
                    listeningSocket: activation.socket.descriptor, socketPath: socket, engine: engine, logger: logger, limits: limits)
            } else {
                server = try await DaemonServer.bind(socketPath: socket, engine: engine, logger: logger, limits: limits)
            }
        } catch {
            // The engine has started nothing yet (`run()` does): there is nothing to restore.
            logger.critical("cannot start", metadata: ["error": "\(error)"])
            throw ExitCode(1)
        }
        do {
            if ssipSocketPath == "none" {
                // Not served: a socket systemd passed is closed, and its connections refused.
                if let passed = passed?.ssip { close(passed.socket.descriptor) }
            } else if let passed = passed?.ssip {
                try await server.adoptSSIP(listeningSocket: passed.socket.descriptor, socketPath: passed.path)
            } else if let path = Self.ssipSocket(ssipSocketPath, beside: socket, inTmpFallback: socket == SocketPath.tmpFallback) {
                try await server.openSSIP(socketPath: path)
            } else {
                logger.notice(
                    "no SSIP socket: XDG_RUNTIME_DIR is not set, and speech-dispatcher's clients check neither the owner of the socket they are given nor who answers on it, so none is offered in /tmp; give voxnavd --ssip-socket PATH in a directory of your own (docs/SSIP.md)"
                )
            }
        } catch let error as SSIPError {
            // The navigation apps on the JSON-RPC socket are still served.
            logger.error("no SSIP socket", metadata: ["error": "\(error)"])
        } catch {
            await server.stop()
            logger.critical("cannot start", metadata: ["error": "the SSIP socket: \(error)"])
            throw ExitCode(1)
        }
        let notifier = ServiceNotifier(environment: ProcessInfo.processInfo.environment)
        var lifecycle = ServiceGroupConfiguration(
            // Shut down last to first: the server stops accepting, shuts the engine down and closes the
            // connections; the engine's tasks have ended by then (`EngineService`).
            services: [
                .init(service: EngineService(engine: engine)),
                .init(
                    service: DaemonService(
                        server: server, engine: engine, logger: logger, notifier: notifier, socket: socket, record: shutdown)),
            ],
            // The stop signals are voxnavd's own (`StopSignals`), taken since the start.
            gracefulShutdownSignals: [],
            logger: logger)
        lifecycle.maximumGracefulShutdownDuration = DaemonService.shutdownDeadline
        let group = ServiceGroup(configuration: lifecycle)
        let firstSignal = signals.first
        do {
            try await withThrowingDiscardingTaskGroup { tasks in
                tasks.addTask {
                    for await _ in firstSignal { await group.triggerGracefulShutdown() }
                }
                try await group.run()
                tasks.cancelAll()
            }
        } catch  where !shutdown.didRunOutOfTime {
            throw error
        }
        // Out of time, whatever the group ended with: status 1.
        if shutdown.didRunOutOfTime { throw ExitCode(1) }
        if let signal = shutdown.signal, StopSignals.exitStatus(after: signal) != 0 {
            logger.notice(
                "restored every source and stopped on \(StopSignals.name(of: signal)), which is not how voxnavd is stopped: exit status \(StopSignals.exitStatus(after: signal)), so that systemd starts it again"
            )
            throw ExitCode(StopSignals.exitStatus(after: signal))
        }
    }
}

extension VoxNavDaemon {
    /// Where the SSIP socket goes: `--ssip-socket`, else ssip.sock in the JSON-RPC socket's directory
    /// (the user's alone, checked with it); nil for `--ssip-socket none`, and by default when the
    /// JSON-RPC socket is the /tmp fallback (no `XDG_RUNTIME_DIR`): speech-dispatcher's clients connect
    /// to whatever answers at the path they are given, checking neither its owner nor its peer, so
    /// no client is sent to a path in a shared directory that another user could take while voxnavd
    /// is not running.
    static func ssipSocket(_ asked: String?, beside socket: String, inTmpFallback: Bool) -> String? {
        guard let asked else { return inTmpFallback ? nil : PathText.parent(of: socket) + "/ssip.sock" }
        return asked == "none" ? nil : asked
    }

    /// The sockets systemd passed, checked, each with its path: the JSON-RPC one, and the SSIP one
    /// if voxnavd.socket listens on it too; nil when voxnavd was not socket activated.
    static func takePassedSockets() throws -> (
        rpc: (socket: SocketActivation, path: String), ssip: (socket: SocketActivation, path: String)?
    )? {
        guard let passed = try SocketActivation.passed(environment: ProcessInfo.processInfo.environment, pid: getpid()) else { return nil }
        SocketActivation.clearEnvironment()
        return try SocketActivation.sorted(passed)
    }
}

// swift-format-ignore: AvoidRetroactiveConformances
// `--log-level` takes swift-log's levels; neither package offers this conformance.
extension Logger.Level: @retroactive ExpressibleByArgument {}
extension ClockMode: ExpressibleByArgument {}
