/// `state.get`: what the daemon is doing, with volumes read back from the sound server.
public enum StateGet: RPCMethod {
    public static let name = "state.get"
    public typealias Params = NoParams
    public typealias Result = EngineState
}

/// `audit.get`: the guideline violations the policy saw, of every client or of this one.
public enum AuditGet: RPCMethod {
    public static let name = "audit.get"

    public struct Params: MethodParams {
        /// False: only this client's (default true).
        public var all: Bool?
        public enum CodingKeys: String, CodingKey, CaseIterable { case all }
        public init(all: Bool? = nil) { self.all = all }
    }

    public struct Result: Codable, Sendable {
        public var violations: [EngineState.ViolationEntry]
        public init(violations: [EngineState.ViolationEntry]) { self.violations = violations }
    }
}

/// `clock.advance`: moves a virtual clock to a time (drive simulations).
public enum ClockAdvance: RPCMethod {
    public static let name = "clock.advance"
    /// The latest time a clock may be moved to, in seconds (about 31 years); the guidance methods'
    /// `time` is bounded by it too.
    public static let maximumTime = 1e9

    public struct Params: MethodParams {
        /// Seconds on the engine's clock.
        public var to: Double
        public enum CodingKeys: String, CodingKey, CaseIterable { case to }
        public init(to: Double) { self.to = to }

        public func validate() throws(RPCError) {
            guard to >= 0, to <= ClockAdvance.maximumTime else { throw .invalidParams("'to' must be between 0 and 1000000000 seconds") }
        }
    }

    public struct Result: Codable, Sendable {
        public var now: Double
        public var clock: String
        public init(now: Double, clock: String) {
            self.now = now
            self.clock = clock
        }
    }
}

extension Methods {
    /// The methods of this file, listed in `Methods.all`.
    static let state: [any RPCMethod.Type] = [StateGet.self, AuditGet.self, ClockAdvance.self]
}
