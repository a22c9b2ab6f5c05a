import Engine
import Foundation
import Logging
import NIOCore
import NIOPosix
import RPC

/// voxnavd's socket server: newline-delimited JSON-RPC 2.0 on a Unix socket.
public final class DaemonServer: Sendable {
    public let socketPath: String
    private let channel: Channel
    private let logger: Logger

    /// Frames longer than this are refused (1 MiB: far above any real request).
    public static let maxFrameLength = 1 << 20

    /// Binds the socket. Refuses when another daemon answers on it; removes a stale socket file.
    public static func start(socketPath: String, engine: VoxNavEngine, logger: Logger) async throws -> DaemonServer {
        try prepareSocketPath(socketPath)
        let router = RPCRouter(methods: Methods.table(engine: engine), logger: logger)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(JSONLineFrameDecoder(maxLength: maxFrameLength)))
                    try channel.pipeline.syncOperations.addHandler(
                        RPCConnectionHandler(router: router, engine: engine, logger: logger, maxFrameLength: maxFrameLength))
                }
            }
            .bind(unixDomainSocketPath: socketPath, cleanupExistingSocketFile: false)
            .get()
        // Only the user may talk to the daemon.
        chmod(socketPath, 0o600)
        logger.info("listening", metadata: ["socket": "\(socketPath)"])
        return DaemonServer(socketPath: socketPath, channel: channel, logger: logger)
    }

    private init(socketPath: String, channel: Channel, logger: Logger) {
        self.socketPath = socketPath
        self.channel = channel
        self.logger = logger
    }

    /// Stops accepting clients and removes the socket file.
    public func stop() async {
        try? await channel.close()
        unlink(socketPath)
    }

    /// Waits until the server channel closes.
    public func waitUntilClosed() async throws {
        try await channel.closeFuture.get()
    }

    /// Makes the socket's directory (mode 0700) and refuses when a live daemon answers on the socket.
    /// Call it before starting the engine: the engine undoes what a dead daemon left, which must
    /// never touch what a live one is doing.
    public static func claimSocketDirectory(_ path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if FileManager.default.fileExists(atPath: path), (try? RPCClient(socketPath: path)) != nil {
            throw DaemonError.socketInUse(path)
        }
    }

    private static func prepareSocketPath(_ path: String) throws {
        try claimSocketDirectory(path)
        // Nobody answers: a stale socket from a daemon that died.
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
