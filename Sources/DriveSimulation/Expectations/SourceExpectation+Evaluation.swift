extension SourceExpectation {
    /// What the source did against the expectation, or nil when it held.
    func violation(in report: TimelineReport) -> String? {
        guard let track = report.sources.first(where: { $0.id == source }) else {
            let ids = report.sources.map(\.id)
            return "the drive has no source \(source) (its sources: \(ids.isEmpty ? "none" : ids.joined(separator: ", ")))"
        }
        let window = (start: self.window.from ?? 0, end: self.window.to ?? report.duration)
        let intervals: [(start: Double, end: Double, prompt: String?)]
        if duringPrompts {
            intervals = report.prompts.filter(\.played).compactMap { prompt in
                guard let heard = prompt.audioInterval else { return nil }
                let start = max(heard.start, window.start)
                let end = min(heard.end, window.end)
                return end > start ? (start, end, prompt.text) : nil
            }
            if intervals.isEmpty { return "no prompt was heard" + (self.window.phrase.isEmpty ? "" : " " + self.window.phrase) }
        } else {
            intervals = [(window.start, window.end, nil)]
        }
        var present = false
        var wrong: [String] = []
        for interval in intervals {
            // A millisecond of overlap or less is the rounding of two events at one instant.
            for segment in track.segments where min(segment.end, interval.end) - max(segment.start, interval.start) > 0.001 {
                present = true
                let allowed = (only?.contains(segment.state) ?? true) && !(never?.contains(segment.state) ?? false)
                guard !allowed else { continue }
                let from = max(segment.start, interval.start)
                let to = min(segment.end, interval.end)
                wrong.append(
                    "\(segment.state.rawValue) \(ClockTime.format(from))–\(ClockTime.format(to))" + (interval.prompt.map { " during \"\($0)\"" } ?? ""))
            }
        }
        if !present {
            return "\(source) was not on" + (duringPrompts ? " during any prompt" : "") + (self.window.phrase.isEmpty ? "" : " " + self.window.phrase)
        }
        guard !wrong.isEmpty else { return nil }
        return wrong.prefix(3).joined(separator: "; ") + (wrong.count > 3 ? "; and \(wrong.count - 3) more" : "")
    }
}
