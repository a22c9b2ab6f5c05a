import Guidance

/// `prompt.alert`: a navigation alert about the road ahead ("Speed camera in 500 feet"), worded by
/// the language's phrase pack and queued at priority `important`; unless `wait` is false, awaited.
public enum PromptAlert: RPCMethod {
    public static let name = "prompt.alert"
    /// The farthest ahead an alert may be announced, in meters.
    public static let maximumDistance = 100_000.0

    public struct Params: MethodParams {
        public var kind: AlertKind
        /// Meters to it; absent: "… ahead".
        public var distance: Double?
        /// A phrase pack; default: the client's guidance language, else the daemon's default.
        public var language: String?
        /// Seconds from now after which the alert may no longer start.
        public var deadline: Double?
        /// False: answer at once with the prompt's id and place in the queue.
        public var wait: Bool?

        public enum CodingKeys: String, CodingKey, CaseIterable { case kind, distance, language, deadline, wait }

        public init(kind: AlertKind, distance: Double? = nil, language: String? = nil, deadline: Double? = nil, wait: Bool? = nil) {
            self.kind = kind
            self.distance = distance
            self.language = language
            self.deadline = deadline
            self.wait = wait
        }

        public func validate() throws(RPCError) {
            if let distance, !(distance >= 0 && distance <= PromptAlert.maximumDistance) {
                throw .invalidParams("'distance' must be meters from 0 to \(Int(PromptAlert.maximumDistance))")
            }
            if let deadline, !(deadline > 0 && deadline <= 3600) {
                throw .invalidParams("'deadline' must be seconds from now, more than 0 and at most 3600")
            }
        }
    }

    /// As `prompt.speak`'s.
    public typealias Result = PromptSpeak.Result
}

extension Methods {
    /// The methods of this file, listed in `Methods.all`.
    static let alert: [any RPCMethod.Type] = [PromptAlert.self]
}
