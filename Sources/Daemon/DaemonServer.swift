import AsyncSupport
import Engine
import FoundationEssentials
import Logging
import NIOCore
import NIOPosix
import RPC
import RPCSocket
import Synchronization
import TextFormat

/// voxnavd's one socket server, for every protocol it speaks: JSON-RPC 2.0 on its socket
/// (`RPCDoor`) and, where asked, speech-dispatcher's SSIP on another (`SSIPDoor`). Each door is a
/// listening Unix socket; every connection of every door is served by the same `LineConnection`,
/// under the same limits: one cap on connections and one descriptor reserve (`ConnectionLimits`),
/// one idle sweep, one set of request turns, the same output back-pressure, one memory trim. Only
/// the protocol differs. `bind` claims the JSON-RPC socket, `openSSIP` adds the SSIP one; `run`
/// serves them until `stop` and `closeConnections`.
public final class DaemonServer: Sendable {
    /// The JSON-RPC socket's path.
    public let socketPath: String
    /// Whether voxnavd made the JSON-RPC socket file (and removes it at `stop`), or systemd passed it.
    public let ownsSocketFile: Bool
    private let engine: VoxNavEngine
    private let logger: Logger
    private let limits: ConnectionLimits
    private let connectionsClosing = OneShot<Void>()
    private let doors: Mutex<[OpenDoor]>
    /// What every connection of every door shares.
    let shared: Shared

    /// What every connection shares, whatever its door.
    struct Shared: Sendable {
        /// The requests handled at once, all connections together.
        let turns: RequestTurns
        /// Gives a burst's memory back once it has settled.
        let memory: MemoryTrim
        /// Closes idle connections, if the limits say when (`ConnectionLimits.idleTimeout`).
        let idle: IdleSweep?
    }

    /// One listening socket and its door, its protocol's type erased.
    private struct OpenDoor: Sendable {
        let socketPath: String
        let ownsSocketFile: Bool
        let close: @Sendable () async -> Void
        /// Accepts and serves connections until the socket closes, then until they end.
        let serve: @Sendable (DaemonServer) async -> Void
        let run: @Sendable () async -> Void
    }

    /// Connections being served now, of every door (only the accept loops change it, and each
    /// connection's end).
    private let liveConnections = Atomic<Int>(0)
    /// The descriptor limit the connection cap was counted with (`ConnectionLimits.forThisProcess`
    /// raised it first): a lower one later means the reserve must be counted anew.
    private let countedLimit = ConnectionLimits.softLimit()

    /// One event loop thread for SwiftNIO's shared group instead of one per core: the daemon's I/O is a
    /// few local clients' lines, and its work runs in Swift concurrency's pool, not on the event loop.
    /// A thread fewer, about 0.1–0.2 MB less resident memory (docs/MEMORY.md). Call it once, before
    /// anything uses `MultiThreadedEventLoopGroup.singleton` (voxnavd does, first thing).
    public static func useOneEventLoop() {
        NIOSingletons.groupLoopCountSuggestion = 1
    }

    /// Binds the JSON-RPC socket. Refuses when another daemon answers on it; removes a stale socket file.
    public static func bind(
        socketPath: String, engine: VoxNavEngine, logger: Logger, limits: ConnectionLimits = .forThisProcess()
    ) async throws -> DaemonServer {
        try takeOver(socketPath, answered: DaemonError.socketInUse(socketPath))
        let server = DaemonServer(socketPath: socketPath, ownsSocketFile: true, engine: engine, logger: logger, limits: limits)
        try await server.add(server.rpcDoor, bindingTo: socketPath)
        return server
    }

    /// Serves JSON-RPC on a socket that is already listening: the one systemd passed
    /// (`SocketActivation`), at `socketPath`. The socket file is systemd's: `stop()` closes the
    /// descriptor and leaves the file, where systemd goes on listening and starts voxnavd again at
    /// the next connection.
    public static func adopt(
        listeningSocket descriptor: CInt, socketPath: String, engine: VoxNavEngine, logger: Logger,
        limits: ConnectionLimits = .forThisProcess()
    ) async throws -> DaemonServer {
        let server = DaemonServer(socketPath: socketPath, ownsSocketFile: false, engine: engine, logger: logger, limits: limits)
        try await server.add(server.rpcDoor, adopting: descriptor, at: socketPath)
        return server
    }

    /// Opens the SSIP door at `socketPath`, checked as the JSON-RPC socket is (its directory the
    /// user's alone, made 0700 if missing; nothing of anyone else's at the path); a stale socket file
    /// there is replaced. A program that answers there already (the real speech-dispatcher, started
    /// there by a client that found no socket) is not taken over: `SSIPError.socketInUse`.
    public func openSSIP(socketPath path: String) async throws {
        try Self.takeOver(path, answered: SSIPError.socketInUse(path))
        try await add(SSIPDoor(engine: engine), bindingTo: path)
    }

    /// Serves SSIP on the socket systemd passed (voxnavd.socket's second `ListenStream=`), at
    /// `socketPath`: `stop()` leaves its file to systemd.
    public func adoptSSIP(listeningSocket descriptor: CInt, socketPath path: String) async throws {
        try Self.checkPassedSocket(path)
        try await add(SSIPDoor(engine: engine), adopting: descriptor, at: path)
    }

    private init(socketPath: String, ownsSocketFile: Bool, engine: VoxNavEngine, logger: Logger, limits: ConnectionLimits) {
        logger.info(
            "serving",
            metadata: [
                "maxConnections": "\(limits.maxConnections)", "idleTimeout": "\(limits.idleTimeout.map { "\($0)" } ?? "none")",
                "socketActivated": "\(!ownsSocketFile)",
            ])
        self.socketPath = socketPath
        self.ownsSocketFile = ownsSocketFile
        self.engine = engine
        self.logger = logger
        self.limits = limits
        let memory = MemoryTrim()
        shared = Shared(turns: RequestTurns(memory: memory), memory: memory, idle: limits.idleTimeout.map(IdleSweep.init(timeout:)))
        doors = Mutex([])
    }

    private var rpcDoor: RPCDoor {
        RPCDoor(router: RPCRouter(methods: MethodHandlers.table(engine: engine), logger: logger), engine: engine)
    }

    private func add<D: Door>(_ door: D, bindingTo path: String) async throws {
        let listener = try await Self.bootstrap()
            .serverChannelOption(.backlog, value: 256)
            .bind(unixDomainSocketPath: path, cleanupExistingSocketFile: false, childChannelInitializer: Self.lines(of: door))
        // Only the user may talk to the daemon.
        chmod(path, 0o600)
        open(door, listener: listener, at: path, ownsSocketFile: true)
    }

    private func add<D: Door>(_ door: D, adopting descriptor: CInt, at path: String) async throws {
        let listener = try await Self.bootstrap()
            .bind(descriptor, childChannelInitializer: Self.lines(of: door))
        open(door, listener: listener, at: path, ownsSocketFile: false)
    }

    /// Connections read at most 4 KiB at a time, one read per turn of the event loop: the one loop
    /// serves every connection, and a 64 KiB read of short lines (a `SPEAK` of 100,000 of them) made
    /// the others wait half a second while it was cut into 20,000 frames.
    private static func bootstrap() -> ServerBootstrap {
        ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelOption(.recvAllocator, value: AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 1024, maximum: 4096))
            .childChannelOption(.maxMessagesPerRead, value: 1)
    }

    /// A connection's pipeline: the door's lines, framed, as an async channel.
    private static func lines<D: Door>(of door: D) -> @Sendable (Channel) -> EventLoopFuture<NIOAsyncChannel<Frame, ByteBuffer>> {
        let (lineEnd, maxLength) = (door.lineEnd, door.maxLineLength)
        return { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder(lineEnd: lineEnd, maxLength: maxLength)))
                return try NIOAsyncChannel<Frame, ByteBuffer>(wrappingChannelSynchronously: channel)
            }
        }
    }

    private func open<D: Door>(_ door: D, listener: NIOAsyncChannel<NIOAsyncChannel<Frame, ByteBuffer>, Never>, at path: String, ownsSocketFile: Bool) {
        logger.info("listening", metadata: ["door": "\(door.name)", "socket": "\(path)", "socketActivated": "\(!ownsSocketFile)"])
        let opened = OpenDoor(
            socketPath: path, ownsSocketFile: ownsSocketFile,
            close: { try? await listener.channel.close() },
            serve: { server in await server.accept(door, on: listener) },
            run: { await door.run() })
        doors.withLock { $0.append(opened) }
    }

    /// Serves every door's clients, each connection in a child task, until `stop()`; then the
    /// connected ones until `closeConnections()`. Returns when every connection has ended.
    public func run() async {
        let doors = self.doors.withLock { $0 }
        await withDiscardingTaskGroup { group in
            group.addTask { await self.shared.memory.run() }
            if let idle = shared.idle { group.addTask { await idle.run(logger: self.logger) } }
            for door in doors {
                group.addTask { await door.run() }
                group.addTask { await door.serve(self) }
            }
            await connectionsClosing.value
            shared.memory.finish()
            group.cancelAll()
        }
    }

    /// A door's accept loop: each connection admitted under the cap and the reserve is served in a
    /// child task; one too many is told why in one line and closed.
    private func accept<D: Door>(_ door: D, on listener: NIOAsyncChannel<NIOAsyncChannel<Frame, ByteBuffer>, Never>) async {
        await withDiscardingTaskGroup { connections in
            do {
                try await listener.executeThenClose { inbound in
                    for try await channel in inbound {
                        if let why = admit() {
                            logger.debug("refused a connection", metadata: ["door": "\(door.name)", "why": "\(why)"])
                            let refusal = door.refusal(why)
                            connections.addTask {
                                try? await channel.executeThenClose { _, outbound in try await outbound.write(refusal) }
                            }
                            continue
                        }
                        let connection = LineConnection(door: door, channel: channel, server: shared, logger: logger)
                        connections.addTask {
                            await connection.serve()
                            self.liveConnections.subtract(1, ordering: .relaxed)
                            self.shared.memory.connectionEnded()
                        }
                    }
                }
            } catch {
                logger.debug("a listening socket failed", metadata: ["door": "\(door.name)", "error": "\(error)"])
            }
        }
    }

    /// Why one more connection is refused now, if it is: the cap, or the descriptors' reserve (asked
    /// anew: the descriptor limit may have been lowered meanwhile). Admitted, it is counted.
    private func admit() -> String? {
        let live = liveConnections.add(1, ordering: .relaxed).newValue
        let why =
            live > limits.maxConnections
            ? "too many connections (at most \(limits.maxConnections))"
            : ConnectionLimits.reserveHolds(counted: countedLimit)
                ? nil
                : "too few file descriptors left (the process's limit was lowered; \(ConnectionLimits.reservedDescriptors) are kept for audio and speech)"
        if why != nil { liveConnections.subtract(1, ordering: .relaxed) }
        return why
    }

    /// Stops accepting clients and removes the socket files voxnavd made (not those systemd passed);
    /// connected clients are still served.
    public func stop() async {
        for door in doors.withLock({ $0 }) {
            await door.close()
            if door.ownsSocketFile { unlink(door.socketPath) }
        }
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
        try claim(path, answered: DaemonError.socketInUse(path))
    }

    /// Any door's socket path: its directory claimed and checked, nothing of anyone else's at the
    /// path, and `answered` thrown when something answers there.
    private static func claim(_ path: String, answered: any Error) throws {
        try SocketDirectory.claim(PathText.parent(of: path))
        try SocketDirectory.checkSocket(path)
        if FileManager.default.fileExists(atPath: path), (try? RPCClient(socketPath: path)) != nil { throw answered }
    }

    /// A socket path claimed (`claim`), and a stale socket of the user's there removed: nobody
    /// answers on it, it is what a daemon that died left.
    private static func takeOver(_ path: String, answered: any Error) throws {
        try claim(path, answered: answered)
        if FileManager.default.fileExists(atPath: path) { unlink(path) }
    }

    /// Checks the directory of a socket systemd passed (`DirectoryMode=0700` in the socket unit)
    /// and the socket file, as `claimSocketDirectory` does; nobody else can be serving on it.
    public static func checkPassedSocket(_ path: String) throws {
        try SocketDirectory.check(PathText.parent(of: path))
        try SocketDirectory.checkSocket(path)
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

public enum SSIPError: Error, CustomStringConvertible {
    case socketInUse(String)

    public var description: String {
        switch self {
        case .socketInUse(let path):
            "another program already serves speech-dispatcher's protocol on \(path) (a speech-dispatcher a client started there?): stop it, or give voxnavd --ssip-socket another path, or none"
        }
    }
}
