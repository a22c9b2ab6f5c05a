import AudioPolicy
import Foundation
import FoundationXML
import Guidance
import RPC
import Testing

@testable import DriveSimulation

/// Collects what the tests look for while XMLParser reads an SVG.
final class SVGProbe: NSObject, XMLParserDelegate {
    var root: String?
    var rootAttributes: [String: String] = [:]
    var lanes: [String] = []
    var promptLabels: [String: String] = [:]
    var ticks: [String] = []
    /// The lines of each prompt's entry in the list under the legend.
    var promptEntries: [String: [String]] = [:]
    /// Every colour a shape of the drawing is filled or stroked with (not text, axis or grid).
    var drawnColors: Set<String> = []
    var legendColors: [String] = []
    private var inEntry: String?
    private var inLabel: String?
    private var inTick = false
    private var inTitle = false

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if root == nil {
            root = name
            rootAttributes = attributes
        }
        if name == "title" { inTitle = true }
        if let lane = attributes["data-lane"] { lanes.append(lane) }
        if attributes["class"] == "prompt-label", let id = attributes["data-prompt"] {
            inLabel = id
            promptLabels[id] = ""
        }
        if attributes["class"] == "tick" { inTick = true }
        if attributes["class"] == "prompt-entry", let id = attributes["data-prompt"] {
            inEntry = id
            promptEntries[id, default: []].append("")
        }
        let shapes = ["state-", "prompt-", "session-active", "violation", "maneuver", "guidance-paused"]
        if let cls = attributes["class"], name != "text", shapes.contains(where: { cls.hasPrefix($0) }) {
            if let fill = attributes["fill"] { drawnColors.insert(fill) }
            if let stroke = attributes["stroke"] { drawnColors.insert(stroke) }
        }
        if attributes["class"] == "legend-swatch", let fill = attributes["fill"] { legendColors.append(fill) }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "title" { inTitle = false }
        if name == "text" {
            inLabel = nil
            inTick = false
            inEntry = nil
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let id = inLabel, !inTitle { promptLabels[id, default: ""] += string }
        if inTick { ticks.append(string) }
        if let id = inEntry, !inTitle { promptEntries[id]![promptEntries[id]!.count - 1] += string }
    }

    static func parse(_ svg: String) -> (SVGProbe, Bool, Error?) {
        let parser = XMLParser(data: Data(svg.utf8))
        let probe = SVGProbe()
        parser.delegate = probe
        let ok = parser.parse()
        return (probe, ok, parser.parserError)
    }
}

@Suite struct TimelineSVGTests {
    @Test func rendersValidStandaloneSVGWithALanePerSourceAndALabelPerPrompt() throws {
        var events = TimelineBuilderTests.events
        // Text that needs escaping, and a very long one that must be truncated.
        events.append(TimelineBuilderTests.prompt("prompt.queued", 171, "p-6", text: "Turn right onto <Rue> \"A&B\" l'été"))
        events.append(TimelineBuilderTests.prompt("prompt.queued", 172, "p-7", text: String(repeating: "very long words ", count: 20)))
        let report = TimelineBuilder.build(events, name: "Drive & <test>", origin: 100, end: 200)
        let svg = TimelineSVG.render(report)
        let (probe, ok, error) = SVGProbe.parse(svg)
        #expect(ok, "\(String(describing: error))")
        #expect(probe.root == "svg")
        #expect(probe.rootAttributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(probe.rootAttributes["viewBox"]?.hasPrefix("0 0 1400 ") == true)
        #expect(probe.lanes == ["fmRadio", "spokenAudio", "phoneCall", "prompts", "session"])
        #expect(Set(probe.promptLabels.keys) == Set(report.prompts.map(\.id)))
        // Each label starts with the prompt's number in the list, which holds its whole text.
        let ordered = TimelineSVG.ordered(report.prompts).map(\.id)
        for (index, id) in ordered.enumerated() { #expect(probe.promptLabels[id]?.hasPrefix("\(index + 1) ") == true, "\(id)") }
        #expect(probe.promptLabels["p-1"]?.contains("In 500 feet") == true)
        #expect(probe.promptLabels["p-6"]?.contains("\"A&B\"") == true || probe.promptLabels["p-6"]?.hasSuffix("…") == true)
        let long = try #require(probe.promptLabels["p-7"])
        #expect(long.hasSuffix("…"))
        #expect(probe.promptEntries["p-7"]?.joined(separator: " ") == String(repeating: "very long words ", count: 20).trimmingCharacters(in: .whitespaces))
        #expect((probe.promptEntries["p-7"]?.count ?? 0) >= 1)
        #expect(probe.promptEntries["p-6"]?.joined(separator: " ").hasPrefix("Turn right onto <Rue> \"A&B\" l'été") == true)
        #expect(probe.ticks.first == "0:00" && probe.ticks.contains("1:00") && probe.ticks.count <= 16)
        #expect(svg.contains("class=\"violation\""))
        #expect(svg.contains("Drive &amp; &lt;test&gt;"))
    }

    @Test func everySourceKindGetsItsLane() {
        let kinds: [SourceKind] = [.nativeNavigation, .music, .voiceAssistant, .vehicleChime, .fmRadio, .spokenAudio, .phoneCall]
        let events =
            kinds.enumerated().map { TimelineBuilderTests.source("source.started", Double($0.offset), $0.element) }
            + [EventRecord(type: "source.ducked", time: 3, client: "other-app", dB: -10)]
        let svg = TimelineSVG.render(TimelineBuilder.build(events, end: 3600))
        let (probe, ok, _) = SVGProbe.parse(svg)
        #expect(ok)
        #expect(probe.lanes == TimelineSVG.kindOrder.map(\.rawValue) + ["session:other-app", "prompts", "session"])
        #expect(probe.ticks.count <= 16 && probe.ticks.contains("10:00"))
        for title in ["Radio level", "Music", "Podcast", "Call", "Assistant", "Chime", "Car navigation"] { #expect(svg.contains(">\(title)<")) }
    }

    @Test func escapingAndTruncation() {
        #expect(SVGText.escape("a<b>&\"c'\u{1}") == "a&lt;b&gt;&amp;&quot;c&apos;")
        #expect(SVGText.truncate("In 300 meters turn left onto Hauptstraße", to: 20) == "In 300 meters turn…")
        #expect(SVGText.truncate("short", to: 20) == "short")
        #expect(SVGText.truncate("Abcdefghijklmnopqrstuvwxyz", to: 10) == "Abcdefghi…")
        #expect(SVGText.number(1.005) == "1.01" || SVGText.number(1.005) == "1")
        #expect(SVGText.number(12.5) == "12.5" && SVGText.number(3) == "3")
    }

    /// Each maneuver a guidance prompt was for is marked where the vehicle reached it, each placed
    /// prompt joined to it from its last sample, a final instruction with under 3 s left in red.
    @Test func maneuversAreMarkedAndJoinedToTheirPrompts() throws {
        let report = ManeuverLeadTests.placed([
            ManeuverLeadTests.guidance("p-1", maneuver: "turn", state: .prepare, at: 20, seconds: 3),
            ManeuverLeadTests.guidance("p-2", maneuver: "turn", state: .execute, at: 46, seconds: 2.5),  // 1.5 s left
            ManeuverLeadTests.guidance("p-3", maneuver: "arrive", state: .execute, at: 90, seconds: 2),  // 8 s left
            ManeuverLeadTests.guidance("p-4", maneuver: nil, state: nil, at: 60, seconds: 2),
        ])
        let svg = TimelineSVG.render(report)
        #expect(SVGProbe.parse(svg).1)
        let marks = svg.components(separatedBy: "class=\"maneuver\" data-maneuver=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(marks == ["turn", "arrive"])
        let joins = svg.components(separatedBy: "class=\"maneuver-join").dropFirst()
        #expect(joins.count == 3, "one per placed prompt")
        #expect(joins.filter { $0.hasPrefix(" late") }.map { $0.contains("data-prompt=\"p-2\"") } == [true], "only p-2 is late")
        // The turn's mark sits where the vehicle reached it: 50 s of the 120 s drawn.
        #expect(svg.contains("data-maneuver=\"turn\" d=\"M\(SVGText.number(Canvas(duration: report.duration).x(50))) "))
        #expect(svg.contains("final instructions 2, least 1.5 s after the last word"))
    }

    /// Every shade drawn has its own colour, and each is in the legend (`TimelineSVG.legendEntries`).
    @Test func everyShadeDrawnHasItsOwnColourInTheLegend() {
        var events = TimelineBuilderTests.events
        events.append(EventRecord(type: "source.started", time: 150, source: "voiceAssistant", kind: .voiceAssistant, activity: .listening))
        events.append(EventRecord(type: "guidance.paused", time: 160, client: "nav", reason: "locating"))
        events.append(EventRecord(type: "guidance.resumed", time: 170, client: "nav", reason: "locating"))
        let report = TimelineBuilder.build(events, name: "Palette", origin: 100, end: 200)
        let placed = ManeuverLeadTests.placed([
            ManeuverLeadTests.guidance("p-1", maneuver: "turn", state: .prepare, at: 20, seconds: 3),
            ManeuverLeadTests.guidance("p-2", maneuver: "turn", state: .execute, at: 46, seconds: 2.5),
        ])
        let colors = TimelineSVG.legendEntries.map(\.color)
        #expect(Set(colors.map { $0.lowercased() }).count == colors.count, "\(colors)")
        for svg in [TimelineSVG.render(report), TimelineSVG.render(placed)] {
            let (probe, ok, _) = SVGProbe.parse(svg)
            #expect(ok)
            #expect(probe.legendColors == colors)
            #expect(probe.drawnColors.isSubset(of: Set(colors)), "drawn but not in the legend: \(probe.drawnColors.subtracting(colors))")
        }
        #expect(SVGProbe.parse(TimelineSVG.render(report)).0.drawnColors.contains(TimelineSVG.listening), "the assistant listening is drawn")
        // The pause, 60–70 s into the drive, shaded where it was, its reason in its tip.
        let svg = TimelineSVG.render(report)
        #expect(SVGProbe.parse(svg).0.drawnColors.contains(TimelineSVG.guidancePaused), "the pause is drawn")
        #expect(svg.contains("<title>guidance paused (locating) 1:00–1:10</title>"), "\(svg)")
    }

    /// By the widths the renderer reckons with, no text runs past the canvas (the browser's own
    /// measure is in DriveTests' TimelineRenderingTests).
    @Test func textIsFittedToTheCanvas() {
        #expect(SVGText.width("Ihr Ziel", fontSize: 10) > 30)
        #expect(SVGText.width("中山路", fontSize: 10) == 30)
        let fitted = SVGText.fit("Sie haben Ihr Ziel erreicht: Hauptbahnhof", room: 60, fontSize: 10)
        #expect(fitted.hasSuffix("…") && SVGText.width(fitted, fontSize: 10) <= 60)
        let lines = SVGText.wrap("Biegen Sie rechts ab auf die Hauptstraße und dann links auf Unterdonaustraßenbrücke", room: 80, fontSize: 11)
        #expect(lines.allSatisfy { SVGText.width($0, fontSize: 11) <= 80 }, "\(lines)")
        #expect(
            lines.joined().replacingOccurrences(of: " ", with: "")
                == "Biegen Sie rechts ab auf die Hauptstraße und dann links auf Unterdonaustraßenbrücke".replacingOccurrences(of: " ", with: ""))
    }

    @Test func emptyReportStillRenders() {
        let svg = TimelineSVG.render(TimelineBuilder.build([]))
        let (probe, ok, _) = SVGProbe.parse(svg)
        #expect(ok && probe.lanes == ["prompts", "session"])
    }
}
