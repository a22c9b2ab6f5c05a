import AudioPolicy
import Engine
import Foundation
import Logging
import NIOCore
import RPC

/// Reads frames from one client, hands each to the router and writes the response line.
/// Requests are handled concurrently; responses carry their ids.
final class RPCConnectionHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = Frame
    typealias OutboundOut = ByteBuffer

    private let router: RPCRouter
    private let engine: VoxNavEngine
    private let logger: Logger
    private let maxFrameLength: Int
    /// This connection's identity: its guidance and sessions are its own.
    let client: ClientID

    init(router: RPCRouter, engine: VoxNavEngine, logger: Logger, maxFrameLength: Int) {
        self.router = router
        self.engine = engine
        self.logger = logger
        self.maxFrameLength = maxFrameLength
        client = ClientID(rawValue: "client-" + UUID().uuidString.prefix(8).lowercased())
    }

    func channelInactive(context: ChannelHandlerContext) {
        let engine = self.engine, client = self.client
        logger.debug("client disconnected", metadata: ["client": "\(client.rawValue)"])
        Task { await engine.clientDisconnected(client) }
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let channel = context.channel
        switch unwrapInboundIn(data) {
        case .oversize:
            Self.write(.single(RPCResponse(id: nil, error: .invalidRequest("frame longer than \(maxFrameLength) bytes"))), to: channel)
        case .line(let buffer):
            let bytes = Data(buffer.readableBytesView)
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
            let router = self.router, client = self.client
            Task {
                if let reply = await router.handle(bytes, from: client) { Self.write(reply, to: channel) }
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        logger.debug("client error: \(error)")
        context.close(promise: nil)
    }

    private static func write(_ reply: RPCReply, to channel: Channel) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard var data = try? reply.encoded(with: encoder) else { return }
        data.append(0x0A)
        channel.writeAndFlush(ByteBuffer(bytes: data), promise: nil)
    }
}
