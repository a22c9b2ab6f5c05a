import AudioPolicy
import Engine
import Foundation
import Logging
import NIOConcurrencyHelpers
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
    /// The most requests of one connection handled at once; more are refused at once (a flood).
    static let maxInFlight = 64
    private let contextBox = NIOLockedValueBox<ClientContext?>(nil)

    init(router: RPCRouter, engine: VoxNavEngine, logger: Logger, maxFrameLength: Int) {
        self.router = router
        self.engine = engine
        self.logger = logger
        self.maxFrameLength = maxFrameLength
    }

    func channelActive(context: ChannelHandlerContext) {
        let channel = context.channel
        // This connection's identity: its sessions, prompts and guidance are its own.
        let client = ClientContext(id: ClientID(rawValue: "client-" + UUID().uuidString.prefix(8).lowercased())) { note in
            RPCConnectionHandler.write(note, to: channel)
        }
        contextBox.withLockedValue { $0 = client }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let client = contextBox.withLockedValue({ $0 }) {
            let engine = self.engine
            logger.debug("client disconnected", metadata: ["client": "\(client.id.rawValue)"])
            Task {
                if let token = client.unsubscribed() { await engine.unsubscribe(token) }
                await engine.clientDisconnected(client.id)
            }
        }
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
            guard let client = contextBox.withLockedValue({ $0 }) else { return }
            guard client.admit(limit: Self.maxInFlight) else {
                let refusal = RPCError(code: -32001, message: "too many requests in flight on this connection (at most \(Self.maxInFlight))")
                Self.write(.single(RPCResponse(id: Self.peekID(bytes), error: refusal)), to: channel)
                return
            }
            let router = self.router
            Task {
                defer { client.done() }
                if let reply = await router.handle(bytes, from: client) { Self.write(reply, to: channel) }
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        logger.debug("client error: \(error)")
        context.close(promise: nil)
    }

    /// The id of a request, if it can be read, to answer a refusal with it.
    private static func peekID(_ bytes: Data) -> RPCID? {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: bytes) else { return nil }
        switch value["id"] {
        case .string(let s)?: return .string(s)
        case .number(let n)? where n.rounded() == n && abs(n) < 9e15: return .number(Int64(n))
        default: return nil
        }
    }

    static func write(_ note: RPCNotification, to channel: Channel) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard var data = try? encoder.encode(note) else { return }
        data.append(0x0A)
        channel.writeAndFlush(ByteBuffer(bytes: data), promise: nil)
    }

    private static func write(_ reply: RPCReply, to channel: Channel) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard var data = try? reply.encoded(with: encoder) else { return }
        data.append(0x0A)
        channel.writeAndFlush(ByteBuffer(bytes: data), promise: nil)
    }
}
