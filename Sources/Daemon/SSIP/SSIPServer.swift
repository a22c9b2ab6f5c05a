import AsyncSupport
import Engine
import FoundationEssentials
import Logging
import NIOCore
import NIOPosix
import RPC
import SSIP
import Synchronization

/// voxnavd's second door: speech-dispatcher's protocol (SSIP) on a Unix socket of its own, so that a
/// program that speaks through speech-dispatcher can be pointed at VoxNav unchanged
/// (`SPEECHD_ADDRESS=unix_socket:<path>`). The real speech-dispatcher and its clients are left
/// alone. Each connection is one VoxNav client (`SSIPConnection`); `bind`, `run`, `stop` and
/// `closeConnections` go as `DaemonServer`'s do.
public final class SSIPServer: Sendable {
    public let socketPath: String
    /// Whether voxnavd made the socket file (and removes it at `stop`), or systemd passed the socket.
    public let ownsSocketFile: Bool
    private let listener: NIOAsyncChannel<NIOAsyncChannel<Frame, ByteBuffer>, Never>
    private let engine: VoxNavEngine
    private let logger: Logger
    private let door = SSIPDoor()
    private let catalog: SSIPCatalog
    private let connectionsClosing = OneShot<Void>()
    private let liveConnections = Atomic<Int>(0)

    /// A longer line is refused (a message's text comes as lines; VoxNav's own limit on text is lower).
    static let maxLineLength = 1 << 20
    /// More connections at once are refused: a navigation app holds one or a few.
    public static let maxConnections = 64

    /// Binds `socketPath` (mode 0600) in a directory already claimed for the JSON-RPC socket
    /// (`DaemonServer.claimSocketDirectory`); a stale socket file there is replaced.
    /// A program that answers there already (the real speech-dispatcher, started there by a client
    /// that found no socket) is not taken over: `SSIPError.socketInUse`.
    public static func bind(socketPath: String, engine: VoxNavEngine, logger: Logger) async throws -> SSIPServer {
        try SocketDirectory.checkSocket(socketPath)
        if FileManager.default.fileExists(atPath: socketPath) {
            // Something answers there, as `DaemonServer.claimSocketDirectory` asks of the JSON-RPC socket.
            if (try? RPCClient(socketPath: socketPath)) != nil { throw SSIPError.socketInUse(socketPath) }
            unlink(socketPath)
        }
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 64)
            .bind(unixDomainSocketPath: socketPath, cleanupExistingSocketFile: false, childChannelInitializer: initializeConnection)
        chmod(socketPath, 0o600)
        return SSIPServer(socketPath: socketPath, ownsSocketFile: true, listener: listener, engine: engine, logger: logger)
    }

    /// Serves on the socket systemd passed (voxnavd.socket's second `ListenStream=`), at `socketPath`:
    /// `stop()` leaves its file to systemd.
    public static func adopt(listeningSocket descriptor: CInt, socketPath: String, engine: VoxNavEngine, logger: Logger) async throws -> SSIPServer {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(descriptor, childChannelInitializer: initializeConnection)
        return SSIPServer(socketPath: socketPath, ownsSocketFile: false, listener: listener, engine: engine, logger: logger)
    }

    /// A connection's pipeline: CRLF lines, as an async channel.
    @Sendable private static func initializeConnection(_ channel: Channel) -> EventLoopFuture<NIOAsyncChannel<Frame, ByteBuffer>> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(SSIPLineDecoder(maxLength: maxLineLength)))
            return try NIOAsyncChannel<Frame, ByteBuffer>(wrappingChannelSynchronously: channel)
        }
    }

    private init(
        socketPath: String, ownsSocketFile: Bool, listener: NIOAsyncChannel<NIOAsyncChannel<Frame, ByteBuffer>, Never>, engine: VoxNavEngine,
        logger: Logger
    ) {
        logger.info(
            "listening for speech-dispatcher's protocol (SSIP)", metadata: ["socket": "\(socketPath)", "socketActivated": "\(!ownsSocketFile)"])
        self.socketPath = socketPath
        self.ownsSocketFile = ownsSocketFile
        self.listener = listener
        self.engine = engine
        self.logger = logger
        let packs = engine.voices.languages.compactMap { engine.voices.packs[$0] }
        catalog = SSIPCatalog(voices: packs.map { (name: $0.espeakVoice, language: $0.language) })
    }

    /// Serves connections until `stop()`, then the connected ones until `closeConnections()`.
    public func run() async {
        let door = self.door
        let token = engine.subscribe { door.event($0) }
        await withDiscardingTaskGroup { group in
            do {
                try await listener.executeThenClose { connections in
                    for try await channel in connections {
                        guard liveConnections.add(1, ordering: .relaxed).newValue <= Self.maxConnections else {
                            liveConnections.subtract(1, ordering: .relaxed)
                            group.addTask { await Self.refuse(channel) }
                            continue
                        }
                        let connection = SSIPConnection(channel: channel, door: door, engine: engine, catalog: catalog, logger: logger)
                        group.addTask {
                            await connection.serve()
                            self.liveConnections.subtract(1, ordering: .relaxed)
                        }
                    }
                }
            } catch {
                logger.debug("the SSIP socket failed", metadata: ["error": "\(error)"])
            }
            await connectionsClosing.value
            group.cancelAll()
        }
        engine.unsubscribe(token)
    }

    /// One connection too many: told so, and closed.
    private static func refuse(_ channel: NIOAsyncChannel<Frame, ByteBuffer>) async {
        let reply = SSIPReply.refused("too many connections (at most \(maxConnections)): try again later")
        try? await channel.executeThenClose { _, outbound in try await outbound.write(ByteBuffer(string: reply.wire)) }
    }

    /// Stops accepting clients and removes the socket file (unless systemd passed it); connected
    /// clients are still served.
    public func stop() async {
        try? await listener.channel.close()
        if ownsSocketFile { unlink(socketPath) }
    }

    /// Ends every connection (after `stop()`).
    public func closeConnections() {
        connectionsClosing.set(())
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
