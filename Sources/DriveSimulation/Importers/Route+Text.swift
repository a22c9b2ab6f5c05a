import Foundation

extension Route {
    /// A name from a route response, trimmed; nil when there is none (engines send "" for unnamed roads).
    static func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
