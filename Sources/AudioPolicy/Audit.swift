/// A CarPlay audio guideline a client can break (docs/POLICY.md, "Audit").
public enum GuidelineRule: String, Codable, CaseIterable, Sendable {
    /// The session stayed active without audio up to the idle cap (and was deactivated by force).
    case activeWithoutAudioPastCap
    /// The session was activated and no audio followed within the idle cap (activation at launch, or too early).
    case activationLongBeforeAudio
    /// A session that does not mix stopped the car's FM radio.
    case nonMixingSessionStoppedRadio
    /// A session recorded from the microphone while in the car, outside a voice-control screen.
    case recordingInCar
    /// Deactivated without notify-others-on-deactivation: interrupted audio was not resumed.
    case deactivatedWithoutNotify
    /// Prompts played in a session without mode voicePrompt and options duckOthers and
    /// interruptSpokenAudioAndMixWithOthers, which the CarPlay guide asks for.
    case promptSessionMisconfigured
}

/// One recorded violation.
public struct Violation: Hashable, Codable, Sendable, CustomStringConvertible {
    public var client: ClientID
    /// Seconds, on the injected clock.
    public var at: Double
    public var rule: GuidelineRule
    public var detail: String

    public init(client: ClientID, at: Double, rule: GuidelineRule, detail: String = "") {
        self.client = client
        self.at = at
        self.rule = rule
        self.detail = detail
    }

    public var description: String {
        "\(client) at \(at)s: \(rule.rawValue)" + (detail.isEmpty ? "" : " (\(detail))")
    }
}

/// The guideline violations seen, in order (the most recent `capacity` of them, so that a daemon
/// running for weeks with a misbehaving client does not grow without bound); queryable per client and rule.
public struct Audit: Hashable, Codable, Sendable {
    public static let capacity = 1000
    public private(set) var violations: [Violation] = []
    /// How many older violations were let go to keep `capacity`.
    public private(set) var dropped = 0

    public init() {}

    public mutating func record(_ violation: Violation) {
        violations.append(violation)
        if violations.count > Self.capacity {
            violations.removeFirst(violations.count - Self.capacity)
            dropped += 1
        }
    }

    public func violations(of client: ClientID) -> [Violation] {
        violations.filter { $0.client == client }
    }

    public func violations(of client: ClientID, rule: GuidelineRule) -> [Violation] {
        violations.filter { $0.client == client && $0.rule == rule }
    }

    /// Clients with at least one violation.
    public var offenders: [ClientID] { Array(Set(violations.map(\.client))).sorted() }
}
