import StrictCoding

/// The category of an audio session: what the session's audio is for.
public enum SessionCategory: String, Codable, CaseIterable, Sendable {
    case ambient, soloAmbient, playback, record, playAndRecord, multiRoute

    public init(from decoder: any Decoder) throws {
        self = try decodeStrictly(Self.self, from: decoder, named: "session category")
    }
}

/// The mode specialises a category (a voice prompt, spoken audio, a call, ...).
public enum SessionMode: String, Codable, CaseIterable, Sendable {
    case `default`, voicePrompt, spokenAudio, voiceChat, videoChat, gameChat, moviePlayback, measurement,
        videoRecording, shortFormVideo

    public init(from decoder: any Decoder) throws {
        self = try decodeStrictly(Self.self, from: decoder, named: "session mode")
    }

    /// The categories this mode makes sense with (Apple's documented pairings).
    public var allowedCategories: Set<SessionCategory> {
        switch self {
        case .default: Set(SessionCategory.allCases)
        case .voicePrompt, .spokenAudio, .moviePlayback, .shortFormVideo: [.playback]
        case .voiceChat, .videoChat, .gameChat: [.playAndRecord]
        case .videoRecording: [.record, .playAndRecord]
        case .measurement: [.playback, .record, .playAndRecord]
        }
    }
}

/// Options that say how a session behaves towards the others.
public struct SessionOptions: OptionSet, Codable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let mixWithOthers = SessionOptions(rawValue: 1 << 0)
    public static let duckOthers = SessionOptions(rawValue: 1 << 1)
    public static let interruptSpokenAudioAndMixWithOthers = SessionOptions(rawValue: 1 << 2)
    public static let allowBluetooth = SessionOptions(rawValue: 1 << 3)
    public static let allowBluetoothA2DP = SessionOptions(rawValue: 1 << 4)
    public static let allowAirPlay = SessionOptions(rawValue: 1 << 5)
    public static let defaultToSpeaker = SessionOptions(rawValue: 1 << 6)
    public static let overrideMutedMicrophoneInterruption = SessionOptions(rawValue: 1 << 7)

    /// Every single option with its name, in declaration order.
    public static let named: [(name: String, option: SessionOptions)] = [
        ("mixWithOthers", .mixWithOthers), ("duckOthers", .duckOthers),
        ("interruptSpokenAudioAndMixWithOthers", .interruptSpokenAudioAndMixWithOthers),
        ("allowBluetooth", .allowBluetooth), ("allowBluetoothA2DP", .allowBluetoothA2DP),
        ("allowAirPlay", .allowAirPlay), ("defaultToSpeaker", .defaultToSpeaker),
        ("overrideMutedMicrophoneInterruption", .overrideMutedMicrophoneInterruption),
    ]

    /// The single option of that name; nil for a name that is none.
    public static func option(named name: String) -> SessionOptions? { named.first { $0.name == name }?.option }

    /// Options that make a session mix with the others.
    public static let mixing: SessionOptions = [.mixWithOthers, .duckOthers, .interruptSpokenAudioAndMixWithOthers]

    /// The categories an option may be set with (Apple's documented pairings).
    static func allowedCategories(for option: SessionOptions) -> Set<SessionCategory> {
        switch option {
        case .mixWithOthers, .duckOthers, .interruptSpokenAudioAndMixWithOthers:
            [.playback, .playAndRecord, .multiRoute]
        case .allowBluetooth, .overrideMutedMicrophoneInterruption: [.record, .playAndRecord]
        // Output-only categories get A2DP and AirPlay anyway; the option exists for playAndRecord.
        case .allowBluetoothA2DP, .allowAirPlay, .defaultToSpeaker: [.playAndRecord]
        default: []
        }
    }

    /// The names of the options in this set, in declaration order.
    public var names: [String] { Self.named.filter { contains($0.option) }.map(\.name) }
}

/// Why a session configuration cannot exist.
public struct SessionConfigurationError: Error, Hashable, Codable, Sendable, CustomStringConvertible {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// Category + mode + options. Construct freely, then `validate()`.
public struct SessionConfiguration: Codable, Hashable, Sendable, CustomStringConvertible {
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

    /// What this configuration lacks of the one the CarPlay guide asks of a session that plays
    /// navigation prompts (`voicePrompt`), in words; empty when it has it all.
    public var missingForPrompts: [String] {
        var missing: [String] = []
        if mode != .voicePrompt { missing.append("mode voicePrompt") }
        for option in [SessionOptions.duckOthers, .interruptSpokenAudioAndMixWithOthers] where !options.contains(option) {
            missing.append("option \(option.names.joined())")
        }
        return missing
    }

    /// True when this session mixes with other audio instead of taking it over.
    /// duckOthers and interruptSpokenAudioAndMixWithOthers imply mixing; ambient always mixes.
    public var mixes: Bool {
        switch category {
        case .ambient: true
        case .soloAmbient, .record: false
        case .playback, .playAndRecord, .multiRoute: !options.isDisjoint(with: SessionOptions.mixing)
        }
    }

    /// True when the session records from the microphone.
    public var records: Bool { category == .record || category == .playAndRecord || category == .multiRoute }

    /// How this session takes part in focus arbitration (its row and column in the interaction table).
    public var focusRole: FocusRole {
        if records { return .recording }
        if !mixes { return .exclusivePlayback }
        switch (options.contains(.duckOthers), options.contains(.interruptSpokenAudioAndMixWithOthers)) {
        case (true, true): return .voicePrompt
        case (true, false): return .duckingPlayback
        case (false, true): return .spokenInterruptingPlayback
        case (false, false): return .mixingPlayback
        }
    }

    public var description: String {
        "\(category.rawValue)/\(mode.rawValue)[\(options.names.joined(separator: ","))]"
    }

    /// Every reason this configuration cannot exist, in a stable order; empty when valid.
    public var problems: [SessionConfigurationError] {
        var found: [SessionConfigurationError] = []
        if !mode.allowedCategories.contains(category) {
            let allowed = SessionCategory.allCases.filter(mode.allowedCategories.contains).map(\.rawValue)
            found.append(.init("mode \(mode.rawValue) needs category \(allowed.joined(separator: " or ")) (got \(category.rawValue))"))
        }
        for (name, option) in SessionOptions.named where options.contains(option) {
            let allowed = SessionOptions.allowedCategories(for: option)
            if !allowed.contains(category) {
                let list = SessionCategory.allCases.filter(allowed.contains).map(\.rawValue)
                let why =
                    category == .ambient && SessionOptions.mixing.contains(option)
                    ? " (ambient always mixes and cannot duck or interrupt)"
                    : category == .record && SessionOptions.mixing.contains(option)
                        ? " (record has no output to mix, duck or interrupt with)" : ""
                found.append(.init("\(name) needs category \(list.joined(separator: " or ")) (got \(category.rawValue))\(why)"))
            }
        }
        return found
    }

    public func validate() throws(SessionConfigurationError) {
        if let first = problems.first { throw first }
    }
}

extension SessionOptions {
    /// Encoded as the option names (`["duckOthers", "mixWithOthers"]`), not a bit mask, so that the
    /// protocol and the state dumps say what they mean.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var options = SessionOptions()
        while !container.isAtEnd {
            let name = try container.decode(String.self)
            guard let option = Self.option(named: name) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: unknownValueMessage(name, what: "session option", allowed: Self.named.map(\.name)))
            }
            options.insert(option)
        }
        self = options
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for name in names { try container.encode(name) }
    }
}
