import Testing

@testable import Guidance

/// What a native speaker hears as sloppy, checked over every phrase of all 12 packs (issue 37): a
/// maneuver that names a road or a signpost in one state and drops it in the next, a direction said
/// with the road where the signpost is known, a road said as the direction, two words for one
/// maneuver, a word said twice in a row. Pure tests over each pack's catalog (`PhraseComposer.catalog`) and its templates.
@Suite struct PackConsistencyTests {
    static let packs = PackFiles.languages

    /// The sample's names as a pack says them (after its `names` rules), each distinct.
    static func names(in pack: PhrasePack, _ sample: PhraseSample) -> [String: String] {
        [
            "road": pack.names.road(sample.roadName), "ref": pack.names.routeNumber(sample.routeNumber),
            "exit": pack.names.exitNumber(sample.exitNumber), "towards": pack.names.road(sample.towards),
            "rotary": pack.names.road(sample.rotaryName),
        ]
    }

    /// Which of the maneuver's names a text says. The sample's names are English, so no pack's
    /// `nameForms` changes their letters.
    static func namesSaid(_ text: String, _ names: [String: String]) -> Set<String> {
        Set(names.compactMap { slot, name in text.contains(name) ? slot : nil })
    }

    @Test(arguments: packs) func aManeuverSaysTheSameNamesInEveryStateItNamesThem(language: String) throws {
        let pack = try PackFiles.pack(language)
        let composer = PhraseComposer(pack: pack)
        let sample = PhraseSample()
        let names = Self.names(in: pack, sample)
        let full = composer.catalog(sample: sample).filter { $0.variant == .full }
        for type in ManeuverType.allCases where type.family != .arrivals && type.family != .starts {
            let said = [ManeuverState.initial, .prepare, .execute].map { state in
                (state, Self.namesSaid(full.first { $0.type == type && $0.state == state }!.text, names))
            }
            let first = said[0].1
            for (state, slots) in said.dropFirst() {
                #expect(
                    slots == first, "\(language) \(type.rawValue): \(state.rawValue) says \(slots.sorted()), initial \(first.sorted())")
            }
        }
    }

    /// In `[ toward {towards}| toward {road}]`, the signpost comes first: the road is the direction only
    /// when no signpost is known.
    @Test(arguments: packs) func theSignpostWinsOverTheRoadAsTheDirection(language: String) throws {
        let pack = try PackFiles.pack(language)
        for (path, template) in Self.templates(of: pack) {
            for alternatives in Self.alternativeLists(template.parts) {
                let mentions = alternatives.map { Self.slots($0) }
                guard let road = mentions.firstIndex(where: { $0.contains("road") && !$0.contains("towards") }),
                    let towards = mentions.firstIndex(where: { $0.contains("towards") })
                else { continue }
                #expect(towards < road, "\(language) \(path): \(template.source)")
            }
        }
        // Said: with a signpost and a road both known, a maneuver that says the signpost says it
        // where the road would be the direction (the Czech motorway change said the road there).
        let composer = PhraseComposer(pack: pack)
        let names = Self.names(in: pack, PhraseSample())
        for rendering in composer.catalog() where rendering.variant == .full && rendering.state != .continue {
            let said = Self.namesSaid(rendering.text, names)
            if pack.phrases(for: rendering.type).action?.allPlaceholders.contains(where: { $0.name == "towards" }) == true {
                #expect(said.contains("towards"), "\(language) \(rendering.type.rawValue) \(rendering.state.rawValue): \(rendering.text)")
            }
        }
    }

    /// A road is never said as the direction (issue 52): in no state does any maneuver with only a road
    /// say it after a word the pack says a signpost after ("toward", "Richtung", "direction",
    /// "kierunek", "前往"…, gathered from every maneuver said with only a signpost, and the words of
    /// direction below), nor after that word and an article ("em direção à"). Keeps, on- and
    /// off-ramps, motorway changes and ferries said "take the exit toward Oak Avenue".
    @Test(arguments: packs) func noRoadIsSaidAsTheDirection(language: String) throws {
        let composer = try PackFiles.composer(language)
        let (signpost, road) = ("Fairview Heights", "Larkspur Boulevard")
        let states = [ManeuverState.initial, .prepare, .execute]
        /// The word before `name`, and the one before that when it is an article (Chinese: the last two
        /// characters, the last alone and both).
        func before(_ name: String, in text: String) -> [String] {
            guard let range = text.range(of: name) else { return [] }
            let said = String(text[..<range.lowerBound])
            if language == "zh" {
                let last = Array(said.filter { $0.isLetter }.suffix(2)).map(String.init)
                return last.count == 2 ? [last[1], last.joined()] : last
            }
            let words = Self.words(said)
            // The word before an article ("direção" in "em direção à …").
            if let last = words.last, Self.articles.contains(last) { return Array(words.suffix(2)) }
            return Array(words.suffix(1))
        }
        var directionWords = Self.directionWords
        for type in ManeuverType.allCases {
            for state in states {
                let toward = composer.compose(Maneuver(type: type, towards: signpost), state: state, distance: 200)
                if let word = before(signpost, in: toward).first(where: { !Self.articles.contains($0) }) { directionWords.insert(word) }
            }
        }
        for type in ManeuverType.allCases {
            for state in states {
                let onto = composer.compose(Maneuver(type: type, roadName: road), state: state, distance: 200)
                let words = before(road, in: onto)
                #expect(
                    directionWords.isDisjoint(with: words),
                    "\(language) \(type.rawValue) \(state.rawValue): '\(onto)' says the road after \(words)")
            }
        }
    }

    /// Articles and prepositions fused with one that may stand between a word and a road.
    static let articles: Set<String> = ["à", "a", "ao", "o", "la", "le", "l", "el", "al", "de", "die", "der", "den", "the", "het"]

    /// Words that say a direction in any pack's language, whatever its signposts are said after.
    static let directionWords: Set<String> = [
        "toward", "towards", "direction", "dirección", "direzione", "direção", "richtung", "richting", "kierunek",
        "kierunku", "směr", "směrem", "sentido",
    ]

    /// One verb for one maneuver: its full action and its bare `short` share a word (Chinese: two
    /// characters), so that "turn right onto Solar Circle" is not "go right" in the short style.
    @Test(arguments: packs) func aManeuversShortAndFullWordingsShareTheirVerb(language: String) throws {
        let pack = try PackFiles.pack(language)
        let composer = PhraseComposer(pack: pack)
        let catalog = composer.catalog()
        // An arrival's short wording names the place, not the driving ("destination ahead").
        for type in ManeuverType.allCases where type.family != .arrivals {
            let bare = catalog.first { $0.type == type && $0.state == .prepare && $0.variant == .bare }!.text
            let short = catalog.first { $0.type == type && $0.state == .prepare && $0.variant == .short }!.text
            #expect(Self.shareAWord(bare, short, language: language), "\(language) \(type.rawValue): \"\(bare)\" and \"\(short)\"")
        }
    }

    @Test(arguments: packs) func noWordIsSaidTwiceInARow(language: String) throws {
        let composer = try PackFiles.composer(language)
        for rendering in composer.catalog() {
            if let doubled = Self.doubled(rendering.text, language: language) {
                Issue.record(
                    "\(language) \(rendering.type.rawValue) \(rendering.state.rawValue) \(rendering.variant.rawValue): \"\(doubled)\" in \(rendering.text)")
            }
        }
    }

    // MARK: Helpers

    static func templates(of pack: PhrasePack) -> [(String, Template)] {
        var all: [(String, Template)] = []
        for type in ManeuverType.allCases {
            let phrases = pack.phrases(for: type)
            for (field, template) in [("action", phrases.action), ("short", phrases.short), ("then", phrases.then)] {
                if let template { all.append(("\(type.rawValue).\(field)", template)) }
            }
            for (state, template) in phrases.states { all.append(("\(type.rawValue).\(state.rawValue)", template)) }
        }
        return all
    }

    static func alternativeLists(_ parts: [Template.Part]) -> [[[Template.Part]]] {
        parts.flatMap { part -> [[[Template.Part]]] in
            guard case .optional(let alternatives) = part else { return [] }
            return [alternatives] + alternatives.flatMap { alternativeLists($0) }
        }
    }

    static func slots(_ parts: [Template.Part]) -> Set<String> {
        parts.reduce(into: []) { found, part in
            switch part {
            case .text: break
            case .slot(let placeholder): found.insert(placeholder.name)
            case .optional(let alternatives): for alternative in alternatives { found.formUnion(slots(alternative)) }
            }
        }
    }

    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    static func shareAWord(_ a: String, _ b: String, language: String) -> Bool {
        if language == "zh" {
            let left = Array(a)
            return left.indices.dropLast().contains { b.contains(String(left[$0...($0 + 1)])) }
        }
        // Words of four letters or more, by their first five: "avfarten" and "avfart" are one verb's object.
        let long = { (text: String) in Set(words(text).filter { $0.count >= 4 }.map { String($0.prefix(5)) }) }
        let (x, y) = (long(a), long(b))
        return x.isEmpty || y.isEmpty || !x.isDisjoint(with: y)
    }

    /// Two neighbouring words with the same first four letters ("na rondzie Rondo"); Chinese: a run of
    /// two or more characters said again at once, punctuation aside ("目的地，目的地").
    static func doubled(_ text: String, language: String) -> String? {
        if language == "zh" {
            let characters = Array(text.filter { $0.isLetter })
            for length in 2...4 where characters.count >= 2 * length {
                for start in 0...(characters.count - 2 * length)
                where characters[start..<(start + length)] == characters[(start + length)..<(start + 2 * length)] {
                    return String(characters[start..<(start + length)])
                }
            }
            return nil
        }
        let said = words(text)
        for (a, b) in zip(said, said.dropFirst()) where a.count >= 3 && b.count >= 3 && a.prefix(4) == b.prefix(4) {
            return "\(a) \(b)"
        }
        return nil
    }
}
