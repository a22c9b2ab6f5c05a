import AudioPolicy
import FoundationEssentials
import Guidance
import StrictCoding
import TextFormat

/// `prompt.speak`: words or a maneuver, queued by priority and, unless `wait` is false, awaited.
public enum PromptSpeak: RPCMethod {
    public static let name = "prompt.speak"

    public struct Params: MethodParams {
        /// Words to speak as they are.
        public var text: String?
        /// Words in SSML (`speak`, `break`, `emphasis`, `say-as`, `prosody`), said through eSpeak NG's
        /// own SSML: the markup is never spoken, an element it does not know is dropped with its words
        /// kept (as the SSIP door's `SSML_MODE`).
        public var ssml: String?
        /// A maneuver, composed into words by the language's phrase pack.
        public var maneuver: Maneuver?
        /// The maneuver right after it, chained ("…, then keep left").
        public var then: Maneuver?
        public var language: String?
        public var priority: PromptPriority?
        /// Seconds from now after which the prompt may no longer start.
        public var deadline: Double?
        /// A newer prompt of this client with the same key supersedes a waiting one.
        public var key: String?
        /// False: answer at once with the prompt's id and place in the queue.
        public var wait: Bool?
        /// True: the prompt still plays if this client disconnects before it has (as speech-dispatcher
        /// plays a message after its client has gone); the client's session lasts until it has ended.
        /// Otherwise a client's prompts end with it.
        public var outliveClient: Bool?
        /// True: a distance ahead or "now" in the text, in its language's words, gives the prompt a
        /// key and a deadline where it has none of its own (best effort: `TextTiming`).
        public var timingFromText: Bool?
        /// How fast and how high the words are said, each -100…100 with 0 (the default) the voice's
        /// own, on speech-dispatcher's scale (SSIP's `SET SELF RATE` and `PITCH`).
        public var rate: Int?
        public var pitch: Int?

        public enum CodingKeys: String, CodingKey, CaseIterable {
            case text, ssml, maneuver, then, language, priority, deadline, key, wait, outliveClient, timingFromText, rate, pitch
        }

        public init(
            text: String? = nil, ssml: String? = nil, maneuver: Maneuver? = nil, then: Maneuver? = nil, language: String? = nil,
            priority: PromptPriority? = nil, deadline: Double? = nil, key: String? = nil, wait: Bool? = nil,
            outliveClient: Bool? = nil, timingFromText: Bool? = nil, rate: Int? = nil, pitch: Int? = nil
        ) {
            self.text = text
            self.ssml = ssml
            self.maneuver = maneuver
            self.then = then
            self.language = language
            self.priority = priority
            self.deadline = deadline
            self.key = key
            self.wait = wait
            self.outliveClient = outliveClient
            self.timingFromText = timingFromText
            self.rate = rate
            self.pitch = pitch
        }

        public func validate() throws(RPCError) {
            switch (text, ssml, maneuver) {
            case (let text?, nil, nil):
                guard !text.trimmingWhitespace().isEmpty else { throw .invalidParams("'text' is empty") }
                guard then == nil else { throw .invalidParams("'then' goes with 'maneuver', not 'text'") }
            case (nil, let ssml?, nil):
                guard !ssml.trimmingWhitespace().isEmpty else { throw .invalidParams("'ssml' is empty") }
                guard then == nil else { throw .invalidParams("'then' goes with 'maneuver', not 'ssml'") }
                guard timingFromText == nil else { throw .invalidParams("'timingFromText' goes with 'text', not 'ssml'") }
            case (nil, nil, _?):
                // A maneuver's timing is its own: its state and distance.
                guard timingFromText == nil else { throw .invalidParams("'timingFromText' goes with 'text', not 'maneuver'") }
            case (nil, nil, nil): throw .invalidParams("'text', 'ssml' or 'maneuver' is required")
            default: throw .invalidParams("give only one of 'text', 'ssml' and 'maneuver'")
            }
            for (name, value) in [("rate", rate), ("pitch", pitch)] {
                if let value, !(-100...100).contains(value) {
                    throw .invalidParams("'\(name)' must be within -100…100, 0 the voice's own (got \(value))")
                }
            }
            if let deadline, !(deadline > 0 && deadline <= 3600) {
                throw .invalidParams("'deadline' must be seconds from now, more than 0 and at most 3600")
            }
            try checkLength(language, "language", limit: InputLimits.tagCharacters)
            try checkLength(key, "key", limit: InputLimits.nameCharacters)
        }
    }

    /// The prompt's outcome once it has played (or not), or its place in the queue when not awaited.
    public enum Result: Codable, Sendable {
        case queued(QueuedPrompt)
        case outcome(PromptOutcome)

        public init(from decoder: any Decoder) throws {
            let queued = try? QueuedPrompt(from: decoder)
            self = try queued.map(Result.queued) ?? .outcome(PromptOutcome(from: decoder))
        }

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .queued(let queued): try queued.encode(to: encoder)
            case .outcome(let outcome): try outcome.encode(to: encoder)
            }
        }
    }
}

/// A prompt accepted into the queue, not awaited.
public struct QueuedPrompt: Codable, Sendable {
    public var id: String
    /// Prompts ahead of it (0: it plays next).
    public var position: Int

    public init(id: String, position: Int) {
        self.id = id
        self.position = position
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case id, position }

    // Strict, so that an outcome (which has an id too) is never read as a queued prompt.
    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(CodingKeys.self, in: decoder, of: "queued prompt")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        position = try container.decode(Int.self, forKey: .position)
    }
}

/// `prompt.cancel`: this client's waiting and playing prompts, or one of them.
public enum PromptCancel: RPCMethod {
    public static let name = "prompt.cancel"

    public struct Params: MethodParams {
        public var id: String?
        public enum CodingKeys: String, CodingKey, CaseIterable { case id }
        public init(id: String? = nil) { self.id = id }

        public func validate() throws(RPCError) { try checkLength(id, "id", limit: InputLimits.nameCharacters) }
    }

    public struct Result: Codable, Sendable {
        public var cancelled: [String]
        public init(cancelled: [String]) { self.cancelled = cancelled }
    }
}

extension Methods {
    /// The methods of this file, listed in `Methods.all`.
    static let prompt: [any RPCMethod.Type] = [PromptSpeak.self, PromptCancel.self]
}
