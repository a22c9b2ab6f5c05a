import FoundationEssentials
import TextFormat

extension Route {
    /// A name from a route response, trimmed; nil when there is none (engines send "" for unnamed roads).
    static func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingWhitespace(), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
