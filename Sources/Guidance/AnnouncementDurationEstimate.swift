/// How long a prompt takes to speak, before the phrase is known. A table per state; the phrase
/// composer can do better from the text (see `speakingTime(words:)`) through the announcer's estimator; the engine's guidance session gives the words' own length as `wordsDuration`.
public struct AnnouncementDurationEstimate: Codable, Sendable, Equatable {
    /// "Continue for 5 kilometers."
    public var `continue`: Double
    /// "In 1.5 kilometers, turn right onto Solar Circle."
    public var initial: Double
    /// "In 300 meters, turn right onto Solar Circle."
    public var prepare: Double
    /// "Turn right now."
    public var execute: Double
    /// Added for ", then turn left".
    public var chainedExtra: Double
    /// eSpeak NG's default rate.
    public var wordsPerMinute: Double

    public init(
        continue: Double = 2.5, initial: Double = 3.5, prepare: Double = 3, execute: Double = 1.5,
        chainedExtra: Double = 1.5, wordsPerMinute: Double = 175
    ) {
        self.continue = `continue`
        self.initial = initial
        self.prepare = prepare
        self.execute = execute
        self.chainedExtra = chainedExtra
        self.wordsPerMinute = wordsPerMinute
    }

    public func seconds(for state: ManeuverState, chained: Bool) -> Double {
        seconds(for: state, chaining: chained ? 1 : 0)
    }

    /// A prompt of `state` that chains `count` maneuvers after its own (0–2): `chainedExtra` each.
    public func seconds(for state: ManeuverState, chaining count: Int) -> Double {
        let base: Double
        switch state {
        case .continue: base = self.continue
        case .initial: base = initial
        case .prepare: base = prepare
        case .execute: base = execute
        }
        return base + Double(max(count, 0)) * chainedExtra
    }

    /// Speaking time of a phrase of `words` words, plus a short pause at its end.
    public func speakingTime(words: Int) -> Double {
        Double(max(words, 0)) * 60 / max(wordsPerMinute, 1) + Self.endPause
    }

    /// Speaking time of `text`, its words counted between spaces, or its characters at a pack's
    /// calibration (`PhrasePack.speechLength`) where that says longer.
    public func speakingTime(of text: String, length: SpeechLength? = nil) -> Double {
        let words = speakingTime(words: text.split(separator: " ").count)
        return max(words, length?.seconds(of: text) ?? 0)
    }

    /// The short pause counted at a phrase's end.
    static let endPause = 0.3
}

/// Lenient decoding for configuration files: every missing key keeps its default.
extension AnnouncementDurationEstimate {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = AnnouncementDurationEstimate()
        self.init(
            continue: try container.decodeIfPresent(Double.self, forKey: .continue) ?? defaults.continue,
            initial: try container.decodeIfPresent(Double.self, forKey: .initial) ?? defaults.initial,
            prepare: try container.decodeIfPresent(Double.self, forKey: .prepare) ?? defaults.prepare,
            execute: try container.decodeIfPresent(Double.self, forKey: .execute) ?? defaults.execute,
            chainedExtra: try container.decodeIfPresent(Double.self, forKey: .chainedExtra) ?? defaults.chainedExtra,
            wordsPerMinute: try container.decodeIfPresent(Double.self, forKey: .wordsPerMinute)
                ?? defaults.wordsPerMinute)
    }
}
