import FoundationEssentials

/// A JSON-RPC 2.0 request id: a number or a string.
public enum RPCID: Codable, Hashable, Sendable, CustomStringConvertible {
    case number(Int64)
    case string(String)

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let n = try? c.decode(Int64.self) { self = .number(n) } else { self = .string(try c.decode(String.self)) }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .number(let n): try c.encode(n)
        case .string(let s): try c.encode(s)
        }
    }

    public var description: String {
        switch self {
        case .number(let n): String(n)
        case .string(let s): "\"\(s)\""
        }
    }
}

/// A request (with an id) or a notification (without one).
public struct RPCRequest: Codable, Sendable {
    public var jsonrpc = "2.0"
    public var id: RPCID?
    public var method: String
    public var params: JSONValue?

    public init(id: RPCID?, method: String, params: JSONValue? = nil) {
        self.id = id
        self.method = method
        self.params = params
    }
}

/// A response: a result or an error, never both.
public struct RPCResponse: Codable, Sendable {
    public var jsonrpc = "2.0"
    /// Null when the request's id could not be read (parse error, invalid request).
    public var id: RPCID?
    public var result: JSONValue?
    public var error: RPCError?

    public init(id: RPCID?, result: JSONValue) {
        self.id = id
        self.result = result
    }

    public init(id: RPCID?, error: RPCError) {
        self.id = id
        self.error = error
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(jsonrpc, forKey: .jsonrpc)
        if let id { try c.encode(id, forKey: .id) } else { try c.encodeNil(forKey: .id) }
        if let error { try c.encode(error, forKey: .error) } else { try c.encode(result ?? .null, forKey: .result) }
    }
}

/// A server-to-client notification (an event).
public struct RPCNotification: Codable, Sendable {
    public var jsonrpc = "2.0"
    public var method: String
    public var params: JSONValue

    public init(method: String, params: JSONValue) {
        self.method = method
        self.params = params
    }
}
