import StrictCoding

/// The user's choice of how loud a client's prompts are (a navigation app's "voice volume"):
/// softer, normal or louder than the synthesised speech. The policy's `audibility:` target may still
/// raise a prompt, or duck what plays under it deeper, so that it stands out of the music.
public enum GuidanceGain: String, Codable, CaseIterable, Sendable {
    case softer
    case normal
    case louder

    /// The gain applied to the prompt's speech, in dB.
    public var decibels: Double {
        switch self {
        case .softer: -6
        case .normal: 0
        case .louder: 6
        }
    }

    public init(from decoder: any Decoder) throws {
        self = try decodeStrictly(Self.self, from: decoder, named: "guidance gain")
    }
}
