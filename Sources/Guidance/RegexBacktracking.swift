/// Whether a pack's regular expression could hold the engine: Swift's `Regex` backtracks and cannot
/// be stopped once matching, and `^(a+)+$` against 30 a's and a `!` tries 2^30 ways (64 CPU-s, every
/// client waiting). The expression's shape is checked when the pack is read, and refused:
/// - a group that repeats (`*`, `+`, `{n,}`, `{n,m}` with m ≥ 2) holding a repetition of its own or
///   an alternative: `(a+)+`, `(a?){20}`, `(a|ab)*` match one text in exponentially many ways;
/// - more than `maximumUnboundedRepetitions` unbounded repetitions (`*`, `+`, `{n,}`), or more than
///   one where a branch of the expression is not anchored at the start (`^`, `\A`): `.*.*.*x` tries
///   n^3 ways from each of n starts, and `\p{L}*\p{L}*x` held the engine 0.7 s on 300 letters (47 s on
///   1,000), `^\p{L}*\p{L}*x` 8 ms.
/// The shipped packs have at most two, anchored, and none of the first kind.
enum RegexBacktracking {
    static let maximumUnboundedRepetitions = 2

    /// Why `pattern` is refused, or nil.
    static func problem(in pattern: String) -> String? {
        var scanner = Scanner(Array(pattern.unicodeScalars))
        return scanner.run()
    }

    /// What a group (or the whole expression) holds, as far as backtracking goes.
    private struct Group {
        var repeats = false
        var alternates = false
        let start: Int
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0
        var open: [Group] = [Group(start: 0)]
        var unbounded = 0
        /// Whether every top-level branch so far starts with `^` or `\A`, and whether the scan is at
        /// the start of one (option settings and comments aside).
        var anchored = true
        var atBranchStart = true

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        mutating func run() -> String? {
            while index < scalars.count {
                let start = index
                if open.count == 1, atBranchStart, scalars[index] != "(" {
                    let anchor = scalars[index] == "^" || (scalars[index] == "\\" && index + 1 < scalars.count && scalars[index + 1] == "A")
                    anchored = anchored && anchor
                    atBranchStart = false
                }
                // What the atom starting here holds (a group: what was inside it).
                var atom = Group(start: start)
                switch scalars[index] {
                case "\\":
                    index += scalars.indices.contains(index + 1) && "pPxuNkg".unicodeScalars.contains(scalars[index + 1]) ? 2 : 1
                    if index < scalars.count, scalars[index] == "{" {
                        skip(past: "}")
                    } else {
                        index += 1
                    }
                case "[":
                    skipClass()
                case "(":
                    // A group opens (its atom is taken at its `)`), or an option setting or a comment is passed.
                    let depth = open.count
                    startGroup()
                    if depth == 1, open.count == 2, atBranchStart {
                        anchored = false
                        atBranchStart = false
                    }
                    continue
                case ")":
                    index += 1
                    guard open.count > 1 else { continue }
                    atom = open.removeLast()
                case "|":
                    if open.count == 1 { atBranchStart = true }
                    open[open.count - 1].alternates = true
                    index += 1
                    continue
                default:
                    index += 1
                }
                guard let (minimum, maximum) = quantifier() else {
                    absorb(atom)
                    continue
                }
                let repeatsAtom = maximum.map { $0 >= 2 } ?? true
                if repeatsAtom, atom.repeats || atom.alternates {
                    let group = String(String.UnicodeScalarView(scalars[atom.start..<index]))
                    return "'\(group)' repeats a group that holds "
                        + (atom.repeats ? "a repetition" : "an alternative")
                        + ", which can take exponential time to match: write it without one (see docs/PHRASES.md)"
                }
                if maximum == nil { unbounded += 1 }
                atom.repeats = atom.repeats || minimum != maximum
                absorb(atom)
            }
            if unbounded > RegexBacktracking.maximumUnboundedRepetitions {
                return "it has more than \(RegexBacktracking.maximumUnboundedRepetitions) unbounded repetitions (*, +, {n,}),"
                    + " which can take polynomial time of a high degree to match (see docs/PHRASES.md)"
            }
            if unbounded > 1, !anchored {
                return "it has \(unbounded) unbounded repetitions (*, +, {n,}) and is not anchored at the start (^),"
                    + " which can take cubic time to match: anchor it, or keep one (see docs/PHRASES.md)"
            }
            return nil
        }

        /// What an atom holds counts for the group around it.
        private mutating func absorb(_ atom: Group) {
            open[open.count - 1].repeats = open[open.count - 1].repeats || atom.repeats
            open[open.count - 1].alternates = open[open.count - 1].alternates || atom.alternates
        }

        /// At a `(`: opens a group, or passes an option setting or a comment (nothing to repeat).
        private mutating func startGroup() {
            let start = index
            index += 1
            guard index < scalars.count, scalars[index] == "?" else {
                open.append(Group(start: start))
                return
            }
            if index + 1 < scalars.count, scalars[index + 1] == "#" {
                skip(past: ")")
                return
            }
            // `(?i)`, `(?-i)`, `(?^x)`: letters up to `)`.
            var look = index + 1
            while look < scalars.count, scalars[look].properties.isAlphabetic || scalars[look] == "-" || scalars[look] == "^" { look += 1 }
            if look < scalars.count, scalars[look] == ")", look > index + 1 {
                index = look + 1
                return
            }
            open.append(Group(start: start))
        }

        /// A quantifier after an atom, with its bounds (nil: unbounded), and its lazy or possessive mark.
        private mutating func quantifier() -> (Int, Int?)? {
            guard index < scalars.count else { return nil }
            let bounds: (Int, Int?)
            switch scalars[index] {
            case "*": bounds = (0, nil)
            case "+": bounds = (1, nil)
            case "?": bounds = (0, 1)
            case "{":
                guard let braced = braces() else { return nil }
                bounds = braced
            default: return nil
            }
            index += 1
            if index < scalars.count, scalars[index] == "?" || scalars[index] == "+" { index += 1 }
            return bounds
        }

        /// `{n}`, `{n,}`, `{n,m}` or `{,m}` at `index`, leaving `index` on its `}`; nil when the brace is a literal.
        private mutating func braces() -> (Int, Int?)? {
            guard let close = scalars[index...].firstIndex(of: "}") else { return nil }
            let inside = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
            let parts = inside.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }), !inside.isEmpty, inside != "," else { return nil }
            let minimum = Int(parts[0]) ?? 0
            let maximum = parts.count == 1 ? minimum : parts[1].isEmpty ? nil : Int(parts[1])
            if parts.count == 2, !parts[1].isEmpty, maximum == nil { return nil }
            index = close
            return (minimum, maximum)
        }

        /// A character class, nested ones and escapes in it included; a `]` first in it is a literal.
        private mutating func skipClass() {
            var depth = 0
            repeat {
                let scalar = scalars[index]
                if scalar == "\\" {
                    index += 2
                    continue
                }
                if scalar == "[" {
                    depth += 1
                    index += 1
                    if index < scalars.count, scalars[index] == "^" { index += 1 }
                    if index < scalars.count, scalars[index] == "]" { index += 1 }
                    continue
                }
                if scalar == "]" { depth -= 1 }
                index += 1
            } while depth > 0 && index < scalars.count
        }

        private mutating func skip(past end: Unicode.Scalar) {
            while index < scalars.count, scalars[index] != end { index += 1 }
            index += 1
        }
    }
}
