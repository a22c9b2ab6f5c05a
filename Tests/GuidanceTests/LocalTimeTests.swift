import Foundation
import Testing

@testable import Guidance

/// `LocalTime`: the arrival on the driver's clock, read from and written as ISO 8601.
@Suite struct LocalTimeTests {
    @Test func anOffsetTimeIsReadAsItsInstantAndSaidInItsOwnOffset() throws {
        let time = try #require(LocalTime(iso8601: "2026-11-28T17:42:00-05:00"))
        #expect(time.instant == 1_795_905_720 && time.utcOffset == -5 * 3600)
        #expect(time.hour == 17 && time.minute == 42 && time.hourMinute == "17:42")
        #expect(time.iso8601 == "2026-11-28T17:42:00-05:00")
        let utc = try #require(LocalTime(iso8601: "2026-11-28T22:42Z"))
        #expect(utc.instant == time.instant && utc.hour == 22 && utc.iso8601 == "2026-11-28T22:42:00Z")
        let india = try #require(LocalTime(iso8601: "2026-11-29T04:12:30.5+05:30"))
        #expect(india.instant == time.instant + 30.5 && india.hour == 4 && india.minute == 13, "30.5 s rounds up to the next minute")
    }

    /// Every minute of a leap year and of a common one, in three offsets: written and read back the same.
    @Test func everyMinuteOfTwoYearsRoundTrips() throws {
        for start in ["2028-01-01T00:00:00Z", "2027-01-01T00:00:00Z"] {
            let origin = try #require(LocalTime(iso8601: start)).instant
            for offset in [0, -5 * 3600, 9 * 3600 + 1800] {
                for step in stride(from: 0, to: 366 * 1440, by: 7) {
                    let time = LocalTime(instant: origin + Double(step * 60), utcOffset: offset)
                    let read = try #require(LocalTime(iso8601: time.iso8601), "\(time.iso8601)")
                    #expect(read == time)
                    #expect(read.minuteOfDay == ((step + offset / 60) % 1440 + 1440) % 1440)
                }
            }
        }
    }

    @Test func theEpochAndDatesAroundItAgreeWithFoundation() throws {
        for text in ["1970-01-01T00:00:00Z", "1969-12-31T23:59:00Z", "2000-02-29T12:00:00Z", "2100-03-01T00:00:00Z", "2026-11-28T17:42:00Z"] {
            let ours = try #require(LocalTime(iso8601: text))
            let theirs = try #require(ISO8601DateFormatter().date(from: text))
            #expect(ours.instant == theirs.timeIntervalSince1970, "\(text)")
        }
    }

    @Test(arguments: [
        "", "17:42", "2026-11-28", "2026-11-28T17:42", "2026-11-28T17:42:00", "2026-11-28 17:42:00Z", "2026-13-01T00:00:00Z",
        "2026-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-11-28T24:00:00Z", "2026-11-28T17:60:00Z", "2026-11-28T17:42:60Z",
        "2026-11-28T17:42:00+19:00", "2026-11-28T17:42:00+0500", "2026-11-28T17:42:00.Z", "2026-11-28T17:42:00Zjunk", "２０２６-11-28T17:42Z",
    ])
    func anythingElseIsRefused(text: String) {
        #expect(LocalTime(iso8601: text) == nil)
    }

    /// The extremes of what is read, and instants far outside them, written in the four-digit years
    /// and read back as written (issue 50, row 19: year 9999 at +18:00 was written as
    /// "10000-01-01T00:00:00+18:00", and an instant of 1e19 s trapped).
    @Test(arguments: [
        "9999-12-31T23:59:59.9999999999+18:00", "9999-12-31T23:59:59.9999999999-18:59", "9999-12-31T23:59:59Z",
        "0000-01-01T00:00:00-18:00", "0000-01-01T00:00:00.0000000001+18:59", "0000-01-01T00:00:00Z",
    ])
    func theExtremesOfTheYearsRoundTrip(text: String) throws {
        let read = try #require(LocalTime(iso8601: text))
        let written = read.iso8601
        #expect(written.hasPrefix(String(text.prefix(4))), "\(text) → \(written)")
        let again = try #require(LocalTime(iso8601: written), "\(text) → \(written)")
        #expect(again == read && again.iso8601 == written)
    }

    @Test(arguments: [1e19, -1e19, 1e308, -1e308, .infinity, -.infinity, .nan, 1e15, -1e15])
    func anInstantBeyondTheYearsIsWrittenAtTheirEdgeAndReadsBack(instant: Double) throws {
        for offset in [0, 18 * 3600, -18 * 3600, 100 * 3600] {
            let time = LocalTime(instant: instant, utcOffset: offset)
            let written = time.iso8601
            let read = try #require(LocalTime(iso8601: written), "\(instant) at \(offset) → \(written)")
            #expect(read.iso8601 == written)
            #expect(written.hasPrefix(instant > 0 ? "9999-12-31T23:59:59" : "0000-01-01T00:00:00"), "\(instant) → \(written)")
            _ = time.minuteOfDay
        }
    }
}
