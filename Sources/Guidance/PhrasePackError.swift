import StrictCoding

/// Why a phrase pack was rejected. `path` locates the offending YAML key ("maneuvers.turns.action").
public struct PhrasePackError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        case invalidYAML, missingKey, wrongShape, invalidValue
        case unknownKey, unknownManeuverType, unknownPlaceholder, unfilledPlaceholder, templateSyntax
    }

    public let kind: Kind
    public let path: String
    public let message: String

    public init(_ kind: Kind, at path: String, _ message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(InputLimits.echo(path)): \(message)" }
}
