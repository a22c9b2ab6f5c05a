import FoundationEssentials
import TextFormat

/// A moment as a driver's clock shows it: an instant and the offset from UTC it is read in. An
/// arrival is said in the offset it was given in ("2026-11-28T17:42:00-05:00" is 5:42 PM), so the
/// driver hears the clock of the place the trip is in, not the daemon's.
public struct LocalTime: Sendable, Hashable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let instant: Double
    /// Seconds east of UTC, within ±18 hours (ISO 8601's range).
    public let utcOffset: Int

    /// An instant whose local time, in an offset ISO 8601 can write, falls outside the years
    /// 0000–9999 is moved to the nearest one within them, so that whatever a `LocalTime` writes
    /// (`iso8601`) reads back: an arrival 1e15 s ahead was written in year 31,690,765, and one in year
    /// 9999 at +18:00 as "10000-01-01T00:00:00+18:00", which nothing reads.
    public init(instant: Double, utcOffset: Int) {
        let offset = min(max(utcOffset, -Self.maximumOffset), Self.maximumOffset)
        let local = instant + Double(offset)
        if !(local >= Self.writableLocalSeconds.lowerBound) {
            self.instant = Self.writableLocalSeconds.lowerBound - Double(offset)
        } else if local > Self.writableLocalSeconds.upperBound {
            self.instant = Self.writableLocalSeconds.upperBound - Double(offset)
        } else {
            self.instant = instant
        }
        self.utcOffset = offset
    }

    /// The largest offset ISO 8601's "±hh:mm" is read with here: 18:59.
    public static let maximumOffset = 18 * 3600 + 59 * 60
    /// Local seconds since 1970 from 0000-01-01T00:00:00 to 9999-12-31T23:59:59: the four-digit years.
    public static let writableLocalSeconds: ClosedRange<Double> =
        Double(days(year: 0, month: 1, day: 1) * 86_400)...Double(days(year: 9999, month: 12, day: 31) * 86_400 + 86_399)
    /// The instants written in the years 0000–9999 whatever their offset.
    public static let writableInstants: ClosedRange<Double> =
        (writableLocalSeconds.lowerBound + Double(maximumOffset))...(writableLocalSeconds.upperBound - Double(maximumOffset))

    public init(_ date: Date, utcOffset: Int) {
        self.init(instant: date.timeIntervalSince1970, utcOffset: utcOffset)
    }

    /// The same offset, `seconds` later.
    public func adding(_ seconds: Double) -> LocalTime { LocalTime(instant: instant + seconds, utcOffset: utcOffset) }

    /// Minutes since the local midnight, rounded to the nearest minute (what a clock shows and a
    /// driver is told): 0…1439.
    public var minuteOfDay: Int {
        let minutes = Int(((instant + Double(utcOffset)) / 60).rounded(.toNearestOrAwayFromZero))
        return ((minutes % 1440) + 1440) % 1440
    }

    /// The local hour (0–23) and minute (0–59), to the nearest minute.
    public var hour: Int { minuteOfDay / 60 }
    public var minute: Int { minuteOfDay % 60 }

    /// The local hour and minute as a 24-hour clock shows them: "08:12".
    public var hourMinute: String { Self.two(hour) + ":" + Self.two(minute) }

    /// ISO 8601 with seconds and the offset: "2026-11-28T17:42:00-05:00" ("Z" for UTC).
    public var iso8601: String {
        let local = Int((instant + Double(utcOffset)).rounded(.down))
        let days = Int((Double(local) / 86_400).rounded(.down))
        let seconds = local - days * 86_400
        let (year, month, day) = Self.civil(fromDays: days)
        let offset: String
        if utcOffset == 0 {
            offset = "Z"
        } else {
            let minutes = abs(utcOffset) / 60
            offset = (utcOffset < 0 ? "-" : "+") + Self.two(minutes / 60) + ":" + Self.two(minutes % 60)
        }
        let date = String(cFormat: "%04d", year) + "-\(Self.two(month))-\(Self.two(day))"
        return date + "T" + Self.two(seconds / 3600) + ":" + Self.two(seconds / 60 % 60) + ":" + Self.two(seconds % 60) + offset
    }

    /// Reads ISO 8601's extended date-time with an offset: "2026-11-28T17:42:00-05:00",
    /// "2026-11-28T17:42Z", fractions of a second allowed. Nil for anything else (no offset: the
    /// clock it is on would be a guess).
    public init?(iso8601 text: String) {
        let characters = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= characters.count else { return nil }
            var value = 0
            for character in characters[index..<index + digits] {
                guard character >= 48, character <= 57 else { return nil }
                value = value * 10 + Int(character - 48)
            }
            index += digits
            return value
        }
        func expect(_ character: Character) -> Bool {
            guard index < characters.count, characters[index] == character.asciiValue else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
            expect("T") || expect("t"), let hour = number(2), expect(":"), let minute = number(2)
        else { return nil }
        var second = 0.0
        if expect(":") {
            guard let whole = number(2) else { return nil }
            second = Double(whole)
            if expect(".") {
                var scale = 0.1
                let start = index
                while index < characters.count, characters[index] >= 48, characters[index] <= 57 {
                    second += Double(characters[index] - 48) * scale
                    scale /= 10
                    index += 1
                }
                guard index > start else { return nil }
            }
        }
        let offset: Int
        if expect("Z") || expect("z") {
            offset = 0
        } else {
            let sign: Int
            if expect("+") { sign = 1 } else if expect("-") { sign = -1 } else { return nil }
            guard let offsetHours = number(2), expect(":"), let offsetMinutes = number(2), offsetHours <= 18, offsetMinutes < 60 else { return nil }
            offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
        }
        guard index == characters.count, (1...12).contains(month), (1...Self.daysIn(month, of: year)).contains(day), hour < 24, minute < 60,
            second < 60
        else { return nil }
        let days = Self.days(year: year, month: month, day: day)
        let wholeLocal = Double(days * 86_400 + hour * 3600 + minute * 60) + second.rounded(.down)
        var instant = wholeLocal + (second - second.rounded(.down)) - Double(offset)
        // A fraction of a second the instant cannot hold at this magnitude (59.9999999999 s in year
        // 9999) would write the next second, or the next year: it is dropped.
        if (instant + Double(offset)).rounded(.down) != wholeLocal { instant = wholeLocal - Double(offset) }
        self.init(instant: instant, utcOffset: offset)
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day since 1970-01-01 (`civil_from_days`).
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension LocalTime: Codable {
    /// As its ISO 8601 text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = LocalTime(iso8601: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected an ISO 8601 date and time with its offset")
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso8601)
    }
}
