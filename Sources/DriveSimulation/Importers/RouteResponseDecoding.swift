import FoundationEssentials
import StrictCoding

/// Decodes a routing engine's JSON response into its `Decodable` shape, turning every failure into
/// a `ScenarioProblem` at the member's path (`trip.legs[0].maneuvers[3].type`) that says what was
/// expected there. Members the shape does not declare are ignored.
enum RouteResponseDecoding {
    static func decode<Response: Decodable>(
        _ type: Response.Type, from data: Data, engine: String, cap: Int
    ) throws(ScenarioError) -> Response {
        if let problem = InputLimits.sizeProblem("the \(engine) route", size: data.count, cap: cap) {
            throw ScenarioError(problems: [ScenarioProblem(document: "scenario", path: "", message: problem)])
        }
        do {
            return try JSONDecoder().decode(Response.self, from: data)
        } catch let error as DecodingError {
            throw ScenarioError(problems: [problem(error, engine: engine, endsEarly: endsEarly(data))])
        } catch {
            throw ScenarioError(problems: [
                ScenarioProblem(document: "scenario", path: "", message: "not \(article(engine)) response: \(InputLimits.echo(parserError: error))")
            ])
        }
    }

    /// `legs[0].steps[2]` from a coding path.
    static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("") { path, key in
            if let index = key.intValue { return path + "[\(index)]" }
            return path.isEmpty ? key.stringValue : path + "." + key.stringValue
        }
    }

    /// Whether the text stops before what it opened is closed (a response cut off in transit):
    /// an object or list left open, or a string. Only read when the text is not valid JSON.
    static func endsEarly(_ data: Data) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        let blank = Set(" \t\r\n".utf8)
        return inString || depth > 0 || data.allSatisfy { blank.contains($0) }
    }

    static func problem(_ error: DecodingError, engine: String, endsEarly: Bool = false) -> ScenarioProblem {
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context.codingPath)
            return ScenarioProblem(
                path: parent.isEmpty ? key.stringValue : "\(parent).\(key.stringValue)", message: "missing required key '\(key.stringValue)'")
        case .typeMismatch(let type, let context):
            return ScenarioProblem(path: path(context.codingPath), message: "expected \(describe(type))")
        case .valueNotFound(let type, let context):
            return ScenarioProblem(path: path(context.codingPath), message: "expected \(describe(type)), got null")
        case .dataCorrupted(let context):
            // The parser's own words say where the text broke off ("Unexpected end of file").
            let detail = (context.underlyingError.map { "\($0)" } ?? context.debugDescription)
            return ScenarioProblem(
                path: path(context.codingPath),
                message: context.codingPath.isEmpty
                    ? "not valid JSON (expected \(article(engine)) route response, complete"
                        + (endsEarly ? "; the text breaks off before it ends: truncated?" : "") + "): "
                        + InputLimits.echo(detail, limit: InputLimits.echoedParserErrorCharacters)
                    : InputLimits.echo(context.debugDescription, limit: InputLimits.echoedParserErrorCharacters))
        @unknown default:
            return ScenarioProblem(document: "scenario", path: "", message: "not \(article(engine)) response: \(InputLimits.echo(parserError: error))")
        }
    }

    /// How a Swift type is called in a message about JSON.
    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Double.Type, is Float.Type: "a number"
        case is Int.Type, is UInt.Type: "a whole number"
        case is Bool.Type: "true or false"
        default: "\(type)".hasPrefix("Array") ? "a list" : "an object"
        }
    }

    static func article(_ engine: String) -> String { ("AEIOU".contains(engine.first ?? "x") ? "an " : "a ") + engine }
}
