import FoundationEssentials
import TextFormat

extension PhraseComposer {
    /// The trip's estimates in the pack's sentence: "You'll arrive at 5:42 PM, in 23 minutes. 14
    /// miles to go".
    public func estimates(_ trip: TripEstimate) -> String { estimateWordings(trip)[0] }

    /// The estimates in decreasing detail, richest first: everything; without the distance; the
    /// arrival alone (where the pack's sentence has them inside `[ ]`). A prompt says the richest
    /// that fits its time: the clock and the numbers make a long sentence, 7 s in Chinese.
    public func estimateWordings(_ trip: TripEstimate) -> [String] {
        let arrival = clock(trip.arrival)
        let duration = duration(seconds: trip.time)
        func sentence(duration said: Bool, distance: Bool) -> String {
            tidy(
                render(pack.estimates.sentence) { placeholder in
                    switch placeholder.name {
                    case "arrival": arrival
                    case "duration": said ? duration : nil
                    case "distance": distance ? distancePhrase(meters: trip.distance, form: placeholder.form) : nil
                    default: nil
                    }
                })
        }
        var seen = Set<String>()
        return [sentence(duration: true, distance: true), sentence(duration: true, distance: false), sentence(duration: false, distance: false)]
            .filter { seen.insert($0).inserted }
    }

    /// The clause a departure ends with, alone ("You'll arrive at 8:12 AM"): how long it speaks is
    /// planned as a sentence of its own after the departure's.
    public func arrivalClause(_ arrival: LocalTime) -> String {
        departureFrame(arrival).joined().trimming(where: { ".,;:，。 ".contains($0) })
    }

    /// How long a departure prompt that ends with the arrival speaks, as the announcer plans it: the
    /// departure's words, then the arrival as a sentence of its own (its clock's digits speak longer
    /// than their characters, which a second sentence's start covers). Without an arrival, the words alone.
    public func speakingTime(ofDeparture text: String, arrival: LocalTime?, durations: AnnouncementDurationEstimate) -> Double {
        let words = durations.speakingTime(of: text, length: pack.speechLength)
        return words + (arrival.map { durations.speakingTime(of: arrivalClause($0), length: pack.speechLength) } ?? 0)
    }

    /// The pack's departure sentence cut where the prompt goes: what comes before it and after it, tidied.
    private func departureFrame(_ arrival: LocalTime) -> [String] {
        let clock = clock(arrival)
        // The prompt goes in as a marker; `departure` keeps its SSML (a name said otherwise) as it is.
        let marker = "\u{1}"
        let sentence = tidy(render(pack.estimates.departure) { $0.name == "prompt" ? marker : $0.name == "arrival" ? clock : nil })
        return sentence.components(separatedBy: marker)
    }

    /// A departure prompt's wordings with the arrival said after them ("Head north on Kings Road.
    /// You'll arrive at 8:41 AM"): the richest with it first, then every wording without it, so that a
    /// prompt too long for its time drops the arrival before any of the maneuver's own words.
    public func departure(_ wordings: [Wording], arrival: LocalTime) -> [Wording] {
        guard let richest = wordings.first else { return wordings }
        let parts = departureFrame(arrival)
        guard parts.count == 2 else { return wordings }
        let (before, after) = (parts[0], parts[1])
        let text = before + richest.text + after
        let speech = richest.speech.map { ssml in
            let (before, after) = (SpokenNames.escape(before), SpokenNames.escape(after))
            guard ssml.hasPrefix("<speak>"), ssml.hasSuffix("</speak>") else { return before + ssml + after }
            return "<speak>" + before + ssml.dropFirst(7).dropLast(8) + after + "</speak>"
        }
        return [Wording(text: text, speech: speech)] + wordings
    }

    /// A time on the pack's clock: "5:42 PM", "17 Uhr 42", "下午5点42分".
    public func clock(_ time: LocalTime) -> String {
        let (hour, minute) = (time.hour, time.minute)
        let phrases = pack.estimates
        let said = phrases.isTwelveHour ? (hour % 12 == 0 ? 12 : hour % 12) : hour
        // An exact form is keyed by the hour of the day (0 midnight, 12 noon, whatever the clock), a
        // plural category by the number the clock says.
        let template = phrases.clock.exact[Double(hour)] ?? phrases.clock.template(forCategoryOf: String(said), rules: pack.pluralRules)
        return render(template) { placeholder in
            switch placeholder.name {
            case "hour": String(said)
            case "minute": minute == 0 ? nil : phrases.minuteWords[minute] ?? String(minute)
            case "mm": minute == 0 ? nil : (minute < 10 ? "0\(minute)" : String(minute))
            case "period": phrases.periods.map { hour < 12 ? $0.am : $0.pm }
            default: nil
            }
        }
    }

    /// A time to go in whole minutes, rounded: "23 minutes", "1 hour 5 minutes", "2 hours", "less than
    /// a minute" under half a minute.
    public func duration(seconds: Double) -> String {
        let phrases = pack.estimates
        let total = Int((max(0, seconds.isFinite ? seconds : 0) / 60).rounded(.toNearestOrAwayFromZero))
        if total == 0 { return render(phrases.lessThanAMinute) { _ in nil } }
        if total < 60 { return counted(phrases.minutes, total, as: "n") }
        let hours = counted(phrases.hours, total / 60, as: "n")
        guard total % 60 != 0 else { return hours }
        let minutes = counted(phrases.minutes, total % 60, as: "n")
        return render(phrases.hoursAndMinutes) { $0.name == "hours" ? hours : $0.name == "minutes" ? minutes : nil }
    }
}

extension PhraseComposer {
    /// Sample trips that between them say every clock and duration form a pack words: morning and
    /// evening, the full hour, midnight, one of a thing and many, under a minute, hours and minutes.
    public static let sampleTrips: [TripEstimate] = {
        // (seconds to go, meters to go, the arrival's minute of the day)
        let samples: [(Double, Double, Int)] = [
            (1380, 22_500, 17 * 60 + 42), (3900, 95_000, 1 * 60 + 5), (7200, 180_000, 0), (20, 150, 12 * 60),
            (60, 900, 2 * 60 + 1), (5400, 150_000, 21 * 60 + 30), (86_400, 2_000_000, 22 * 60 + 10), (1800, 40_000, 13 * 60),
        ]
        return samples.map { time, meters, minuteOfDay in
            TripEstimate(distance: meters, time: time, arrival: LocalTime(instant: Double(minuteOfDay * 60), utcOffset: 0))
        }
    }()

    /// The estimates said for each sample trip, and a departure ending with each sample's arrival
    /// ("Head north on Main Street. You'll arrive at 5:42 PM"): what `voxnav phrases` lists and the
    /// synthesis tests speak.
    public func estimateSamples() -> [String] {
        var departing = Maneuver(type: .startRoute)
        departing.roadName = "Main Street"
        departing.heading = 0
        let departure = wording(departing, state: .initial, distance: 0)
        return Self.sampleTrips.flatMap { trip in [estimates(trip), self.departure([departure], arrival: trip.arrival)[0].text] }
    }
}
