import TextFormat

/// A client's SSML (speech-dispatcher's `SSML_MODE`, `spd-say -x`) made safe for eSpeak NG's own
/// SSML reader: the elements eSpeak NG speaks by (`speak`, `break`, `emphasis`, `say-as`, `prosody`,
/// and the paragraphs and sentences `p` and `s`) are kept with their known attributes; any other
/// element, a comment or a processing instruction is dropped and the text inside it kept, so that
/// markup is never spoken and no word is lost. Unclosed elements are closed at the end and a stray
/// end tag is dropped, so eSpeak NG always gets well-formed markup. Pure.
public struct SpeechMarkup: Sendable, Equatable {
    /// The markup eSpeak NG is given, in one `speak` element.
    public let markup: String
    /// The words alone, entities read: what is reported and counted.
    public let text: String

    /// The elements kept, each with the attributes it keeps.
    static let kept: [String: Set<String>] = [
        "speak": [], "p": [], "s": [],
        "break": ["time", "strength"],
        "emphasis": ["level"],
        "say-as": ["interpret-as", "format", "detail"],
        "prosody": ["rate", "pitch", "volume", "range"],
    ]

    public init(_ source: String) {
        var markup = ""
        var text = ""
        var open: [String] = []
        var scanner = MarkupScanner(source)
        while let token = scanner.next() {
            switch token {
            case .text(let raw):
                let words = Self.decoded(raw)
                text += words
                markup += Self.escaped(words)
            case .start(let name, let attributes, let empty):
                // The root is ours; a nested `speak` adds nothing.
                guard name != "speak", let allowed = Self.kept[name] else { continue }
                let kept = attributes.filter { allowed.contains($0.name) && Self.isPlainValue($0.value) }
                markup += "<" + name + kept.map { " \($0.name)=\"\($0.value)\"" }.joined() + (empty ? "/>" : ">")
                if !empty { open.append(name) }
            case .end(let name):
                // Closes the innermost open element of its name, and any opened inside it.
                guard let index = open.lastIndex(of: name) else { continue }
                for inner in open[index...].reversed() { markup += "</\(inner)>" }
                open.removeSubrange(index...)
            }
        }
        for name in open.reversed() { markup += "</\(name)>" }
        self.markup = "<speak>" + markup + "</speak>"
        self.text = text.trimmingWhitespace()
    }

    /// An attribute's value as eSpeak NG reads them ("500ms", "+20%", "x-slow", "characters"):
    /// letters, digits and `.%+-:` only, so that no value can close its quote.
    static func isPlainValue(_ value: String) -> Bool {
        !value.isEmpty && value.count <= 32
            && value.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || ".%+-:_ ".unicodeScalars.contains($0) }
    }

    /// Text with XML's five entities and character references read.
    static func decoded(_ raw: String) -> String {
        guard raw.contains("&") else { return raw }
        var out = ""
        var rest = Substring(raw)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[amp...]
            if let semicolon = after.prefix(12).firstIndex(of: ";"), let scalar = entity(after[after.index(after: amp)..<semicolon]) {
                out.unicodeScalars.append(scalar)
                rest = after[after.index(after: semicolon)...]
            } else {
                out += "&"
                rest = after.dropFirst()
            }
        }
        return out + rest
    }

    private static func entity(_ name: Substring) -> Unicode.Scalar? {
        switch name {
        case "amp": "&"
        case "lt": "<"
        case "gt": ">"
        case "quot": "\""
        case "apos": "'"
        default:
            if name.hasPrefix("#x") {
                UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#") {
                UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
            } else {
                nil
            }
        }
    }

    /// Words as markup: `&`, `<` and `>` escaped, and eSpeak NG's phoneme brackets `[[` broken, so
    /// that a client's text is said as text.
    static func escaped(_ words: String) -> String {
        var out = ""
        for character in words {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "[" where out.hasSuffix("["): out += " ["
            default: out.append(character)
            }
        }
        return out
    }
}

/// The pieces of markup, in order: text, start tags (with their attributes; `empty` for `<x/>`) and
/// end tags. Comments, processing instructions and declarations are skipped; a `<` that starts no
/// tag is text.
struct MarkupScanner {
    enum Token {
        case text(String)
        case start(String, [(name: String, value: String)], empty: Bool)
        case end(String)
    }

    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ source: String) { scalars = Array(source.unicodeScalars) }

    mutating func next() -> Token? {
        while position < scalars.count {
            if scalars[position] == "<" {
                if skipsCommentOrDeclaration() { continue }
                if let tag = tag() { return tag }
            }
            // Text up to the next `<` that may start a tag.
            let start = position
            position += 1
            while position < scalars.count, scalars[position] != "<" { position += 1 }
            return .text(string(start..<position))
        }
        return nil
    }

    /// Moves past a comment, a processing instruction or a declaration at `position`, if one starts there.
    private mutating func skipsCommentOrDeclaration() -> Bool {
        if starts(with: "<!--") {
            position = find("-->").map { $0 + 3 } ?? scalars.count
            return true
        }
        guard starts(with: "<?") || starts(with: "<!") else { return false }
        position = find(">").map { $0 + 1 } ?? scalars.count
        return true
    }

    /// The start or end tag at `position`, moving past it; nil (and not moving) when none starts there.
    private mutating func tag() -> Token? {
        var index = position + 1
        let closing = index < scalars.count && scalars[index] == "/"
        if closing { index += 1 }
        let nameStart = index
        while index < scalars.count, Self.isNameScalar(scalars[index]) { index += 1 }
        guard index > nameStart, let end = find(">", from: index, within: Self.longestTag) else { return nil }
        let name = string(nameStart..<index).lowercased()
        position = end + 1
        if closing { return .end(name) }
        let inside = string(index..<end)
        let empty = inside.hasSuffix("/")
        return .start(name, Self.attributes(empty ? String(inside.dropLast()) : inside), empty: empty)
    }

    /// `name="value"` and `name='value'` pairs; anything else is skipped.
    static func attributes(_ text: String) -> [(name: String, value: String)] {
        var found: [(name: String, value: String)] = []
        var rest = Substring(text)
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).last.map(String.init) ?? ""
            var after = rest[rest.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
            guard let quote = after.first, quote == "\"" || quote == "'" else {
                rest = after
                continue
            }
            after = after.dropFirst()
            guard let close = after.firstIndex(of: quote) else { break }
            found.append((name.lowercased(), SpeechMarkup.decoded(String(after[..<close]))))
            rest = after[after.index(after: close)...]
        }
        return found
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_" || scalar == ":" || scalar == "."
    }

    private func starts(with prefix: String) -> Bool {
        let wanted = Array(prefix.unicodeScalars)
        return position + wanted.count <= scalars.count && Array(scalars[position..<position + wanted.count]) == wanted
    }

    /// The most characters a tag may take: a `<` with no `>` within them is text, so that many of
    /// them cost no scan to the end each.
    static let longestTag = 1024

    private func find(_ text: String, from: Int? = nil, within: Int? = nil) -> Int? {
        let wanted = Array(text.unicodeScalars)
        var index = from ?? position
        let last = within.map { min(scalars.count, index + $0) } ?? scalars.count
        while index + wanted.count <= last {
            if Array(scalars[index..<index + wanted.count]) == wanted { return index }
            index += 1
        }
        return nil
    }

    private func string(_ range: Range<Int>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[range])
        return text
    }
}
