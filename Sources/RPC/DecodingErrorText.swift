import StrictCoding

/// A one-line, user-facing account of a DecodingError: where, and what was wrong.
public enum DecodingErrorText {
    /// - Parameter under: a member the decoded value was read from, left out of the paths named.
    public static func describe(_ error: DecodingError, under: String? = nil) -> String {
        func path(_ context: DecodingError.Context) -> String {
            var codingPath = context.codingPath
            if let under, codingPath.first?.stringValue == under { codingPath.removeFirst() }
            // A key is the client's own text (an unknown member may be a megabyte): cut as any echoed value.
            let keys = codingPath.map { $0.intValue.map { "[\($0)]" } ?? InputLimits.echo($0.stringValue) }
            return keys.isEmpty ? "" : "'" + keys.joined(separator: ".") + "': "
        }
        switch error {
        case .dataCorrupted(let context): return path(context) + context.debugDescription
        case .keyNotFound(let key, let context): return path(context) + "'\(key.stringValue)' is required"
        case .typeMismatch(let type, let context): return path(context) + "must be \(name(of: type))"
        case .valueNotFound(let type, let context): return path(context) + "must be \(name(of: type)), not null"
        @unknown default: return "\(error)"
        }
    }

    /// What a JSON client calls the Swift type it must send.
    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Double.Type, is Int.Type, is Int64.Type, is UInt32.Type: "a number"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "an object"
        default: "\(type)"
        }
    }
}
