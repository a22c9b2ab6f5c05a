import StrictCoding

/// `events.subscribe`: events as `event` notifications, all or only these types and groups.
public enum EventsSubscribe: RPCMethod {
    public static let name = "events.subscribe"

    public struct Params: MethodParams {
        /// Event types (`prompt.finished`) or groups (`prompt`); all when absent.
        public var types: [String]?
        public enum CodingKeys: String, CodingKey, CaseIterable { case types }
        public init(types: [String]? = nil) { self.types = types }

        public func validate() throws(RPCError) {
            let known = EventType.allCases.map(\.rawValue) + EventType.groups
            if let types, types.count > known.count {
                throw .invalidParams("'types' must list at most \(known.count) event types or groups, not \(types.count)")
            }
            for type in types ?? [] { try checkLength(type, "types", limit: InputLimits.tagCharacters) }
            if let unknown = types?.first(where: { !known.contains($0) }) {
                throw .invalidParams(unknownValueMessage(unknown, what: "event type", allowed: known))
            }
        }
    }

    public typealias Result = Subscription
}

/// `events.unsubscribe`: no more events on this connection.
public enum EventsUnsubscribe: RPCMethod {
    public static let name = "events.unsubscribe"
    public typealias Params = NoParams
    public typealias Result = Subscription
}

/// What a connection is subscribed to now.
public struct Subscription: Codable, Sendable {
    public var subscribed: [String]
    public init(subscribed: [String]) { self.subscribed = subscribed }
}

extension Methods {
    /// The methods of this file, listed in `Methods.all`.
    static let events: [any RPCMethod.Type] = [EventsSubscribe.self, EventsUnsubscribe.self]
}
