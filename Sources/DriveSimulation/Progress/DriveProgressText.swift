import TextFormat

/// The words and terminal frames of `voxnav drive`'s progress display: a bar per running drive on a
/// terminal, redrawn in place; plain lines elsewhere (logs, CI).
public enum DriveProgressText {
    /// One running drive on a terminal: "city-commute  [█████·········]  2:13 / 8:23  5 prompts".
    public static func bar(label: String, time: Double, total: Double, prompts: Int, labelWidth: Int, barWidth: Int = 24) -> String {
        let fraction = total > 0 ? min(1, max(0, time / total)) : 1
        let filled = Int((fraction * Double(barWidth)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: barWidth - filled)
        return "\(fit(label, labelWidth))  [\(bar)]  \(ClockTime.format(time)) / \(ClockTime.format(total))  \(count(prompts))"
    }

    /// One plain line: "city-commute: 2:13 of 8:23 (20 %), 5 prompts".
    public static func line(label: String, time: Double, total: Double, prompts: Int) -> String {
        "\(label): \(ClockTime.format(time)) of \(ClockTime.format(total)) (\(tenth(time: time, total: total) * 10) %), \(count(prompts))"
    }

    /// Which tenth of the drive `time` is in (0…10): a plain line is written when it changes.
    public static func tenth(time: Double, total: Double) -> Int {
        guard total > 0 else { return 10 }
        return Int((min(1, max(0, time / total)) * 10).rounded(.down))
    }

    /// What redraws the bars in place: back up over the `previousRows` drawn last time, write each
    /// row on a cleared line, and clear what is left below (the rows of drives that ended).
    public static func frame(previousRows: Int, rows: [String]) -> String {
        var text = previousRows > 0 ? "\u{1B}[\(previousRows)A" : ""
        for row in rows { text += "\r\u{1B}[2K" + row + "\n" }
        return text + "\u{1B}[J"
    }

    /// `label` cut or padded to `width` characters.
    static func fit(_ label: String, _ width: Int) -> String {
        label.count > width ? String(label.prefix(max(0, width - 1))) + "…" : label.padding(toWidth: width)
    }

    static func count(_ prompts: Int) -> String { prompts == 1 ? "1 prompt" : "\(prompts) prompts" }
}
