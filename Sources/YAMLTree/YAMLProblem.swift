import StrictCoding

/// One thing wrong in a YAML document (a policy, a phrase pack, a scenario, a route), in the one
/// form every reader reports: `file: path (line N): message`, where the path is dotted keys and
/// list indexes (`ramps.duck`, `route.maneuvers[2].type`) and the message names the nearest
/// allowed name where a key or value is unknown.
public struct YAMLProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, for code that tells problems apart (the text says it for people). Open:
    /// a reader adds its own kinds (Guidance's placeholders) beside the general ones.
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Not YAML, too large, or empty.
        public static let invalidYAML = Kind(rawValue: "invalidYAML")
        public static let missingKey = Kind(rawValue: "missingKey")
        public static let unknownKey = Kind(rawValue: "unknownKey")
        /// A scalar where a collection belongs, or the other way round.
        public static let wrongShape = Kind(rawValue: "wrongShape")
        public static let invalidValue = Kind(rawValue: "invalidValue")
    }

    public var kind: Kind
    /// The file the problem is in, when its reader's caller names it (a route file a scenario refers to).
    public var file: String?
    /// What the text is (`policy`, `scenario`): said in place of the path for a problem with the
    /// whole text when no file is named, so that "not valid YAML" says of what.
    public var document: String?
    /// Dotted key path, list items by index; empty for the whole text.
    public var path: String
    /// 1-based line in the text, when known.
    public var line: Int?
    public var message: String

    public init(kind: Kind = .invalidValue, file: String? = nil, document: String? = nil, path: String, line: Int? = nil, message: String) {
        self.kind = kind
        self.file = file
        self.document = document
        self.path = path
        self.line = line
        self.message = message
    }

    public var description: String {
        let at = path.isEmpty ? (file == nil ? document : nil) : InputLimits.echo(path)
        var place = [file.map { InputLimits.echo($0) }, at].compactMap { $0 }.joined(separator: ": ")
        if let line { place += place.isEmpty ? "line \(line)" : " (line \(line))" }
        return place.isEmpty ? message : place + ": " + message
    }
}
