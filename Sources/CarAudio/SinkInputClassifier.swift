import AudioPolicy
import PulseAudio

/// Decides what kind of source another program's stream is, from its properties, so the engine can
/// duck or pause it like the simulated ones. A small ordered table: the first matching rule decides.
public struct SinkInputClassifier: Sendable {
    public struct Rule: Sendable {
        public enum Match: Sendable {
            /// The property equals one of these values (case-insensitive).
            case equals(String, [String])
            /// The property contains one of these words (case-insensitive).
            case contains(String, [String])
            case hasPrefix(String, String)
            case present(String)
            case absent(String)
        }

        public enum Outcome: Sendable, Equatable {
            case kind(SourceKind)
            /// Not a source the engine should touch: VoxNav's own streams, and speech that operates the
            /// machine (screen readers, speech-dispatcher), which is never ducked, muted or paused.
            case ignore
            /// The kind the stream declares in this property (`voxnav.source.kind`).
            case declared(String)
        }

        public var match: Match
        public var outcome: Outcome

        public init(_ match: Match, _ outcome: Outcome) {
            self.match = match
            self.outcome = outcome
        }

        func matches(_ properties: [String: String]) -> Bool {
            switch match {
            case .equals(let key, let values):
                guard let value = properties[key]?.lowercased() else { return false }
                return values.contains { $0.lowercased() == value }
            case .contains(let key, let words):
                guard let value = properties[key]?.lowercased() else { return false }
                return words.contains { value.contains($0.lowercased()) }
            case .hasPrefix(let key, let prefix):
                return properties[key]?.hasPrefix(prefix) ?? false
            case .present(let key):
                return properties[key] != nil
            case .absent(let key):
                return properties[key] == nil
            }
        }
    }

    public var rules: [Rule]

    public init(rules: [Rule] = SinkInputClassifier.standardRules) { self.rules = rules }

    public static let standardRules: [Rule] = [
        // VoxNav's own streams (prompts, and the simulated sources the engine already drives).
        Rule(.hasPrefix("application.id", "org.voxnav"), .ignore),
        // A stream may say what it is outright.
        Rule(.present("voxnav.source.kind"), .declared("voxnav.source.kind")),
        // Accessibility speech (a screen reader, speech-dispatcher and its output modules, a TTS engine): how
        // the user operates the machine, so it is left alone, never ducked, muted or paused. It does not
        // interrupt anything either: speech-dispatcher keeps its stream open and uncorked while silent, so
        // the stream's presence says nothing about speech in progress. It has no role, so it is matched
        // by name before the no-role rule below would call it music.
        Rule(.equals("media.role", ["a11y", "accessibility"]), .ignore),
        Rule(.contains("application.name", ["speech-dispatcher", "speechd", "orca", "espeak"]), .ignore),
        Rule(.equals("application.process.binary", ["speech-dispatcher", "orca", "espeak-ng", "espeak"]), .ignore),
        Rule(.equals("media.role", ["phone"]), .kind(.phoneCall)),
        Rule(.equals("media.role", ["spoken"]), .kind(.spokenAudio)),
        // Podcast and audiobook players usually say "music" (there is no spoken role): go by their name,
        // before the role, because spoken audio is paused, never ducked.
        Rule(.contains("application.name", ["podcast", "audiobook", "gpodder", "cozy", "voicemail"]), .kind(.spokenAudio)),
        Rule(.contains("media.name", ["podcast", "audiobook"]), .kind(.spokenAudio)),
        // Media: ducked like music.
        Rule(.equals("media.role", ["music", "video", "game"]), .kind(.music)),
        // Short system sounds: they mix, like the car's chimes.
        Rule(.equals("media.role", ["event"]), .kind(.vehicleChime)),
        // A stream with no role at all is most likely a media player: ducking it is harmless, leaving it
        // loud over a prompt is not.
        Rule(.absent("media.role"), .kind(.music)),
        // animation, production, test and unknown roles: left alone.
    ]

    /// The kind of `input`, or nil when the engine should leave it alone.
    public func kind(of input: SinkInput) -> SourceKind? { kind(properties: input.properties) }

    public func kind(properties: [String: String]) -> SourceKind? {
        guard let rule = rules.first(where: { $0.matches(properties) }) else { return nil }
        switch rule.outcome {
        case .kind(let kind): return kind
        case .ignore: return nil
        case .declared(let key): return properties[key].flatMap(SourceKind.init(rawValue:))
        }
    }
}
