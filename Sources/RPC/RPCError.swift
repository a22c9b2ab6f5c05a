/// A JSON-RPC 2.0 error object. The standard codes, plus VoxNav's own in -32000…-32099.
public struct RPCError: Error, Codable, Equatable, Sendable, CustomStringConvertible {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public static func parseError(_ detail: String) -> RPCError { RPCError(code: -32700, message: "Parse error: \(detail)") }
    public static func invalidRequest(_ detail: String) -> RPCError { RPCError(code: -32600, message: "Invalid request: \(detail)") }
    public static func methodNotFound(_ method: String) -> RPCError { RPCError(code: -32601, message: "Method not found: \(method)") }
    public static func invalidParams(_ detail: String) -> RPCError { RPCError(code: -32602, message: "Invalid params: \(detail)") }
    public static func internalError(_ detail: String) -> RPCError { RPCError(code: -32603, message: "Internal error: \(detail)") }
    /// The request was valid but the engine could not do it (no audio server, unknown voice, ...).
    public static func engineFailure(_ detail: String) -> RPCError { RPCError(code: -32000, message: detail) }

    public var description: String { "\(message) (\(code))" }
}
