import AsyncSupport
import Engine
import FoundationEssentials
import Logging
import NIOCore
import NIOPosix
import RPC
import Synchronization
import TextFormat

/// voxnavd's socket server: newline-delimited JSON-RPC 2.0 on a Unix socket. `bind` claims the
/// socket; `run` serves every connection in a task of its own (`ClientConnection`) until `stop`
/// and `closeConnections`.
public final class DaemonServer: Sendable {
    public let socketPath: String
    /// Whether voxnavd made the socket file (and removes it at `stop`), or systemd passed the socket.
    public let ownsSocketFile: Bool
    private let listener: NIOAsyncChannel<NIOAsyncChannel<Frame, ByteBuffer>, Never>
    private let router: RPCRouter
    private let engine: VoxNavEngine
    private let logger: Logger
    private let limits: ConnectionLimits
    private let connectionsClosing = OneShot<Void>()
    /// Connections being served now (only the accept loop changes it, and each connection's end).
    private let liveConnections = Atomic<Int>(0)
    /// The requests handled at once, all connections together.
    private let turns: RequestTurns
    /// The descriptor limit the connection cap was counted with (`ConnectionLimits.forThisProcess`
    /// raised it first): a lower one later means the reserve must be counted anew.
    private let countedLimit = ConnectionLimits.softLimit()
    /// Gives a burst's memory back once it has settled.
    let memory = MemoryTrim()
    /// Closes idle connections, if the limits say when (`ConnectionLimits.idleTimeout`).
    let idle: IdleSweep?

    /// Frames longer than this are refused (1 MiB: far above any real request).
    public static let maxFrameLength = 1 << 20

    /// One event loop thread for SwiftNIO's shared group instead of one per core: the daemon's I/O is a
    /// few local clients' lines, and its work runs in Swift concurrency's pool, not on the event loop.
    /// A thread fewer, about 0.1–0.2 MB less resident memory (docs/MEMORY.md). Call it once, before
    /// anything uses `MultiThreadedEventLoopGroup.singleton` (voxnavd does, first thing).
    public static func useOneEventLoop() {
        NIOSingletons.groupLoopCountSuggestion = 1
    }

    /// Binds the socket. Refuses when another daemon answers on it; removes a stale socket file.
    public static func bind(
        socketPath: String, engine: VoxNavEngine, logger: Logger, limits: ConnectionLimits = .forThisProcess()
    ) async throws -> DaemonServer {
        try prepareSocketPath(socketPath)
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .bind(unixDomainSocketPath: socketPath, cleanupExistingSocketFile: false, childChannelInitializer: initializeConnection)
        // Only the user may talk to the daemon.
        chmod(socketPath, 0o600)
        return DaemonServer(socketPath: socketPath, ownsSocketFile: true, listener: listener, engine: engine, logger: logger, limits: limits)
    }

    /// Serves on a socket that is already listening: the one systemd passed (`SocketActivation`),
    /// at `socketPath`. The socket file is systemd's: `stop()` closes the descriptor and leaves the
    /// file, where systemd goes on listening and starts voxnavd again at the next connection.
    public static func adopt(
        listeningSocket descriptor: CInt, socketPath: String, engine: VoxNavEngine, logger: Logger,
        limits: ConnectionLimits = .forThisProcess()
    ) async throws -> DaemonServer {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(descriptor, childChannelInitializer: initializeConnection)
        return DaemonServer(socketPath: socketPath, ownsSocketFile: false, listener: listener, engine: engine, logger: logger, limits: limits)
    }

    /// A connection's pipeline: lines of JSON, framed, as an async channel.
    @Sendable private static func initializeConnection(_ channel: Channel) -> EventLoopFuture<NIOAsyncChannel<Frame, ByteBuffer>> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(JSONLineFrameDecoder(maxLength: maxFrameLength)))
            return try NIOAsyncChannel<Frame, ByteBuffer>(wrappingChannelSynchronously: channel)
        }
    }

    private init(
        socketPath: String, ownsSocketFile: Bool, listener: NIOAsyncChannel<NIOAsyncChannel<Frame, ByteBuffer>, Never>, engine: VoxNavEngine,
        logger: Logger, limits: ConnectionLimits
    ) {
        logger.info(
            "listening",
            metadata: [
                "socket": "\(socketPath)", "maxConnections": "\(limits.maxConnections)",
                "idleTimeout": "\(limits.idleTimeout.map { "\($0)" } ?? "none")",
                "socketActivated": "\(!ownsSocketFile)",
            ])
        self.router = RPCRouter(methods: MethodHandlers.table(engine: engine), logger: logger)
        self.ownsSocketFile = ownsSocketFile
        self.socketPath = socketPath
        self.listener = listener
        self.engine = engine
        self.logger = logger
        self.limits = limits
        self.turns = RequestTurns(memory: memory)
        idle = limits.idleTimeout.map(IdleSweep.init(timeout:))
    }

    /// Serves clients, each connection in a child task, until `stop()`; then the connected ones
    /// until `closeConnections()`. Returns when every connection has ended.
    public func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.memory.run() }
            if let idle { group.addTask { await idle.run(logger: self.logger) } }
            do {
                try await listener.executeThenClose { connections in
                    for try await channel in connections {
                        let live = liveConnections.add(1, ordering: .relaxed).newValue
                        // The reserve is asked anew: the descriptor limit may have been lowered meanwhile.
                        let why =
                            live > limits.maxConnections
                            ? "too many connections (at most \(limits.maxConnections))"
                            : ConnectionLimits.reserveHolds(counted: countedLimit)
                                ? nil
                                : "too few file descriptors left (the process's limit was lowered; \(ConnectionLimits.reservedDescriptors) are kept for audio and speech)"
                        if let why {
                            liveConnections.subtract(1, ordering: .relaxed)
                            group.addTask { await self.refuse(channel, because: why) }
                            continue
                        }
                        let connection = ClientConnection(
                            channel: channel, router: router, engine: engine, logger: logger, maxFrameLength: Self.maxFrameLength,
                            idle: idle, turns: turns)
                        group.addTask {
                            await connection.serve()
                            self.liveConnections.subtract(1, ordering: .relaxed)
                            self.memory.connectionEnded()
                        }
                    }
                }
            } catch {
                logger.debug("the listening socket failed", metadata: ["error": "\(error)"])
            }
            await connectionsClosing.value
            memory.finish()
            group.cancelAll()
        }
    }

    /// One connection too many: told so in one line, and closed.
    private func refuse(_ channel: NIOAsyncChannel<Frame, ByteBuffer>, because why: String) async {
        logger.debug("refused a connection", metadata: ["why": "\(why)"])
        let error = RPCError(code: -32002, message: "\(why): try again later")
        var line = (try? JSONEncoder().encode(RPCResponse(id: nil, error: error))) ?? Data()
        line.append(0x0A)
        try? await channel.executeThenClose { _, outbound in try await outbound.write(ByteBuffer(bytes: line)) }
    }

    /// Stops accepting clients and removes the socket file (unless systemd passed it); connected
    /// clients are still served.
    public func stop() async {
        try? await listener.channel.close()
        if ownsSocketFile { unlink(socketPath) }
    }

    /// Ends every connection (after `stop()`): each stops reading, its requests in flight return,
    /// its cleanup runs, and it closes.
    public func closeConnections() {
        connectionsClosing.set(())
    }

    /// Makes the socket's directory (mode 0700), refuses one that is not the user's alone
    /// (`SocketDirectory`) or a socket path that is not a socket of the user's, and refuses when a
    /// live daemon answers on the socket. Call it before starting the engine: the engine undoes what
    /// a dead daemon left, which must never touch what a live one is doing.
    public static func claimSocketDirectory(_ path: String) throws {
        try SocketDirectory.claim(PathText.parent(of: path))
        try SocketDirectory.checkSocket(path)
        if FileManager.default.fileExists(atPath: path), (try? RPCClient(socketPath: path)) != nil {
            throw DaemonError.socketInUse(path)
        }
    }

    /// Checks the directory of a socket systemd passed (`DirectoryMode=0700` in the socket unit)
    /// and the socket file, as `claimSocketDirectory` does; nobody else can be serving on it.
    public static func checkPassedSocket(_ path: String) throws {
        try SocketDirectory.check(PathText.parent(of: path))
        try SocketDirectory.checkSocket(path)
    }

    private static func prepareSocketPath(_ path: String) throws {
        try claimSocketDirectory(path)
        // Nobody answers: a stale socket of the user's from a daemon that died.
        if FileManager.default.fileExists(atPath: path) { unlink(path) }
    }
}

public enum DaemonError: Error, CustomStringConvertible {
    case socketInUse(String)

    public var description: String {
        switch self {
        case .socketInUse(let path): "another voxnavd is already running on \(path)"
        }
    }
}
