import Foundation
import Testing

/// A CarPlay rule (issue 52): nothing VoxNav says asks the driver to handle the phone or look at a
/// screen: no "tap", "press", "swipe", "screen", "phone" in any pack's words (its phrases, alerts,
/// estimates, states, maneuvers, junctions), in its own language or in English. Comments and the
/// tables of how names are said and declined are left out: they are not said as instructions. Pure test.
@Suite struct PhoneHandlingWordingTests {
    /// Words that ask for a hand or an eye on a device, per language; a trailing `*` takes any ending.
    static let handling: [String: [String]] = [
        "en": [
            "tap", "taps", "tapping", "touch", "touching", "press", "pressing", "swipe", "swiping", "click", "screen", "screens",
            "display", "phone", "phones", "smartphone", "look at",
        ],
        "de": ["tipp*", "berühr*", "drück*", "wisch*", "bildschirm*", "display*", "handy*", "telefon*", "schau*"],
        "fr": ["appuye*", "touche*", "balaye*", "écran*", "téléphone*", "portable*", "regarde*"],
        "es": ["toque*", "toca*", "pulse*", "pulsa*", "deslice*", "pantalla*", "teléfono*", "móvil*", "mire*"],
        "it": ["tocca*", "tocchi*", "premi*", "prema*", "scorri*", "schermo*", "telefono*", "cellulare*", "guarda*"],
        "pt": ["toque*", "toca*", "pressione*", "aperte*", "deslize*", "tela*", "telefone*", "celular*", "olhe*"],
        "nl": ["tik*", "druk op", "veeg*", "scherm*", "telefoon*", "kijk*"],
        "sv": ["tryck*", "svep*", "skärm*", "telefon*", "mobil*", "titta*"],
        "pl": ["dotknij*", "naciśnij*", "przesuń palcem", "ekran*", "telefon*", "spójrz*"],
        "cs": ["klepn*", "stiskn*", "přejeď prstem", "obrazovk*", "displej*", "telefon*", "podívej*"],
        "zh": ["点击", "点按", "触摸", "滑动", "屏幕", "手机", "电话", "查看"],
    ]

    /// The top-level sections of a pack that hold no instruction words.
    static let notSaid: Set<String> = ["names", "lexicon", "nameForms", "numbers", "ordinals", "pronunciation"]

    @Test(arguments: PackFiles.languages)
    func noPackAsksTheDriverToHandleThePhone(language: String) throws {
        let words = try Self.saidText(of: PackFiles.yaml(language))
        #expect(words.count > 500, "\(language): too little read to judge")
        let base = String(language.prefix(2))
        let lists = Set(["en", base]).flatMap { Self.handling[$0] ?? [] }
        #expect(!lists.isEmpty)
        for entry in lists {
            let stem = entry.hasSuffix("*") ? String(entry.dropLast()) : entry
            let pattern =
                base == "zh"
                ? NSRegularExpression.escapedPattern(for: stem)
                : "(?<!\\p{L})" + NSRegularExpression.escapedPattern(for: stem) + (entry.hasSuffix("*") ? "" : "(?!\\p{L})")
            let regex = try NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
            let range = NSRange(words.startIndex..., in: words)
            let hits = regex.matches(in: words, range: range).compactMap { Range($0.range, in: words).map { Self.line(around: $0, in: words) } }
            #expect(hits.isEmpty, "\(language) says \"\(stem)\": \(hits.prefix(3))")
        }
    }

    /// The guard finds what it guards against.
    @Test func aWordingThatAsksForTheScreenIsFound() throws {
        let words = try Self.saidText(of: "phrases:\n  reroute: \"Tap the screen to reroute\"   # not this\nnames:\n  x: \"Telephone Road\"\n")
        #expect(words.contains("Tap the screen") && !words.contains("not this") && !words.contains("Telephone"))
    }

    /// The pack's text without comments and without the sections that are not said as instructions.
    static func saidText(of yaml: String) throws -> String {
        var kept: [Substring] = []
        var skipping = false
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = line.first, first != " ", first != "#" {
                let key = line.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
                skipping = notSaid.contains(key)
            }
            guard !skipping else { continue }
            // A comment starts at a '#' after a space outside quotes; packs put none inside their words.
            let text = line.range(of: " #").map { line[..<$0.lowerBound] } ?? (line.hasPrefix("#") ? "" : line)
            kept.append(text)
        }
        return kept.joined(separator: "\n")
    }

    static func line(around range: Range<String.Index>, in text: String) -> String {
        let start = text[..<range.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        let end = text[range.upperBound...].firstIndex(of: "\n") ?? text.endIndex
        return String(text[start..<end]).trimmingCharacters(in: .whitespaces)
    }
}
