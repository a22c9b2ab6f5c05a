import AudioPolicy
import Guidance

/// Draws a `TimelineReport` as a standalone SVG (opens in a browser): one lane per source present
/// (the radio as its level in dB, the others as state bars), the prompts with their text, the
/// session's active windows, audit violations as red marks, an mm:ss time axis and a legend.
public enum TimelineSVG {
    static let width = 1400.0
    static let gutter = 150.0
    static let right = 20.0
    static let laneHeight = 34.0
    static let promptLaneHeight = 72.0
    static let top = 58.0
    /// Lowest level the radio lane draws (its bottom).
    static let floorDB = -30.0
    /// A final instruction whose last word leaves less than a car's reaction time before its
    /// maneuver is joined to it in red.
    static let reactionMark = VehicleProfile.car.reactionTime

    // The palette: Okabe and Ito's colours, safe for colour-blind readers, and Paul Tol's where more
    // are needed; every shade drawn has its own colour and its legend entry (`legendEntries`).
    static let colors: [SourceTrack.State: String] = [
        .playing: "#009E73", .ducked: "#E69F00", .paused: "#999999", .stopped: "#000000",
    ]
    /// A source playing with its microphone open (the assistant listening).
    static let listening = "#8FD9C2"
    static let promptColors: [String: String] = [
        "normal": "#0072B2", "short": "#56B4E9", "skipped": "#CC79A7", "expired": "#8C510A", "interrupted": "#F0E442", "cut": "#D55E00",
        "refused": "#117733", "session": "#44AA99",
    ]
    static let violation = "#882255"
    /// Guidance paused (`guidance.pause`), shaded over the prompt lane.
    static let guidancePaused = "#CCDDAA"
    /// A maneuver's mark, and its join from a final instruction's last word.
    static let maneuverMark = "#332288"
    /// The join from an earlier prompt (a prepare or initial one).
    static let earlierJoin = "#BBBBBB"
    /// The join from a final instruction whose last word leaves less than `reactionMark`.
    static let lateJoin = "#EE3377"
    static let labelColor = "#333333"

    /// Every shade drawn, with what it means, in the legend's order.
    static var legendEntries: [(name: String, color: String)] {
        SourceTrack.State.allCases.map { ($0.rawValue, colors[$0]!) } + [("assistant listening", listening)]
            + [
                ("prompt normal", "normal"), ("prompt short", "short"), ("skipped", "skipped"), ("expired", "expired"),
                ("interrupted", "interrupted"), ("cut by the policy", "cut"), ("refused", "refused"), ("session active", "session"),
            ].map { ($0.0, promptColors[$0.1]!) }
            + [
                ("guidance paused", guidancePaused), ("violation", violation), ("▲ maneuver, joined from its final instruction", maneuverMark),
                ("joined from an earlier prompt", earlierJoin), ("final instruction under \(SVGText.number(reactionMark)) s before it", lateJoin),
            ]
    }

    /// Lane order by kind; sources of no known kind (other clients' sessions) come last.
    static let kindOrder: [SourceKind] = [.fmRadio, .music, .spokenAudio, .phoneCall, .voiceAssistant, .vehicleChime, .nativeNavigation]

    static func laneTitle(_ track: SourceTrack) -> String {
        switch track.kind {
        case .fmRadio: "Radio level"
        case .music: "Music"
        case .spokenAudio: "Podcast"
        case .phoneCall: "Call"
        case .voiceAssistant: "Assistant"
        case .vehicleChime: "Chime"
        case .nativeNavigation: "Car navigation"
        case nil: track.id.hasPrefix("session:") ? "Session " + track.id.dropFirst("session:".count) : track.id
        }
    }

    public static func render(_ report: TimelineReport) -> String {
        let s = report.summary
        let title = (report.name ?? "Drive") + " — " + ClockTime.format(report.duration)
        let line =
            "prompts \(s.promptsNormal) normal, \(s.promptsShort) short, \(s.promptsSkipped) skipped, \(s.promptsExpired) expired"
            + (s.promptsCut > 0 ? ", \(s.promptsCut) cut" : "") + " · "
            + (s.minTimeAfterLastWord.map { "final instructions \(s.finalInstructions), least \(SVGText.number($0)) s after the last word · " } ?? "")
            + (s.minAboveBed.map { "over the bed least \(SVGText.number($0)) dB · " } ?? "")
            + "ducked \(SVGText.number(s.totalDuckedSeconds)) s · overhang mean \(SVGText.number(s.meanActivationOverhang)) s, "
            + "max \(SVGText.number(s.maxActivationOverhang)) s · podcast lost \(SVGText.number(s.podcastSecondsLost)) s · "
            + "violations \(s.violations)"
        // The summary in as many lines as the canvas needs, broken at its " · ".
        var summaryLines: [String] = []
        for part in line.components(separatedBy: " · ") {
            if let last = summaryLines.last, SVGText.width(last + " · " + part, fontSize: 12) <= width - 20 {
                summaryLines[summaryLines.count - 1] = last + " · " + part
            } else {
                summaryLines.append(part)
            }
        }
        let laneTop = top + 15 * Double(summaryLines.count - 1)

        var canvas = Canvas(duration: max(report.duration, 1))
        let tracks = report.sources.enumerated().sorted { a, b in
            let ka = a.element.kind.flatMap { kindOrder.firstIndex(of: $0) } ?? kindOrder.count
            let kb = b.element.kind.flatMap { kindOrder.firstIndex(of: $0) } ?? kindOrder.count
            return (ka, a.offset) < (kb, b.offset)
        }.map(\.element)

        var y = laneTop
        for track in tracks {
            canvas.lane(track, y: y)
            y += laneHeight
        }
        canvas.pauses(report.guidancePauses, y: y)
        canvas.prompts(report.prompts, y: y)
        canvas.maneuvers(report.prompts, y: y)
        y += promptLaneHeight
        canvas.sessions(report.activations, y: y)
        y += laneHeight
        canvas.audit(report.audit, top: laneTop, bottom: y)
        canvas.axis(y: y)
        y += 30
        y = canvas.legend(y: y)
        y = canvas.promptList(report.prompts, y: y + 10)

        let height = y + 10
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(SVGText.number(width)) \(SVGText.number(height))" \
            width="\(SVGText.number(width))" height="\(SVGText.number(height))" font-family="sans-serif" font-size="12">
            <rect x="0" y="0" width="\(SVGText.number(width))" height="\(SVGText.number(height))" fill="#ffffff"/>
            <text x="10" y="22" font-size="16" font-weight="bold">\(SVGText.escape(SVGText.fit(title, room: width - 20, fontSize: 16)))</text>

            """
        for (index, part) in summaryLines.enumerated() {
            out += "<text class=\"summary\" x=\"10\" y=\"\(SVGText.number(42 + Double(index) * 15))\" fill=\"#333333\">\(SVGText.escape(part))</text>\n"
        }
        out += canvas.body
        out += "</svg>\n"
        return out
    }

    /// The prompts in the order drawn, each with its number (its label in the prompt lane and its
    /// line in the list below the legend).
    static func ordered(_ prompts: [PromptRecord]) -> [PromptRecord] {
        prompts.sorted { drawnAt($0) < drawnAt($1) }
    }

    /// Where a prompt is drawn: when it started, else when it ended or was queued.
    static func drawnAt(_ prompt: PromptRecord) -> Double {
        prompt.startedAt ?? prompt.endedAt ?? prompt.queuedAt ?? 0
    }

    /// What the prompt lane draws a prompt as: its style when it played, "cut", or its result.
    static func key(of prompt: PromptRecord) -> String {
        prompt.played ? (prompt.style?.rawValue ?? "normal") : prompt.cut != nil ? "cut" : prompt.result.rawValue
    }
}

/// Accumulates SVG elements for `TimelineSVG`.
struct Canvas {
    let duration: Double
    var body = ""

    init(duration: Double) {
        self.duration = duration
    }

    var plotWidth: Double { TimelineSVG.width - TimelineSVG.gutter - TimelineSVG.right }
    func x(_ t: Double) -> Double { TimelineSVG.gutter + min(max(t, 0), duration) / duration * plotWidth }
    func n(_ v: Double) -> String { SVGText.number(v) }
    func tip(_ text: String) -> String { "<title>\(SVGText.escape(text))</title>" }

    mutating func label(_ title: String, y: Double, height: Double) {
        let shown = SVGText.fit(title, room: TimelineSVG.gutter - 16, fontSize: 12)
        body += "<text class=\"lane-label\" x=\"10\" y=\"\(n(y + height / 2 + 4))\">\(SVGText.escape(shown))\(shown == title ? "" : tip(title))</text>\n"
        body +=
            "<line x1=\"\(n(TimelineSVG.gutter))\" y1=\"\(n(y + height))\" x2=\"\(n(TimelineSVG.width - TimelineSVG.right))\" y2=\"\(n(y + height))\" stroke=\"#eeeeee\"/>\n"
    }

    mutating func lane(_ track: SourceTrack, y: Double) {
        body += "<g class=\"lane\" data-lane=\"\(SVGText.escape(track.id))\">\n"
        label(TimelineSVG.laneTitle(track), y: y, height: TimelineSVG.laneHeight)
        let inner = TimelineSVG.laneHeight - 8
        for segment in track.segments {
            let x0 = x(segment.start)
            let w = max(0.5, x(segment.end) - x0)
            let color = TimelineSVG.colors[segment.state] ?? "#000000"
            var h = inner
            if track.kind == .fmRadio {
                // The radio lane is a level meter: full height at 0 dB, empty at floorDB or when silent.
                let level = segment.dB.map { max(0, 1 - min(0, $0) / TimelineSVG.floorDB) } ?? 0
                h = segment.state.isSilent ? inner * 0.15 : max(2, inner * level)
            }
            let what =
                "\(TimelineSVG.laneTitle(track)): \(segment.state.rawValue)"
                + (segment.dB.map { $0 < 0 ? " \(n($0)) dB" : "" } ?? "")
                + (segment.activity.map { $0 == .default ? "" : " (\($0.rawValue))" } ?? "")
                + " \(ClockTime.format(segment.start))–\(ClockTime.format(segment.end))"
            // The assistant listening (its microphone open) is lighter than speaking, and says which.
            let fill = segment.activity == .listening && segment.state == .playing ? TimelineSVG.listening : color
            body +=
                "<rect class=\"state-\(segment.state.rawValue)\" x=\"\(n(x0))\" y=\"\(n(y + 4 + inner - h))\" width=\"\(n(w))\" height=\"\(n(h))\" fill=\"\(fill)\">\(tip(what))</rect>\n"
            if let activity = segment.activity, activity != .default, w > 48 {
                body +=
                    "<text class=\"activity\" x=\"\(n(x0 + 3))\" y=\"\(n(y + 4 + inner / 2 + 3))\" font-size=\"9\" fill=\"#000000\">\(activity.rawValue)\(tip(what))</text>\n"
            }
        }
        body += "</g>\n"
    }

    mutating func prompts(_ prompts: [PromptRecord], y: Double) {
        body += "<g class=\"lane\" data-lane=\"prompts\">\n"
        label("Prompts", y: y, height: TimelineSVG.promptLaneHeight)
        let barY = y + TimelineSVG.promptLaneHeight - 18
        let ordered = TimelineSVG.ordered(prompts)
        let edge = TimelineSVG.width - 4
        for (index, prompt) in ordered.enumerated() {
            let at = TimelineSVG.drawnAt(prompt)
            let x0 = x(at)
            // A prompt the policy cut while it played is drawn as cut, its rule in its label.
            let key = TimelineSVG.key(of: prompt)
            let color = TimelineSVG.promptColors[key] ?? "#757575"
            let what =
                "\(index + 1). \(prompt.id) \(key) at \(ClockTime.format(at)): \(prompt.text)" + (prompt.reason.map { " (\($0))" } ?? "")
                + (prompt.aboveBed.map { ", \(SVGText.number($0)) dB over the bed" } ?? "")
            if prompt.sounded, let start = prompt.startedAt {
                let w = max(2, x(prompt.audioInterval?.end ?? start) - x0)
                body += "<rect class=\"prompt-\(key)\" x=\"\(n(x0))\" y=\"\(n(barY))\" width=\"\(n(w))\" height=\"12\" fill=\"\(color)\">\(tip(what))</rect>\n"
            } else {
                body +=
                    "<path class=\"prompt-\(key)\" d=\"M\(n(x0 - 4)) \(n(barY)) l8 12 m0 -12 l-8 12\" stroke=\"\(color)\" stroke-width=\"2\">\(tip(what))</path>\n"
            }
            // Labels take turns on three rows and get the room up to the next label on their row, and
            // never past the canvas: each starts with the prompt's number in the list below.
            let row = Double(index % 3)
            let nextOnRow = ordered.dropFirst(index + 3).first.map { x(TimelineSVG.drawnAt($0)) } ?? edge
            let number = "\(index + 1)"
            let said = prompt.text.isEmpty ? prompt.id : prompt.text
            let full = number + " " + (prompt.cut.map { "✂ \($0): " + said } ?? said)
            let numberWidth = SVGText.width(number, fontSize: 10)
            // A label that starts too near the edge for its number ends at the edge instead.
            let lx = min(x0, edge - numberWidth)
            let text = SVGText.fit(full, room: max(numberWidth, min(nextOnRow, edge) - lx - 4), fontSize: 10)
            body +=
                "<text class=\"prompt-label\" data-prompt=\"\(SVGText.escape(prompt.id))\" x=\"\(n(lx))\" y=\"\(n(y + 12 + row * 14))\" font-size=\"10\" fill=\"\(TimelineSVG.labelColor)\">\(SVGText.escape(text))\(tip(what))</text>\n"
        }
        body += "</g>\n"
    }

    /// Each maneuver a guidance prompt was for, marked on the time axis where the vehicle reached it
    /// (from the prompt's `lead`), and each prompt joined to it from its last sample: the gap is
    /// the time the driver had after the last word. A final instruction's join is red when that
    /// time is under 3 s.
    mutating func maneuvers(_ prompts: [PromptRecord], y: Double) {
        let placed = prompts.compactMap { prompt -> (prompt: PromptRecord, end: Double, reached: Double, id: String)? in
            guard let id = prompt.maneuver, let end = prompt.audioInterval?.end, let seconds = prompt.lead?.lastSample.seconds else { return nil }
            return (prompt, end, end + seconds, id)
        }
        guard !placed.isEmpty else { return }
        body += "<g class=\"maneuvers\">\n"
        let joinY = y + TimelineSVG.promptLaneHeight - 4
        for item in placed where item.reached > item.end {
            let final = item.prompt.state == .execute
            let late = final && item.reached - item.end < TimelineSVG.reactionMark
            let color = late ? TimelineSVG.lateJoin : final ? TimelineSVG.maneuverMark : TimelineSVG.earlierJoin
            let what =
                "\(item.prompt.id) \(item.prompt.state?.rawValue ?? ""): last word \(SVGText.number(item.reached - item.end)) s before \(item.id)"
            body +=
                "<line class=\"maneuver-join\(late ? " late" : "")\" data-prompt=\"\(SVGText.escape(item.prompt.id))\" x1=\"\(n(x(item.end)))\" y1=\"\(n(joinY))\" x2=\"\(n(x(item.reached)))\" y2=\"\(n(joinY))\" stroke=\"\(color)\" stroke-width=\"\(final ? 2 : 1)\">\(tip(what))</line>\n"
        }
        var marked: Set<String> = []
        for item in placed where marked.insert(item.id).inserted {
            let mx = x(item.reached)
            let what = "maneuver \(item.id) reached at \(ClockTime.format(item.reached))"
            body +=
                "<path class=\"maneuver\" data-maneuver=\"\(SVGText.escape(item.id))\" d=\"M\(n(mx)) \(n(joinY - 5)) l4 8 l-8 0 z\" fill=\"\(TimelineSVG.maneuverMark)\">\(tip(what))</path>\n"
        }
        body += "</g>\n"
    }

    /// Each time guidance was paused, shaded behind the prompt lane, its reason in its tip (a pause
    /// not resumed reaches the report's end).
    mutating func pauses(_ pauses: [GuidancePauseRecord], y: Double) {
        guard !pauses.isEmpty else { return }
        body += "<g class=\"guidance-pauses\">\n"
        for pause in pauses {
            let end = pause.ended ?? duration
            let x0 = x(pause.began)
            let w = max(1, x(end) - x0)
            let what = "guidance paused (\(pause.reason)) \(ClockTime.format(pause.began))–\(ClockTime.format(end))"
            body +=
                "<rect class=\"guidance-paused\" x=\"\(n(x0))\" y=\"\(n(y + 2))\" width=\"\(n(w))\" height=\"\(n(TimelineSVG.promptLaneHeight - 4))\" fill=\"\(TimelineSVG.guidancePaused)\">\(tip(what))</rect>\n"
        }
        body += "</g>\n"
    }

    mutating func sessions(_ windows: [ActivationRecord], y: Double) {
        body += "<g class=\"lane\" data-lane=\"session\">\n"
        label("Session active", y: y, height: TimelineSVG.laneHeight)
        let color = TimelineSVG.promptColors["session"]!
        for window in windows {
            let x0 = x(window.start)
            let w = max(1, x(window.end) - x0)
            let what =
                "\(window.client) active \(ClockTime.format(window.start))–\(ClockTime.format(window.end)), "
                + "prompt audio \(n(window.promptSeconds)) s, overhang \(n(window.overhang)) s"
            body +=
                "<rect class=\"session-active\" x=\"\(n(x0))\" y=\"\(n(y + 6))\" width=\"\(n(w))\" height=\"\(n(TimelineSVG.laneHeight - 12))\" fill=\"\(color)\" fill-opacity=\"0.7\">\(tip(what))</rect>\n"
        }
        body += "</g>\n"
    }

    mutating func audit(_ entries: [AuditRecord], top: Double, bottom: Double) {
        guard !entries.isEmpty else { return }
        body += "<g class=\"audit\">\n"
        for entry in entries {
            let what = "violation \(entry.rule) at \(ClockTime.format(entry.time))" + (entry.detail.map { ": \($0)" } ?? "")
            body +=
                "<line class=\"violation\" x1=\"\(n(x(entry.time)))\" y1=\"\(n(top))\" x2=\"\(n(x(entry.time)))\" y2=\"\(n(bottom))\" stroke=\"\(TimelineSVG.violation)\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\">\(tip(what))</line>\n"
        }
        body += "</g>\n"
    }

    /// Ticks at a round step giving at most about 15 of them, labelled m:ss.
    mutating func axis(y: Double) {
        let steps: [Double] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200]
        let step = steps.first { duration / $0 <= 15 } ?? 14400
        body += "<g class=\"axis\">\n"
        body += "<line x1=\"\(n(x(0)))\" y1=\"\(n(y))\" x2=\"\(n(x(duration)))\" y2=\"\(n(y))\" stroke=\"#555555\"/>\n"
        var k = 0.0
        while k * step <= duration + 1e-9 {
            let tx = x(k * step)
            body += "<line x1=\"\(n(tx))\" y1=\"\(n(y))\" x2=\"\(n(tx))\" y2=\"\(n(y + 5))\" stroke=\"#555555\"/>\n"
            body += "<text class=\"tick\" x=\"\(n(tx))\" y=\"\(n(y + 17))\" text-anchor=\"middle\" font-size=\"10\">\(ClockTime.format(k * step))</text>\n"
            k += 1
        }
        body += "</g>\n"
    }

    /// The legend, in as many rows as the canvas needs; returns where the next part starts.
    mutating func legend(y: Double) -> Double {
        body += "<g class=\"legend\">\n"
        var (lx, ly) = (TimelineSVG.gutter, y)
        for (name, color) in TimelineSVG.legendEntries {
            let w = 16 + SVGText.width(name, fontSize: 11)
            if lx + w > TimelineSVG.width - TimelineSVG.right, lx > TimelineSVG.gutter {
                (lx, ly) = (TimelineSVG.gutter, ly + 18)
            }
            body += "<rect class=\"legend-swatch\" x=\"\(n(lx))\" y=\"\(n(ly))\" width=\"12\" height=\"12\" fill=\"\(color)\"/>"
            body += "<text x=\"\(n(lx + 16))\" y=\"\(n(ly + 10))\" font-size=\"11\">\(SVGText.escape(name))</text>\n"
            lx += w + 14
        }
        body += "</g>\n"
        return ly + 30
    }

    /// Every prompt's whole text, numbered as its label in the prompt lane, with its time, how it was
    /// played (or why not) and its reason, wrapped to the canvas; returns where the next part starts.
    mutating func promptList(_ prompts: [PromptRecord], y: Double) -> Double {
        guard !prompts.isEmpty else { return y }
        body += "<g class=\"prompt-list\">\n"
        body += "<text x=\"10\" y=\"\(n(y + 12))\" font-size=\"12\" font-weight=\"bold\">Prompts</text>\n"
        var ly = y + 30
        let indent = 176.0
        for (index, prompt) in TimelineSVG.ordered(prompts).enumerated() {
            let at = TimelineSVG.drawnAt(prompt)
            let key = TimelineSVG.key(of: prompt)
            let color = TimelineSVG.promptColors[key] ?? "#757575"
            let said =
                (prompt.text.isEmpty ? prompt.id : prompt.text) + (prompt.cut.map { " (cut: \($0))" } ?? "")
                + (prompt.reason.map { " (\($0))" } ?? "") + (prompt.aboveBed.map { " · \(SVGText.number($0)) dB over the bed" } ?? "")
            let lines = SVGText.wrap(said, room: TimelineSVG.width - indent - 10, fontSize: 11)
            body +=
                "<rect x=\"10\" y=\"\(n(ly - 9))\" width=\"10\" height=\"10\" fill=\"\(color)\"/>"
                + "<text class=\"prompt-entry-head\" x=\"24\" y=\"\(n(ly))\" font-size=\"11\">"
                + "\(SVGText.escape(SVGText.fit("\(index + 1). \(ClockTime.format(at))", room: 76, fontSize: 11)))</text>"
                + "<text x=\"104\" y=\"\(n(ly))\" font-size=\"11\" fill=\"#555555\">\(SVGText.escape(SVGText.fit(key, room: 66, fontSize: 11)))</text>\n"
            for (k, line) in lines.enumerated() {
                body +=
                    "<text class=\"prompt-entry\" data-prompt=\"\(SVGText.escape(prompt.id))\" x=\"\(n(indent))\" y=\"\(n(ly + Double(k) * 14))\" font-size=\"11\">\(SVGText.escape(line))</text>\n"
            }
            ly += Double(lines.count) * 14 + 4
        }
        body += "</g>\n"
        return ly
    }
}

extension SourceTrack.State {
    var isSilent: Bool { self == .paused || self == .stopped }
}
