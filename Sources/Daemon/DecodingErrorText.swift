/// A one-line, user-facing account of a DecodingError: where, and what was wrong.
enum DecodingErrorText {
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "" : keys.joined(separator: ".") + ": "
        }
        switch error {
        case .dataCorrupted(let context): return path(context) + context.debugDescription
        case .keyNotFound(let key, let context): return path(context) + "missing '\(key.stringValue)'"
        case .typeMismatch(let type, let context): return path(context) + "expected \(type)"
        case .valueNotFound(let type, let context): return path(context) + "expected a \(type), got null"
        @unknown default: return "\(error)"
        }
    }
}
