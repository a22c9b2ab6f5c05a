import FoundationEssentials
import TextFormat

/// Text made safe for SVG (XML 1.0): markup characters escaped, control characters dropped.
enum SVGText {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out += " "
            default:
                // XML 1.0 forbids other C0 controls; U+FFFE/FFFF are not characters.
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// At most `limit` characters, cut at a word boundary when one is near, with "…".
    static func truncate(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        guard limit > 1 else { return limit == 1 ? "…" : "" }
        let cut = text.prefix(limit - 1)
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) >= (limit * 2) / 3 {
            return String(cut[..<space]) + "…"
        }
        return String(cut) + "…"
    }

    /// About how wide `text` is drawn at `fontSize` in a sans-serif font, erring wide (DejaVu Sans, the
    /// usual sans-serif of a Linux browser, is wide): East Asian characters take a whole em.
    static func width(_ text: String, fontSize: Double) -> Double {
        var ems = 0.0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6:
                ems += 1.0
            case 0x20: ems += 0.34
            case 0x41...0x5A, 0x30...0x39, 0x40, 0x25, 0x26: ems += 0.74  // capitals and digits, @ % &
            case 0x69, 0x6A, 0x6C, 0x2E, 0x2C, 0x3A, 0x3B, 0x27, 0x7C, 0x21: ems += 0.34  // i j l . , : ; ' | !
            case 0x6D, 0x77: ems += 0.92  // m w
            default: ems += 0.62
            }
        }
        return ems * fontSize
    }

    /// `text` cut (at a word boundary when one is near, with "…") to fit `room` pixels at `fontSize`.
    static func fit(_ text: String, room: Double, fontSize: Double) -> String {
        guard width(text, fontSize: fontSize) > room else { return text }
        // The longest cut that fits (a binary search: the cut's width grows with its length).
        var (fits, tooWide) = (0, text.count)
        while tooWide - fits > 1 {
            let mid = (fits + tooWide) / 2
            if width(truncate(text, to: mid), fontSize: fontSize) <= room { fits = mid } else { tooWide = mid }
        }
        return truncate(text, to: fits)
    }

    /// `text` in lines that each fit `room` pixels at `fontSize`, broken between words (a word wider
    /// than a line is cut into pieces).
    static func wrap(_ text: String, room: Double, fontSize: Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if width(candidate, fontSize: fontSize) <= room {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            var rest = word
            while width(rest, fontSize: fontSize) > room, rest.count > 1 {
                var take = rest.count - 1
                while take > 1, width(String(rest.prefix(take)), fontSize: fontSize) > room { take -= 1 }
                lines.append(String(rest.prefix(take)))
                rest = String(rest.dropFirst(take))
            }
            line = rest
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// A number for an attribute: at most two decimals, no trailing zeros.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(cFormat: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
