import FoundationEssentials
import RPC

/// The daemon's handlers by method name. Each is registered with its method's type, so that its
/// params arrive decoded and checked (`MethodParams.decode`, from the request's own bytes when it
/// came alone) and its result is encoded as it is onto the wire.
struct MethodTable: Sendable {
    /// The request's params as parsed, its frame's bytes (nil within a batch), and its client.
    typealias Handler = @Sendable (JSONValue?, Data?, ClientContext) async throws -> any Encodable & Sendable
    private(set) var handlers: [String: Handler] = [:]

    mutating func on<M: RPCMethod>(_ method: M.Type, _ body: @escaping @Sendable (M.Params, ClientContext) async throws -> M.Result) {
        handlers[M.name] = { raw, frame, client in
            try await body(try M.Params.decode(raw, frame: frame, method: M.name), client)
        }
    }

    subscript(name: String) -> Handler? { handlers[name] }
}
