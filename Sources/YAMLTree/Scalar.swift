extension YAMLNode {
    /// A scalar: its text and how it was written.
    public struct Scalar: Sendable, Equatable {
        public enum Style: Sendable, Equatable {
            case plain, singleQuoted, doubleQuoted, literal, folded
        }

        public let string: String
        public let style: Style

        public init(_ string: String, style: Style = .plain) {
            self.string = string
            self.style = style
        }

        /// A plain scalar as a whole number: decimal with an optional sign, `0x`, `0o`, `0b` or a
        /// leading `0` (octal), `_` between digits, or sexagesimal (`1:30` is 90).
        public var int: Int? {
            guard style == .plain else { return nil }
            let text = string.filter { $0 != "_" }
            if text == "0" { return 0 }
            let negative = text.hasPrefix("-")
            let digits = text.dropFirst(negative || text.hasPrefix("+") ? 1 : 0)
            let sign = negative ? "-" : ""
            for (prefix, radix) in [("0x", 16), ("0b", 2), ("0o", 8), ("0", 8)] where digits.hasPrefix(prefix) {
                return Int(sign + digits.dropFirst(prefix.count), radix: radix)
            }
            if digits.contains(":") { return Self.sexagesimal(text).flatMap { Int(exactly: $0) } }
            return Int(text)
        }

        /// A plain scalar as a number: `.inf`, `-.inf`, `.nan`, `_` between digits, sexagesimal.
        public var float: Double? {
            guard style == .plain else { return nil }
            switch string.lowercased() {
            case ".inf", "+.inf": return .infinity
            case "-.inf": return -.infinity
            case ".nan": return .nan
            default:
                let text = string.filter { $0 != "_" }
                return text.contains(":") ? Self.sexagesimal(text) : Double(text)
            }
        }

        /// A plain scalar as true (`true`, `yes`, `on`) or false (`false`, `no`, `off`), any case.
        public var bool: Bool? {
            guard style == .plain else { return nil }
            switch string.lowercased() {
            case "true", "yes", "on": return true
            case "false", "no", "off": return false
            default: return nil
            }
        }

        public var isNull: Bool { style == .plain && ["", "~", "null", "Null", "NULL"].contains(string) }

        /// "1:30:00" as 5400: base-60 parts, the first with the sign.
        private static func sexagesimal(_ text: String) -> Double? {
            let negative = text.hasPrefix("-")
            let parts = text.dropFirst(negative || text.hasPrefix("+") ? 1 : 0).split(separator: ":", omittingEmptySubsequences: false)
            var value = 0.0
            for part in parts {
                guard let number = Double(part), number >= 0 else { return nil }
                value = value * 60 + number
            }
            return negative ? -value : value
        }
    }
}
