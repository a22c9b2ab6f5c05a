import FoundationEssentials
import TextFormat

/// What an incoming participant does to a holder (Android Automotive's interaction matrix, plus duck/pause/stop).
public enum InteractionAction: Hashable, Sendable, Codable, CustomStringConvertible, LosslessStringConvertible {
    /// Both play, untouched.
    case concurrent
    /// The holder is lowered while the incoming one plays; nil means the policy's duck level.
    case duck(dB: Double?)
    /// The holder is interrupted while the incoming one plays, then told to resume.
    case pause
    /// The holder loses focus for good when the incoming one starts (the car's radio switched off).
    case stop
    /// The incoming one may not start while the holder plays.
    case reject

    /// How hard the action hits the holder, for picking the strongest of several.
    var severity: Int {
        switch self {
        case .concurrent, .reject: 0
        case .duck: 1
        case .pause: 2
        case .stop: 3
        }
    }

    /// Spelling in the policy file: concurrent, duck, duck(-20), pause, stop, reject.
    public var description: String {
        switch self {
        case .concurrent: "concurrent"
        case .duck(nil): "duck"
        case .duck(let dB?): "duck(\(Self.format(dB)))"
        case .pause: "pause"
        case .stop: "stop"
        case .reject: "reject"
        }
    }

    public init?(_ text: String) {
        let text = text.trimmingWhitespace()
        switch text {
        case "concurrent": self = .concurrent
        case "duck": self = .duck(dB: nil)
        case "pause": self = .pause
        case "stop": self = .stop
        case "reject": self = .reject
        default:
            guard text.hasPrefix("duck("), text.hasSuffix(")"),
                let dB = Double(text.dropFirst(5).dropLast())
            else { return nil }
            self = .duck(dB: dB)
        }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let action = InteractionAction(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown action '\(text)'"))
        }
        self = action
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
