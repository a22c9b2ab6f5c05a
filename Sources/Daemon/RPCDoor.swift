import AudioPolicy
import Engine
import FoundationEssentials
import Logging
import NIOCore
import RPC

/// voxnavd's JSON-RPC 2.0 door: newline-delimited JSON, a connection's requests handled
/// concurrently (each in a task of its own, its reply carrying its id), its event notifications
/// written in order with its replies.
struct RPCDoor: Door {
    let router: RPCRouter
    let engine: VoxNavEngine

    /// Frames longer than this are refused (1 MiB: far above any real request).
    static let maxFrameLength = 1 << 20
    /// The most requests of one connection handled at once; more are refused at once (a flood).
    static let maxInFlight = 64

    var name: String { "JSON-RPC" }
    var lineEnd: LineEnd { .newline }
    var maxLineLength: Int { Self.maxFrameLength }

    func refusal(_ why: String) -> ByteBuffer {
        RPCLine.of(.single(RPCReply.Response(id: nil, error: RPCError(code: -32002, message: "\(why): try again later"))))
    }

    func open(_ link: ConnectionLink) -> RPCConnection {
        let engine = self.engine
        let logger = link.logger
        let output = link.output
        // This connection's identity: its sessions, prompts and guidance are its own.
        let id = ClientID(rawValue: "client-" + UUID().uuidString.prefix(8).lowercased())
        // Told from within the engine's event delivery, which must not be unsubscribed from there:
        // the subscription stays, inert, until the client subscribes again, unsubscribes or goes.
        let client = ClientContext(id: id, output: output) { client, backlog in
            logger.warning(
                "an event subscriber fell too far behind: its subscription is dropped",
                metadata: ["client": "\(client.id.rawValue)", "backlog": "\(backlog)"])
            let reason = "\(backlog) events were waiting to be read (at most \(ClientContext.maxBacklog)): subscribe again"
            let event = EngineEvent.subscriptionDropped(client: client.id.rawValue, reason: reason).record(at: engine.clock.now())
            if let params = try? JSONValue(encoding: event) {
                output.send(RPCLine.of(RPCNotification(method: EventRecord.notificationMethod, params: params)))
            }
        }
        return RPCConnection(client: client, router: router, engine: engine, output: output)
    }

    func run() async {}
}

/// One JSON-RPC connection. When the client goes, requests still waiting (a `prompt.speak` with
/// `wait`) stop waiting, and only once every request has returned is the client's cleanup run:
/// nothing it asked for reaches the engine after its disconnect.
struct RPCConnection: DoorConnection {
    let client: ClientContext
    let router: RPCRouter
    let engine: VoxNavEngine
    let output: ConnectionOutput

    var isBusy: Bool { client.isBusy }

    func take(_ frame: Frame, turn: RequestTurn, requests: inout DiscardingTaskGroup) async -> LineVerdict {
        switch frame {
        case .oversize:
            output.send(RPCLine.of(.single(RPCReply.Response(id: nil, error: .invalidRequest("frame longer than \(RPCDoor.maxFrameLength) bytes")))))
            turn.release()
        case .line(let buffer):
            let bytes = Data(buffer.readableBytesView)
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                turn.release()
                return .goOn
            }
            guard client.admit(limit: RPCDoor.maxInFlight) else {
                let refusal = RPCError(code: -32001, message: "too many requests in flight on this connection (at most \(RPCDoor.maxInFlight))")
                output.send(RPCLine.of(.single(RPCReply.Response(id: Self.peekID(bytes), error: refusal))))
                turn.release()
                return .goOn
            }
            let (router, client, output) = (self.router, self.client, self.output)
            requests.addImmediateTask(priority: turn.priority) {
                defer {
                    client.done()
                    turn.release()
                }
                if let reply = await router.handle(bytes, from: client) { output.send(RPCLine.of(reply)) }
            }
        }
        return .goOn
    }

    func ended() async {
        if let token = client.unsubscribed() { engine.unsubscribe(token) }
        await engine.sessions.clientDisconnected(client.id)
    }

    /// The id of a request, if it can be read, to answer a refusal with it.
    private static func peekID(_ bytes: Data) -> RPCID? {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: bytes) else { return nil }
        return value["id"].flatMap(RPCRouter.id)
    }
}

/// One JSON message as a line: its JSON and a newline; an empty buffer if it cannot be encoded
/// (nothing is sent).
enum RPCLine {
    static func of(_ notification: RPCNotification) -> ByteBuffer {
        line { try $0.encode(notification) }
    }

    static func of(_ reply: RPCReply) -> ByteBuffer {
        line { try reply.encoded(with: $0) }
    }

    private static func line(_ encode: (JSONEncoder) throws -> Data) -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard var data = try? encode(encoder) else { return ByteBuffer() }
        data.append(0x0A)
        return ByteBuffer(bytes: data)
    }
}
