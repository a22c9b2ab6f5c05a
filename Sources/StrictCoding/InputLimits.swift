/// Bounds on what a file can make VoxNav read and say back: every file is refused over its size cap
/// before it is parsed, errors list at most `listedProblems` problems, and a value from the file
/// is echoed in an error cut to `echoedCharacters`. See docs/RELIABILITY.md.
public enum InputLimits {
    /// The most characters of a value from a file an error message repeats.
    public static let echoedCharacters = 80
    /// The most problems an error lists; the rest are counted.
    public static let listedProblems = 20

    /// The most characters of a name a client sends (a road, a place, a sign, an instruction
    /// variant, a prompt key, a maneuver id): checked where it is decoded, before it is composed,
    /// expanded or matched (a 100 k-character road name in German held the engine for seconds).
    public static let nameCharacters = 300
    /// The most characters of an enum-like name (a language, a voice, a vehicle profile, an event
    /// type, a maneuver type): checked before it is looked up or edit-distanced.
    public static let tagCharacters = 64

    /// Why `value` is refused as longer than `limit` characters ("must be at most 64 characters, not
    /// 900000: "xxx…" (900000 bytes)"), or nil within it. The bytes are counted first: most values
    /// are short, and a long one is counted once.
    public static func lengthProblem(_ value: String, limit: Int) -> String? {
        guard value.utf8.count > limit else { return nil }
        let characters = value.count
        guard characters > limit else { return nil }
        return "must be at most \(limit) characters, not \(characters): \"\(echo(value))\""
    }

    /// The most characters of a parser's own error (YAML's, JSON's) an error repeats: it may quote
    /// the file.
    public static let echoedParserErrorCharacters = 300

    /// `value`, cut to `limit` characters with an ellipsis (and how long it was) when longer.
    public static func echo(_ value: String, limit: Int = echoedCharacters) -> String {
        guard value.count > limit else { return value }
        return String(value.prefix(limit)) + "… (\(value.utf8.count) bytes)"
    }

    /// A parser's error, cut to `echoedParserErrorCharacters`.
    public static func echo(parserError error: any Error) -> String { echo("\(error)", limit: echoedParserErrorCharacters) }

    /// `problems` one a line, at most `listedProblems` of them, then "… and N more problems".
    public static func list(_ problems: [String]) -> String {
        var lines = Array(problems.prefix(listedProblems))
        if problems.count > listedProblems { lines.append("… and \(problems.count - listedProblems) more problems") }
        return lines.joined(separator: "\n")
    }

    /// Why `size` bytes of `what` (e.g. "the policy file /etc/voxnav/policy.yaml") are refused, or
    /// nil within `cap`: "… is 52428800 bytes (50 MiB), over the 32 MiB cap".
    public static func sizeProblem(_ what: String, size: Int, cap: Int) -> String? {
        guard size > cap else { return nil }
        return "\(what) is \(size) bytes (\(byteCount(size))), over the \(byteCount(cap)) cap"
    }

    /// 32 MiB, 256 KiB, 900 bytes.
    public static func byteCount(_ bytes: Int) -> String {
        for (unit, shift) in [("MiB", 20), ("KiB", 10)] where bytes >= 1 << shift {
            let tenths = (bytes * 10) >> shift
            return (tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)") + " " + unit
        }
        return "\(bytes) bytes"
    }
}
