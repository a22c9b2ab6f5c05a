import FoundationEssentials
import TextFormat

/// Times of day on the drive's clock: "4:00", "1:02:03" or plain seconds ("240", "12.5").
public enum ClockTime {
    /// Seconds from text, nil when it is neither "m:ss", "h:mm:ss" nor a non-negative number.
    public static func parse(_ text: String) -> Double? {
        let trimmed = text.trimmingWhitespace()
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        if parts.count == 1 {
            guard let value = Double(trimmed), value.isFinite, value >= 0 else { return nil }
            return value
        }
        // The last part may have a fraction ("7:10.5"); the others are whole; minutes and seconds < 60 after the first part.
        guard let last = Double(parts[parts.count - 1]), last >= 0, last < 60, parts.last!.count >= 2 else { return nil }
        var total = 0.0
        for (index, part) in parts.dropLast().enumerated() {
            guard let value = Int(part), value >= 0 else { return nil }
            if index > 0 && (value >= 60 || part.count != 2) { return nil }
            total = total * 60 + Double(value)
        }
        return total * 60 + last
    }

    /// "m:ss" (or "h:mm:ss" from an hour), whole seconds rounded down; negative times get a "-".
    public static func format(_ seconds: Double) -> String {
        // Beyond Int's hours (a scenario's time may be any number) it is written as the number it is.
        guard seconds.isFinite else { return "--:--" }
        guard abs(seconds) < 1e15 else { return String(seconds) }
        let whole = Int(abs(seconds).rounded(.down))
        let sign = seconds < 0 ? "-" : ""
        let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60)
        return h > 0
            ? sign + String(cFormat: "%d:%02d:%02d", h, m, s)
            : sign + String(cFormat: "%d:%02d", m, s)
    }

    /// A number without a needless ".0".
    static func formatNumber(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
