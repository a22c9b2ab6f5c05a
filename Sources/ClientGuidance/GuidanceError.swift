import Guidance

/// Why a guidance request was refused. Messages are meant for the user; a refusal changes nothing.
public enum GuidanceError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The client never started guidance.
    case noGuidance
    /// The client's guidance has ended (`guidance.ended`), for this reason; no other has started.
    case guidanceEnded(GuidanceEndReason)
    case unknownProfile(String, available: [String])
    /// The language's phrase pack does not word distances in that unit system.
    case unitsNotWorded(String, language: String, available: [String])
    case unknownManeuver(String)

    public var description: String {
        switch self {
        case .noGuidance: "no guidance is running for this client (call guidance.start first)"
        case .guidanceEnded(let reason):
            "no guidance is running for this client (\(reason.promptReason)); guidance.start begins another"
        case .unknownProfile(let profile, let available):
            "unknown vehicle profile '\(profile)' (available: \(available.joined(separator: ", ")))"
        case .unitsNotWorded(let units, let language, let available):
            "the \(language) phrase pack does not word \(units) distances (it words \(available.joined(separator: ", ")))"
        case .unknownManeuver(let id): "maneuver '\(id)' was never described: send its 'maneuver' once"
        }
    }
}
