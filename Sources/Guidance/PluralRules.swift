/// A language's cardinal plural rules in CLDR syntax, e.g. Polish
/// `one: "i = 1 and v = 0"`, `few: "v = 0 and i % 10 = 2..4 and i % 100 != 12..14"`,
/// `many: "v = 0 and i != 1 and i % 10 = 0..1 or …"`. Rules are tried in the order given; a
/// number no rule matches is `other`. Operands: n i v w f t (e and c read as 0); operators
/// `=`/`!=` (also `is`, `in`, `within`, `not`), `%`/`mod`, `and` binding tighter than `or`,
/// value lists `1,3,5..7`. Anything from `@` on (CLDR sample lists) is ignored.
public struct PluralRules: Sendable, Hashable {
    public let rules: [(category: PluralCategory, source: String)]
    private let conditions: [Condition]

    /// English-like rules: one for exactly 1, other otherwise.
    public static let oneOther = try! PluralRules([(.one, "i = 1 and v = 0")])

    public init(_ rules: [(PluralCategory, String)]) throws(PluralRuleError) {
        var conditions: [Condition] = []
        for (category, source) in rules {
            guard category != .other else {
                throw PluralRuleError(rule: source, message: "'other' is implicit and takes no rule")
            }
            var parser = PluralRuleParser(source)
            conditions.append(try parser.parse())
        }
        self.rules = rules.map { (category: $0.0, source: $0.1) }
        self.conditions = conditions
    }

    /// Categories this language uses, `other` last.
    public var categories: [PluralCategory] { rules.map(\.category) + [.other] }

    /// The category of a number spelled in plain digits with "." ("1", "1.50", "0.25").
    public func category(of digits: String) -> PluralCategory {
        let operands = PluralOperands(digits)
        for (index, condition) in conditions.enumerated() where condition.matches(operands) {
            return rules[index].category
        }
        return .other
    }

    public static func == (lhs: PluralRules, rhs: PluralRules) -> Bool {
        lhs.rules.map(\.category) == rhs.rules.map(\.category)
            && lhs.rules.map(\.source) == rhs.rules.map(\.source)
    }

    public func hash(into hasher: inout Hasher) {
        for rule in rules {
            hasher.combine(rule.category)
            hasher.combine(rule.source)
        }
    }
}

public struct PluralRuleError: Error, Sendable, Hashable, CustomStringConvertible {
    public let rule: String
    public let message: String
    public var description: String { "plural rule \"\(rule)\": \(message)" }
}

/// CLDR operands of a decimal number.
struct PluralOperands {
    var n: Double, i: Double, v: Double, w: Double, f: Double, t: Double

    init(_ digits: String) {
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integer = parts.first.map(String.init) ?? "0"
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        let trimmed = String(fraction.reversed().drop { $0 == "0" }.reversed())
        n = abs(Double(digits) ?? 0)
        i = abs(Double(integer) ?? 0)
        v = Double(fraction.count)
        w = Double(trimmed.count)
        f = Double(fraction) ?? 0
        t = Double(trimmed) ?? 0
    }

    func value(of operand: Character) -> Double {
        switch operand {
        case "n": n
        case "i": i
        case "v": v
        case "w": w
        case "f": f
        case "t": t
        default: 0  // e, c: compact exponent, never used for distances
        }
    }
}

indirect enum Condition: Sendable {
    case or([Condition])
    case and([Condition])
    case relation(operand: Character, modulus: Double?, negated: Bool, ranges: [ClosedRange<Double>])

    func matches(_ operands: PluralOperands) -> Bool {
        switch self {
        case .or(let all): return all.contains { $0.matches(operands) }
        case .and(let all): return all.allSatisfy { $0.matches(operands) }
        case .relation(let operand, let modulus, let negated, let ranges):
            var value = operands.value(of: operand)
            if let modulus { value = value.truncatingRemainder(dividingBy: modulus) }
            // A range holds integers only: 2.5 is not in 2..4.
            let inside = ranges.contains { range in
                range.lowerBound == range.upperBound
                    ? value == range.lowerBound
                    : value == value.rounded() && range.contains(value)
            }
            return inside != negated
        }
    }
}

/// Recursive-descent parser for one CLDR plural condition.
struct PluralRuleParser {
    private let source: String
    private var tokens: [String]
    private var position = 0

    init(_ source: String) {
        self.source = source
        let rule = source.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        tokens = Self.tokenize(String(rule))
    }

    private static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace {
                index = text.index(after: index)
            } else if character.isLetter || character.isNumber {
                var end = index
                while end < text.endIndex, text[end].isLetter || text[end].isNumber { end = text.index(after: end) }
                tokens.append(String(text[index..<end]))
                index = end
            } else if text[index...].hasPrefix("..") || text[index...].hasPrefix("!=") {
                tokens.append(String(text[index..<text.index(index, offsetBy: 2)]))
                index = text.index(index, offsetBy: 2)
            } else {
                tokens.append(String(character))
                index = text.index(after: index)
            }
        }
        return tokens
    }

    mutating func parse() throws(PluralRuleError) -> Condition {
        let condition = try parseOr()
        if position < tokens.count { throw error("unexpected \"\(tokens[position])\"") }
        return condition
    }

    private func error(_ message: String) -> PluralRuleError { PluralRuleError(rule: source, message: message) }

    private var next: String? { position < tokens.count ? tokens[position] : nil }

    private mutating func accept(_ token: String) -> Bool {
        guard next == token else { return false }
        position += 1
        return true
    }

    private mutating func parseOr() throws(PluralRuleError) -> Condition {
        var terms = [try parseAnd()]
        while accept("or") { terms.append(try parseAnd()) }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    private mutating func parseAnd() throws(PluralRuleError) -> Condition {
        var terms = [try parseRelation()]
        while accept("and") { terms.append(try parseRelation()) }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    private mutating func parseRelation() throws(PluralRuleError) -> Condition {
        guard let name = next, name.count == 1, "niwvfte c".contains(name) else {
            throw error("expected an operand (n, i, v, w, f, t) at \"\(next ?? "end")\"")
        }
        position += 1
        var modulus: Double?
        if accept("%") || accept("mod") { modulus = try parseNumber() }
        var negated = false
        if accept("!=") {
            negated = true
        } else if accept("=") {
        } else if accept("is") || accept("in") || accept("within") {
            negated = accept("not")
        } else if accept("not") {
            negated = true
            guard accept("in") || accept("within") else { throw error("expected 'in' after 'not'") }
        } else {
            throw error("expected = or != after operand \(name)")
        }
        var ranges: [ClosedRange<Double>] = []
        repeat {
            let low = try parseNumber()
            let high = accept("..") ? try parseNumber() : low
            guard low <= high else { throw error("empty range \(low)..\(high)") }
            ranges.append(low...high)
        } while accept(",")
        return .relation(operand: Character(name), modulus: modulus, negated: negated, ranges: ranges)
    }

    private mutating func parseNumber() throws(PluralRuleError) -> Double {
        guard let token = next, let value = Double(token) else {
            throw error("expected a number at \"\(next ?? "end")\"")
        }
        position += 1
        return value
    }
}
