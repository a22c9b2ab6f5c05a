import AudioPolicy
import Engine
import FoundationEssentials
import Logging
import RPC

/// Validates JSON-RPC 2.0 frames and dispatches them to the method handlers.
final class RPCRouter: Sendable {
    private let methods: MethodTable
    private let logger: Logger

    init(methods: MethodTable, logger: Logger) {
        self.methods = methods
        self.logger = logger
    }

    /// The reply to one frame, or nil when the frame held only notifications.
    func handle(_ frame: Data, from client: ClientContext) async -> RPCReply? {
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: frame)
        } catch {
            return .single(RPCReply.Response(id: nil, error: .parseError("the frame is not valid JSON")))
        }
        if case .array(let items) = value {
            guard !items.isEmpty else { return .single(RPCReply.Response(id: nil, error: .invalidRequest("empty batch"))) }
            var responses: [RPCReply.Response] = []
            for item in items {
                if let response = await handleOne(item, frame: nil, from: client) { responses.append(response) }
            }
            return responses.isEmpty ? nil : .batch(responses)
        }
        return await handleOne(value, frame: frame, from: client).map { .single($0) }
    }

    /// A request's id as JSON-RPC allows it: a string, or an integer a double holds exactly.
    static func id(_ value: JSONValue) -> RPCID? {
        switch value {
        case .string(let s): .string(s)
        case .number(let n) where n.rounded() == n && abs(n) < 9e15: .number(Int64(n))
        default: nil
        }
    }

    /// One request; `frame` is its own bytes when it came alone (not in a batch).
    private func handleOne(_ value: JSONValue, frame: Data?, from client: ClientContext) async -> RPCReply.Response? {
        guard case .object(let object) = value else {
            return RPCReply.Response(id: nil, error: .invalidRequest("a request must be a JSON object"))
        }
        // Read the id first so that even an invalid request is answered with it.
        var id: RPCID?
        switch object["id"] {
        case nil, .null?: id = nil
        case let value?:
            guard let valid = Self.id(value) else { return RPCReply.Response(id: nil, error: .invalidRequest("'id' must be a string or an integer")) }
            id = valid
        }
        let isNotification = object["id"] == nil
        guard object["jsonrpc"] == .string("2.0") else {
            return RPCReply.Response(id: id, error: .invalidRequest("'jsonrpc' must be \"2.0\""))
        }
        guard case .string(let method)? = object["method"] else {
            return RPCReply.Response(id: id, error: .invalidRequest("'method' must be a string"))
        }
        let params = object["params"]
        if let params, params.objectValue == nil, params.arrayValue == nil {
            return RPCReply.Response(id: id, error: .invalidRequest("'params' must be an object or an array"))
        }
        guard let handler = methods[method] else {
            return isNotification ? nil : RPCReply.Response(id: id, error: .methodNotFound(method))
        }
        let response: RPCReply.Response
        do {
            response = RPCReply.Response(id: id, result: try await handler(params, frame, client))
        } catch let error as RPCError {
            response = RPCReply.Response(id: id, error: error)
        } catch let error as EngineError {
            var failure: RPCError = error.isInvalidRequest ? .invalidParams(error.description) : .engineFailure(error.description)
            failure.data = error.data
            response = RPCReply.Response(id: id, error: failure)
        } catch {
            logger.error("method failed", metadata: ["method": "\(method)", "error": "\(error)"])
            response = RPCReply.Response(id: id, error: .internalError("\(error)"))
        }
        return isNotification ? nil : response
    }
}
