import AudioPolicy

/// `session.configure`: this client's audio session (category, mode, options), checked for
/// combinations that cannot exist.
public enum SessionConfigure: RPCMethod {
    public static let name = "session.configure"

    public struct Params: MethodParams {
        public var category: SessionCategory
        public var mode: SessionMode?
        public var options: SessionOptions?
        public enum CodingKeys: String, CodingKey, CaseIterable { case category, mode, options }

        public init(category: SessionCategory, mode: SessionMode? = nil, options: SessionOptions? = nil) {
            self.category = category
            self.mode = mode
            self.options = options
        }

        public var configuration: SessionConfiguration {
            SessionConfiguration(category: category, mode: mode ?? .default, options: options ?? [])
        }
    }

    public struct Result: Codable, Sendable {
        public var configured: SessionConfiguration
        public init(configured: SessionConfiguration) { self.configured = configured }
    }
}

/// `session.setActive`: activates or deactivates this client's session; answers what that did to the others.
public enum SessionSetActive: RPCMethod {
    public static let name = "session.setActive"

    public struct Params: MethodParams {
        public var active: Bool
        /// On deactivation: tell interrupted sessions they may resume (default true).
        public var notifyOthers: Bool?
        public enum CodingKeys: String, CodingKey, CaseIterable { case active, notifyOthers }

        public init(active: Bool, notifyOthers: Bool? = nil) {
            self.active = active
            self.notifyOthers = notifyOthers
        }
    }

    public struct Result: Codable, Sendable {
        public var active: Bool
        public var effects: [String]
        public init(active: Bool, effects: [String]) {
            self.active = active
            self.effects = effects
        }
    }
}

/// `session.promptStyle`: the style a prompt of this client would get now (none, short, normal):
/// a maneuver instruction (`style`) and an alert (`alertStyle`), under its voice-guidance level.
public enum SessionPromptStyle: RPCMethod {
    public static let name = "session.promptStyle"
    public typealias Params = NoParams

    public struct Result: Codable, Sendable {
        /// A maneuver instruction's style.
        public var style: PromptStyle
        /// The style of anything else the client says (text, alerts).
        public var alertStyle: PromptStyle
        public var voiceGuidance: VoiceGuidance
        /// What its prompts do during a call (`session.promptsDuringCall`).
        public var promptsDuringCall: PromptsDuringCall
        /// How loud its prompts are (`session.guidanceGain`).
        public var guidanceGain: GuidanceGain
        public init(
            style: PromptStyle, alertStyle: PromptStyle, voiceGuidance: VoiceGuidance, promptsDuringCall: PromptsDuringCall = .tone,
            guidanceGain: GuidanceGain = .normal
        ) {
            self.style = style
            self.alertStyle = alertStyle
            self.voiceGuidance = voiceGuidance
            self.promptsDuringCall = promptsDuringCall
            self.guidanceGain = guidanceGain
        }
    }
}

/// `session.voiceGuidance`: the user's toggle for this client's voice prompts (off, alertsOnly, all).
public enum SessionVoiceGuidance: RPCMethod {
    public static let name = "session.voiceGuidance"

    public struct Params: MethodParams {
        public var level: VoiceGuidance
        public enum CodingKeys: String, CodingKey, CaseIterable { case level }

        public init(level: VoiceGuidance) { self.level = level }
    }

    /// The level set, and the styles it gives now.
    public typealias Result = SessionPromptStyle.Result
}

/// `session.promptsDuringCall`: the user's setting for this client's prompts during a voice call:
/// the policy's tone (the default), the spoken prompt, or nothing.
public enum SessionPromptsDuringCall: RPCMethod {
    public static let name = "session.promptsDuringCall"

    public struct Params: MethodParams {
        public var setting: PromptsDuringCall
        public enum CodingKeys: String, CodingKey, CaseIterable { case setting }

        public init(setting: PromptsDuringCall) { self.setting = setting }
    }

    /// The setting made, and the styles it gives now.
    public typealias Result = SessionPromptStyle.Result
}

/// `session.guidanceGain`: the user's choice of how loud this client's prompts are: softer (-6 dB),
/// normal or louder (+6 dB, through a limiter), before the policy's `audibility:` target.
public enum SessionGuidanceGain: RPCMethod {
    public static let name = "session.guidanceGain"

    public struct Params: MethodParams {
        public var gain: GuidanceGain
        public enum CodingKeys: String, CodingKey, CaseIterable { case gain }

        public init(gain: GuidanceGain) { self.gain = gain }
    }

    /// The gain set, and the styles its prompts get now.
    public typealias Result = SessionPromptStyle.Result
}

/// `session.voiceControl`: this client shows or hides its voice-control template, the one window in
/// which a navigation app may record in the car (and no prompt plays over the user's speech).
public enum SessionVoiceControl: RPCMethod {
    public static let name = "session.voiceControl"

    public struct Params: MethodParams {
        public var shown: Bool
        public enum CodingKeys: String, CodingKey, CaseIterable { case shown }

        public init(shown: Bool) { self.shown = shown }
    }

    public struct Result: Codable, Sendable {
        public var shown: Bool
        /// The style a prompt of this client gets now (none while a voice-control template is shown).
        public var style: PromptStyle
        public init(shown: Bool, style: PromptStyle) {
            self.shown = shown
            self.style = style
        }
    }
}

extension Methods {
    /// The methods of this file, listed in `Methods.all`.
    static let session: [any RPCMethod.Type] = [
        SessionConfigure.self, SessionSetActive.self, SessionPromptStyle.self, SessionVoiceControl.self, SessionVoiceGuidance.self,
        SessionPromptsDuringCall.self, SessionGuidanceGain.self,
    ]
}
