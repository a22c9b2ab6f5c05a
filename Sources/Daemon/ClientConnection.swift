import AudioPolicy
import Engine
import FoundationEssentials
import Logging
import NIOCore
import RPC

/// One client's connection, served by one task: its requests are handled concurrently (each in a
/// child task, its reply carrying its id), its event notifications written in order. When the client
/// goes, requests still waiting (a `prompt.speak` with `wait`) stop waiting, and only once every
/// request has returned is the client's cleanup run: nothing it asked for reaches the engine after
/// its disconnect.
struct ClientConnection {
    let channel: NIOAsyncChannel<Frame, ByteBuffer>
    let router: RPCRouter
    let engine: VoxNavEngine
    let logger: Logger
    let maxFrameLength: Int
    /// Closes the connection once it has been silent long enough; nil: never.
    let idle: IdleSweep?
    /// The daemon's turns to handle a request, shared by every connection.
    let turns: RequestTurns

    /// The most requests of one connection handled at once; more are refused at once (a flood).
    static let maxInFlight = 64

    func serve() async {
        let (outgoing, send) = AsyncStream.makeStream(of: ClientContext.Outgoing.self)
        // This connection's identity: its sessions, prompts and guidance are its own.
        let client = ClientContext(id: ClientID(rawValue: "client-" + UUID().uuidString.prefix(8).lowercased())) { send.yield($0) }
        let pending = PendingOutput()
        do {
            try await channel.executeThenClose { inbound, outbound in
                let output = Output(writer: outbound, pending: pending)
                await withDiscardingTaskGroup { connection in
                    connection.addTask {
                        for await item in outgoing {
                            switch item {
                            case .notification(let notification):
                                await output.write(Self.line(notification))
                                client.notificationWritten()
                            case .subscriptionDropped(let backlog):
                                if let token = client.unsubscribed() { engine.unsubscribe(token) }
                                logger.warning(
                                    "an event subscriber fell too far behind: its subscription is dropped",
                                    metadata: ["client": "\(client.id.rawValue)", "backlog": "\(backlog)"])
                                var event = EngineEvent(type: .subscriptionDropped, time: engine.clock.now())
                                event.client = client.id.rawValue
                                event.reason = "\(backlog) events were waiting to be read (at most \(ClientContext.maxBacklog)): subscribe again"
                                if let params = try? JSONValue(encoding: event) {
                                    await output.write(Self.line(RPCNotification(method: EngineEvent.notificationMethod, params: params)))
                                }
                            }
                        }
                    }
                    idle?.watch(client, channel: channel.channel)
                    await withDiscardingTaskGroup { requests in
                        do {
                            for try await frame in inbound {
                                client.heard()
                                // Backpressure: while the client leaves its replies unread, its requests are not read
                                // either, nor while the daemon handles as many requests as it may.
                                await pending.waitForRoom()
                                try await turns.take()
                                handle(frame, from: client, in: &requests, output: output)
                            }
                        } catch {
                            logger.debug("client connection failed", metadata: ["client": "\(client.id.rawValue)", "error": "\(error)"])
                        }
                        requests.cancelAll()
                    }
                    idle?.forget(client)
                    logger.debug("client disconnected", metadata: ["client": "\(client.id.rawValue)"])
                    if let token = client.unsubscribed() { engine.unsubscribe(token) }
                    await engine.clientDisconnected(client.id)
                    send.finish()
                }
            }
        } catch {
            logger.debug("client connection could not close cleanly", metadata: ["error": "\(error)"])
        }
    }

    /// Handles one request, holding the turn taken for it until its reply is written.
    private func handle(_ frame: Frame, from client: ClientContext, in requests: inout DiscardingTaskGroup, output: Output) {
        switch frame {
        case .oversize:
            let refusal = RPCReply.single(RPCReply.Response(id: nil, error: .invalidRequest("frame longer than \(maxFrameLength) bytes")))
            requests.addTask { [turns] in
                defer { turns.release() }
                await output.write(Self.line(refusal))
            }
        case .line(let buffer):
            let bytes = Data(buffer.readableBytesView)
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return turns.release() }
            guard client.admit(limit: Self.maxInFlight) else {
                let refusal = RPCError(code: -32001, message: "too many requests in flight on this connection (at most \(Self.maxInFlight))")
                let reply = RPCReply.single(RPCReply.Response(id: Self.peekID(bytes), error: refusal))
                requests.addTask { [turns] in
                    defer { turns.release() }
                    await output.write(Self.line(reply))
                }
                return
            }
            let router = self.router
            requests.addTask { [turns] in
                defer {
                    client.done()
                    turns.release()
                }
                if let reply = await router.handle(bytes, from: client) { await output.write(Self.line(reply)) }
            }
        }
    }

    /// The connection's writer, counting what waits to be written.
    struct Output: Sendable {
        let writer: NIOAsyncChannelOutboundWriter<ByteBuffer>
        let pending: PendingOutput

        /// Writes one line; a connection that has gone takes nothing.
        func write(_ line: ByteBuffer) async {
            await pending.writing(bytes: line.readableBytes) { try? await writer.write(line) }
        }
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

    private static func line(_ notification: RPCNotification) -> ByteBuffer {
        line { try $0.encode(notification) }
    }

    private static func line(_ reply: RPCReply) -> ByteBuffer {
        line { try reply.encoded(with: $0) }
    }

    /// One JSON message and its newline; an empty buffer if it cannot be encoded (nothing is sent).
    private static func line(_ encode: (JSONEncoder) throws -> Data) -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard var data = try? encode(encoder) else { return ByteBuffer() }
        data.append(0x0A)
        return ByteBuffer(bytes: data)
    }
}
