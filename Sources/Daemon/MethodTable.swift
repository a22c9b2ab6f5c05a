import RPC

/// The daemon's handlers by method name. Each is registered with its method's type, so that its
/// params arrive decoded and checked (`MethodParams.decode`) and its result leaves typed.
struct MethodTable: Sendable {
    typealias Handler = @Sendable (JSONValue?, ClientContext) async throws -> JSONValue
    private(set) var handlers: [String: Handler] = [:]

    mutating func on<M: RPCMethod>(_ method: M.Type, _ body: @escaping @Sendable (M.Params, ClientContext) async throws -> M.Result) {
        handlers[M.name] = { raw, client in
            let params = try M.Params.decode(raw, method: M.name)
            return try JSONValue(encoding: try await body(params, client))
        }
    }

    subscript(name: String) -> Handler? { handlers[name] }
}
