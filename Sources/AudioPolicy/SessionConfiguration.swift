/// The category of an audio session: what the session's audio is for.
public enum SessionCategory: String, Codable, CaseIterable, Sendable {
    case ambient, soloAmbient, playback, record, playAndRecord
}

/// The mode specialises a category (a voice prompt, spoken audio, a call, ...).
public enum SessionMode: String, Codable, CaseIterable, Sendable {
    case `default`, voicePrompt, spokenAudio, voiceChat, videoChat, gameChat, moviePlayback, measurement, videoRecording
}

/// Options that say how a session behaves towards the others.
public struct SessionOptions: OptionSet, Codable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let mixWithOthers = SessionOptions(rawValue: 1 << 0)
    public static let duckOthers = SessionOptions(rawValue: 1 << 1)
    public static let interruptSpokenAudioAndMixWithOthers = SessionOptions(rawValue: 1 << 2)
}

/// Why a session configuration cannot exist.
public struct SessionConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// Category + mode + options. Construct freely, then `validate()`.
public struct SessionConfiguration: Codable, Hashable, Sendable {
    public var category: SessionCategory
    public var mode: SessionMode
    public var options: SessionOptions

    public init(category: SessionCategory, mode: SessionMode = .default, options: SessionOptions = []) {
        self.category = category
        self.mode = mode
        self.options = options
    }

    /// The one configuration the CarPlay guidelines prescribe for navigation voice prompts.
    public static let voicePrompt = SessionConfiguration(
        category: .playback, mode: .voicePrompt,
        options: [.duckOthers, .interruptSpokenAudioAndMixWithOthers])

    /// True when this session mixes with other audio instead of taking it over.
    /// duckOthers and interruptSpokenAudioAndMixWithOthers imply mixing.
    public var mixes: Bool {
        category == .ambient || !options.isDisjoint(with: [.mixWithOthers, .duckOthers, .interruptSpokenAudioAndMixWithOthers])
    }

    /// True when the session records from the microphone.
    public var records: Bool { category == .record || category == .playAndRecord }

    public func validate() throws(SessionConfigurationError) {
        let mixingOptions: SessionOptions = [.mixWithOthers, .duckOthers, .interruptSpokenAudioAndMixWithOthers]
        if !options.isDisjoint(with: mixingOptions) && !(category == .playback || category == .playAndRecord || category == .ambient) {
            throw SessionConfigurationError("mixing options need category playback or playAndRecord (got \(category.rawValue))")
        }
        if options.contains(.duckOthers) && category == .ambient {
            throw SessionConfigurationError("duckOthers needs category playback or playAndRecord (got ambient)")
        }
        if mode == .voicePrompt && category != .playback {
            throw SessionConfigurationError("mode voicePrompt needs category playback (got \(category.rawValue))")
        }
    }
}
