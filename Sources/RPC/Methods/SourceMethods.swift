import AudioPolicy

/// `source.start`: starts a simulated car source.
public enum SourceStart: RPCMethod {
    public static let name = "source.start"

    public struct Params: MethodParams {
        public var kind: SourceKind
        public var activity: SourceActivity?
        /// A vehicle chime's length in seconds.
        public var duration: Double?
        public enum CodingKeys: String, CodingKey, CaseIterable { case kind, activity, duration }

        public init(kind: SourceKind, activity: SourceActivity? = nil, duration: Double? = nil) {
            self.kind = kind
            self.activity = activity
            self.duration = duration
        }

        public func validate() throws(RPCError) {
            guard let duration else { return }
            guard kind == .vehicleChime else { throw .invalidParams("'duration' is only for a vehicleChime") }
            guard duration > 0, duration <= 60 else { throw .invalidParams("'duration' must be seconds, more than 0 and at most 60") }
        }
    }

    public typealias Result = EngineState.Source
}

/// `source.stop`: stops a simulated car source.
public enum SourceStop: RPCMethod {
    public static let name = "source.stop"

    public struct Params: MethodParams {
        public var kind: SourceKind
        public enum CodingKeys: String, CodingKey, CaseIterable { case kind }
        public init(kind: SourceKind) { self.kind = kind }
    }

    public struct Result: Codable, Sendable {
        public var kind: SourceKind
        public var state: String
        public init(kind: SourceKind, state: String) {
            self.kind = kind
            self.state = state
        }
    }
}

/// `source.list`: every source, simulated or another program's, as the server has it.
public enum SourceList: RPCMethod {
    public static let name = "source.list"
    public typealias Params = NoParams

    public struct Result: Codable, Sendable {
        public var sources: [EngineState.Source]
        public init(sources: [EngineState.Source]) { self.sources = sources }
    }
}

extension Methods {
    /// The methods of this file, listed in `Methods.all`.
    static let source: [any RPCMethod.Type] = [SourceStart.self, SourceStop.self, SourceList.self]
}
