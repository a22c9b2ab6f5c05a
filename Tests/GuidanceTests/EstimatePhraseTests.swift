import Testing

@testable import Guidance

/// The trip's estimates in words (`PhraseComposer+Estimates`, the packs' `estimates` section): the
/// clock, durations, the sentence and the departure, in every pack; and a broken section refused.
@Suite struct EstimatePhraseTests {
    static func at(_ hour: Int, _ minute: Int) -> LocalTime { LocalTime(instant: Double(hour * 3600 + minute * 60), utcOffset: 0) }

    @Test func englishSaysTheArrivalOnATwelveHourClockAndGermanOnATwentyFourHourOne() throws {
        let english = try PackFiles.composer("en-US")
        let trip = TripEstimate(distance: 22_500, time: 1380, arrival: Self.at(17, 42))
        #expect(english.estimates(trip) == "You'll arrive at 5:42 PM, in 23 minutes. 14 miles to go")
        #expect(
            [(0, 0), (0, 5), (9, 0), (12, 0), (12, 30), (23, 59)].map { english.clock(Self.at($0, $1)) } == [
                "midnight", "12:05 AM", "9 AM", "noon", "12:30 PM", "11:59 PM",
            ])
        let german = try PackFiles.composer("de")
        #expect(
            german.estimates(TripEstimate(distance: 95_000, time: 3900, arrival: Self.at(1, 5)))
                == "Ankunft um ein Uhr 5, in einer Stunde und 5 Minuten. Noch 95 Kilometer")
        #expect([(0, 0), (13, 0), (17, 42)].map { german.clock(Self.at($0, $1)) } == ["0 Uhr", "13 Uhr", "17 Uhr 42"])
    }

    @Test func durationsRoundToTheMinuteAndNeverGoBackAsTheTimeGrows() throws {
        let english = try PackFiles.composer("en-US")
        #expect(
            [0, 29, 30, 89, 90, 3570, 3600, 3660, 7200, 7260, 90_000].map { english.duration(seconds: Double($0)) } == [
                "less than a minute", "less than a minute", "1 minute", "1 minute", "2 minutes", "1 hour", "1 hour", "1 hour 1 minute",
                "2 hours", "2 hours 1 minute", "25 hours",
            ])
        for language in PackFiles.languages {
            let composer = try PackFiles.composer(language)
            var minutes = 0
            for seconds in stride(from: 0, through: 30 * 3600, by: 15) {
                let said = composer.duration(seconds: Double(seconds))
                #expect(!said.isEmpty && !said.contains("{"), "\(language) \(seconds) s: '\(said)'")
                let whole = Int((Double(seconds) / 60).rounded(.toNearestOrAwayFromZero))
                #expect(whole >= minutes)
                minutes = whole
                // The numbers said add up to the minutes rounded.
                let numbers = said.split { !$0.isNumber }.compactMap { Int($0) }
                if whole >= 60, numbers.count == 2 { #expect(numbers[0] * 60 + numbers[1] == whole, "\(language): '\(said)'") }
                if (3..<60).contains(whole), numbers.count == 1 { #expect(numbers[0] == whole, "\(language): '\(said)'") }
            }
        }
    }

    /// Every minute of the day in every pack: a clock with no placeholder left, on 12 hours where the
    /// pack says the period (the morning and the evening told apart), and the same words for the same minute.
    @Test(arguments: PackFiles.languages)
    func everyMinuteOfTheDayIsSaidAndMorningAndEveningDiffer(language: String) throws {
        let composer = try PackFiles.composer(language)
        var said: [String: Int] = [:]
        for minute in 0..<1440 {
            let clock = composer.clock(Self.at(minute / 60, minute % 60))
            #expect(!clock.isEmpty && !clock.contains("{") && !clock.contains("["), "\(language) \(minute): '\(clock)'")
            if let other = said[clock] { Issue.record("\(language): '\(clock)' says both \(other) and \(minute)") }
            said[clock] = minute
        }
        for trip in PhraseComposer.sampleTrips {
            let sentence = composer.estimates(trip)
            #expect(sentence.contains(composer.clock(trip.arrival)) && sentence.contains(composer.duration(seconds: trip.time)), "\(language): \(sentence)")
        }
    }

    @Test func aDepartureEndsWithTheArrivalAndKeepsItsRichestWordingsAfter() throws {
        let english = try PackFiles.composer("en-US")
        let departure = Maneuver(type: .startRoute, roadName: "Kings Rd")
        let wordings = english.wordings(departure, state: .initial, distance: 0)
        let with = english.departure(wordings, arrival: Self.at(8, 12))
        #expect(with.map(\.text) == ["Head out on Kings Road. You'll arrive at 8:12 AM"] + wordings.map(\.text))
        // A name said otherwise than written keeps its SSML, the arrival joined to it.
        var named = departure
        named.roadName = "Houston Street"
        let ssml = english.departure(english.wordings(named, state: .initial, distance: 0), arrival: Self.at(8, 12))[0]
        #expect(ssml.text == "Head out on Houston Street. You'll arrive at 8:12 AM")
        #expect(ssml.speech?.hasSuffix(". You'll arrive at 8:12 AM") == true && ssml.speech?.contains("[[h'aUst@n") == true)
        let chinese = try PackFiles.composer("zh")
        #expect(chinese.departure([Wording(text: "沿长安街出发")], arrival: Self.at(14, 5))[0].text == "沿长安街出发，预计下午两点05分到达")
    }

    /// A name that already ends with the word the template says after it is not followed by that
    /// word again: a Chinese roundabout named "…环岛" before the template's "环岛", an English one
    /// named "… Roundabout" before " roundabout". Other names, and other words, are left alone.
    @Test func aNameEndingWithTheWordAfterItIsNotFollowedByItAgain() throws {
        let chinese = try PackFiles.composer("zh")
        let named = Maneuver(type: .roundaboutExit2, roadName: "西四环南路", rotaryName: "玉泉营环岛")
        let said = chinese.compose(named, state: .initial, distance: 500)
        #expect(said.contains("玉泉营环岛") && !said.contains("环岛环岛"), "\(said)")
        let plain = Maneuver(type: .roundaboutExit2, roadName: "西四环南路", rotaryName: "玉泉营")
        #expect(chinese.compose(plain, state: .initial, distance: 500).contains("玉泉营环岛"))
        #expect(Template.repeatedWord("Dupont Roundabout", before: " roundabout, then") == 11)
        #expect(Template.repeatedWord("Dupont Circle", before: " roundabout") == 0)
        #expect(Template.repeatedWord("Roundabout", before: " roundabout") == 0, "a name that is the word alone stays whole")
        #expect(Template.repeatedWord("Main Street", before: " streetcar") == 0)
        #expect(Template.repeatedWord("玉泉营环岛", before: "环岛后从第2个出口驶出") == 2)
        #expect(Template.repeatedWord("环岛", before: "环岛后") == 0)
        #expect(Template.repeatedWord("人民路", before: "路口") == 0, "one ideograph is no word")
    }

    /// A name that starts with the word the template says right before it does not follow that word
    /// again: German "die Fähre {road}" with the ferry "Fähre Amrum Föhr" says "die Fähre Amrum Föhr".
    /// A name that is the word alone, or starts with a longer word, is left whole.
    @Test func aNameStartingWithTheWordBeforeItDoesNotFollowIt() throws {
        let template = try Template("auf die Fähre[ {road}] fahren")
        let said = template.render({ $0.name == "road" ? "Fähre Amrum Föhr" : nil }, isName: { $0.name == "road" })
        #expect(said == "auf die Fähre Amrum Föhr fahren")
        let notAName = template.render({ $0.name == "road" ? "Fähre Amrum Föhr" : nil })
        #expect(notAName == "auf die Fähre Fähre Amrum Föhr fahren", "only names are shortened")
        #expect(Template.repeatedWord(after: "auf die Fähre ", in: "fähre Amrum") == 6)
        #expect(Template.repeatedWord(after: "auf die Fähre ", in: "Fähre") == 0, "a name that is the word alone stays whole")
        #expect(Template.repeatedWord(after: "auf die Fähre ", in: "Fährenweg Nord") == 0)
        #expect(Template.repeatedWord(after: "zur Fähre ", in: "Fähre Amrum") == 6)
        #expect(Template.repeatedWord(after: "Autofähre ", in: "Fähre Amrum") == 0, "the word is whole in the text too")
        #expect(Template.repeatedWord(after: "乘坐", in: "乘坐轮渡") == 0)
    }

    /// Chinese says minutes under 10 with their zero ("9点05分", which eSpeak NG reads 九点零五分, not
    /// "9点5分") and midnight as Chinese apps do ("凌晨0点10分", not "午夜12点10分").
    @Test func chineseClockTimesAreSaidAsChineseAppsSayThem() throws {
        let chinese = try PackFiles.composer("zh")
        #expect(chinese.clock(Self.at(9, 5)) == "上午9点05分")
        #expect(chinese.clock(Self.at(0, 10)) == "凌晨0点10分")
        #expect(chinese.clock(Self.at(0, 0)) == "凌晨0点")
        #expect(chinese.clock(Self.at(17, 42)) == "下午5点42分")
        #expect(chinese.clock(Self.at(14, 0)) == "下午两点")
    }

    /// The part of the day as Chinese apps name it (issue 52, after 凌晨0点): the small hours are
    /// 凌晨 (it said 上午1点05分), the evening 晚上 (it said 下午9点30分).
    @Test func chineseClockTimesNameThePartOfTheDay() throws {
        let chinese = try PackFiles.composer("zh")
        let said = [(1, 5), (2, 0), (4, 50), (6, 30), (9, 5), (12, 3), (17, 42), (18, 15), (21, 30), (23, 59)].map {
            chinese.clock(Self.at($0, $1))
        }
        #expect(
            said == [
                "凌晨1点05分", "凌晨两点", "凌晨4点50分", "早上6点30分", "上午9点05分", "中午12点03分", "下午5点42分", "晚上6点15分", "晚上9点30分",
                "晚上11点59分",
            ])
        #expect(chinese.estimates(TripEstimate(distance: 4000, time: 600, arrival: Self.at(21, 30))).hasPrefix("预计晚上9点30分到达"))
    }

    /// Minutes under 10, midnight and a minute's gender as natives say them (issue 52): French
    /// "treize heures une" (eSpeak NG read "13 heures 1" as "un"), Spanish "las doce y veinte de la
    /// noche" (not "medianoche y 20"), Polish "o dwudziestej drugiej 07" (read "zero siedem") and
    /// "dwadzieścia po północy" (not "o północy 20").
    @Test func clockTimesSayTheirMinutesAsNativesDo() throws {
        let french = try PackFiles.composer("fr")
        #expect(
            [(13, 1), (20, 31), (1, 51), (0, 21), (9, 7), (0, 0)].map { french.clock(Self.at($0, $1)) } == [
                "13 heures une", "20 heures trente et une", "une heure cinquante et une", "minuit vingt et une", "9 heures 7", "minuit",
            ])
        let spanish = try PackFiles.composer("es")
        #expect([(0, 20), (0, 0), (22, 7)].map { spanish.clock(Self.at($0, $1)) } == ["las doce y 20 de la noche", "medianoche", "las 22 y 7"])
        #expect(spanish.estimates(TripEstimate(distance: 4000, time: 600, arrival: Self.at(0, 20))).hasPrefix("Llegada prevista a las doce y 20 de la noche"))
        let polish = try PackFiles.composer("pl")
        #expect(
            [(22, 7), (8, 1), (0, 20), (0, 1), (0, 0), (13, 45)].map { polish.clock(Self.at($0, $1)) } == [
                "o dwudziestej drugiej 07", "o ósmej 01", "20 po północy", "minutę po północy", "o północy", "o trzynastej 45",
            ])
        #expect(loadError(Self.valid + "\n  clockMinutes: { \"60\": sixty }")?.description.contains("no minute of the clock") == true)
        #expect(loadError(Self.valid + "\n  clockMinutes: { \"1\": \"{n}\" }")?.description.contains("plain text") == true)
    }

    func loadError(_ estimates: String) -> PhrasePackError? {
        var pack = MinimalPack()
        pack.estimates = estimates
        do {
            _ = try pack.pack()
            return nil
        } catch {
            return error
        }
    }

    static let valid = MinimalPack().estimates

    @Test func aBrokenEstimatesSectionIsRefusedNamingWhere() throws {
        #expect(loadError(Self.valid) == nil)
        var pack = MinimalPack()
        pack.estimates = ""
        #expect(throws: PhrasePackError.self) { try pack.pack() }
        let cases: [(from: String, to: String, path: String, says: String)] = [
            ("clock: \"{hour}[:{mm}]\"", "clock: \"[{hour}:{mm}]\"", "estimates.clock", "must say {hour}"),
            ("clock: \"{hour}[:{mm}]\"", "clock: \"{hour}:{mm} {period}\"", "estimates.periods", "the clock says {period}"),
            ("clock: \"{hour}[:{mm}]\"", "clock: \"{hour} {seconds}\"", "estimates.clock", "unknown placeholder {seconds}"),
            ("departure: \"{prompt}; at {arrival}\"", "departure: \"at {arrival}\"", "estimates.departure", "must say {prompt}"),
            (
                "sentence: \"at {arrival}[ in {duration}][, {distance} left]\"", "sentence: \"[at {arrival}] in {duration}\"", "estimates.sentence",
                "must say {arrival}"
            ),
            (
                "sentence: \"at {arrival}[ in {duration}][, {distance} left]\"", "sentence: \"at {arrival}, {distance:genitive}\"", "estimates.sentence",
                "form 'genitive'"
            ),
            ("minutes: { one: \"{n} minute\", other: \"{n} minutes\" }", "minutes: { other: \"{n} minutes\" }", "estimates.minutes.one", "plural form 'one'"),
            ("lessThanAMinute: \"under a minute\"", "lessThanAMinute: \"under {n}\"", "estimates.lessThanAMinute", "unknown placeholder {n}"),
            ("hoursAndMinutes: \"{hours} {minutes}\"", "hoursAndMinutes: \"{hours}\"", "estimates.hoursAndMinutes", "must say {minutes}"),
        ]
        for item in cases {
            let broken = Self.valid.replacingOccurrences(of: item.from, with: item.to)
            #expect(broken != Self.valid, "\(item.to)")
            let error = try #require(loadError(broken), "\(item.to)")
            #expect(error.path == item.path && error.description.contains(item.says), "\(item.to): \(error)")
        }
        let unknown = try #require(loadError(Self.valid + "\n  seconds: \"{n} s\""))
        #expect(unknown.kind == .unknownKey)
    }
}
