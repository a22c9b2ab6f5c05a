import StrictCoding
import YAMLTree

/// How a pack says a trip's estimates (`estimates` section, docs/PHRASES.md): the sentence said on
/// request, the clause a departure may end with, the clock (12 or 24 hours, as the language's
/// speakers read one) and durations.
struct EstimatePhrases: Sendable, Hashable {
    /// "you'll arrive at {arrival}, in {duration}. {distance} to go".
    let sentence: Template
    /// "{prompt}. you'll arrive at {arrival}": the departure prompt with the arrival.
    let departure: Template
    /// "{hour}[:{mm}] {period}", "{hour} Uhr[ {minute}]": a clock that says `{period}` is a 12-hour
    /// one (its `{hour}` runs 1 to 12), else a 24-hour one. `{minute}` (5) and `{mm}` (05) have no
    /// value at the full hour, so "5 PM" and "17 Uhr" need no second template. Either one template, or forms chosen
    /// as plural forms are chosen by a count (`{other: "{hour} heures[ {minute}]", "1": "une heure[ {minute}]"}`),
    /// for the languages whose hours take a number's gender or case: a category by the number the clock
    /// says, an exact form by the hour of the day, 0 to 23 ("0": midnight, "12": noon, on either clock).
    let clock: PluralForms
    /// True when the clock says {period}: its hour, and the form chosen by it, runs 1 to 12.
    let isTwelveHour: Bool
    /// `{period}`: the words for before and after noon, when the clock says them.
    let periods: Periods?
    /// `clockMinutes`: the words a minute of the clock is said with where its digits would be read
    /// wrong (French "treize heures une", not "… un"); any other minute is said in digits.
    let minuteWords: [Int: String]
    let minutes: PluralForms
    let hours: PluralForms
    /// "{hours} {minutes}": a duration of an hour or more that is not whole hours.
    let hoursAndMinutes: Template
    /// Said for a duration under half a minute.
    let lessThanAMinute: Template

    static let keys = ["sentence", "departure", "clock", "clockMinutes", "periods", "minutes", "hours", "hoursAndMinutes", "lessThanAMinute"]
    static let clockPlaceholders: Set<String> = ["hour", "minute", "mm", "period"]

    init(_ node: YAMLCursor, rules: PluralRules, distanceForms: Set<String>) throws(PhrasePackError) {
        try node.onlyKeys(Self.keys)
        func template(_ key: String, allowed: Set<String>, required: Set<String> = [], forms: [String: Set<String>] = [:])
            throws(PhrasePackError) -> Template
        {
            let value = try node.required(key)
            let template = try value.template()
            try PhrasePack.checkKnown(template, allowed: allowed, forms: forms, at: value.path)
            for name in required.sorted() where !template.requiredPlaceholders.contains(where: { $0.name == name }) {
                throw PhrasePackError(
                    .invalidValue, at: value, "\"\(template.source)\" must say {\(name)} (outside [ ])")
            }
            return template
        }
        sentence = try template(
            "sentence", allowed: ["arrival", "duration", "distance"], required: ["arrival"], forms: ["distance": distanceForms])
        departure = try template("departure", allowed: ["prompt", "arrival"], required: ["prompt", "arrival"])
        let clockNode = try node.required("clock")
        clock =
            clockNode.isMapping
            ? try PluralForms(clockNode, rules: rules, allowed: Self.clockPlaceholders)
            : try PluralForms(try clockNode.template(), allowed: Self.clockPlaceholders, at: clockNode.path)
        let general = clock.byCategory[.other]!
        guard general.requiredPlaceholders.contains(where: { $0.name == "hour" }) else {
            throw PhrasePackError(.invalidValue, at: clockNode, "\"\(general.source)\" must say {hour}, outside [ ]")
        }
        // A clock that says the period is a 12-hour one: its hour runs 1 to 12.
        isTwelveHour = general.allPlaceholders.contains { $0.name == "period" }
        let saysPeriod = clock.templates.contains { $0.allPlaceholders.contains { $0.name == "period" } }
        if let periodsNode = try node.optional("periods") {
            try periodsNode.onlyKeys(["am", "pm"])
            periods = Periods(am: try periodsNode.required("am").string(), pm: try periodsNode.required("pm").string())
        } else if saysPeriod {
            throw node.problem("missing key 'periods' ({am, pm}): the clock says {period}", kind: .missingKey, key: "periods")
        } else {
            periods = nil
        }
        minuteWords = try Self.minuteWords(try node.optional("clockMinutes"))
        minutes = try PluralForms(try node.required("minutes"), rules: rules, allowed: ["n"])
        self.hours = try PluralForms(try node.required("hours"), rules: rules, allowed: ["n"])
        hoursAndMinutes = try template("hoursAndMinutes", allowed: ["hours", "minutes"], required: ["hours", "minutes"])
        lessThanAMinute = try template("lessThanAMinute", allowed: [])
    }

    /// `clockMinutes`: a minute, 1 to 59, to the plain words said for it.
    private static func minuteWords(_ node: YAMLCursor?) throws(PhrasePackError) -> [Int: String] {
        guard let node else { return [:] }
        var words: [Int: String] = [:]
        for (key, value) in try node.entries() {
            guard let minute = Int(key), (1...59).contains(minute) else {
                throw PhrasePackError(.invalidValue, at: value, "'\(InputLimits.echo(key))' is no minute of the clock (1 to 59)")
            }
            let said = try value.string()
            guard !said.isEmpty, !said.contains(where: { "{}[]|".contains($0) }) else {
                throw PhrasePackError(.invalidValue, at: value, "a minute's words are plain text: \"\(InputLimits.echo(said))\"")
            }
            words[minute] = said
        }
        return words
    }

    /// The words for before and after noon.
    struct Periods: Sendable, Hashable {
        let am: String
        let pm: String
    }
}
