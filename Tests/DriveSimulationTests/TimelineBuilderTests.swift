import AudioPolicy
import Foundation
import RPC
import Testing

@testable import DriveSimulation

@Suite struct TimelineBuilderTests {
    static func source(_ type: EventType, _ time: Double, _ kind: SourceKind, dB: Double? = nil) -> EventRecord {
        EventRecord(type: type, time: time, source: kind.rawValue, kind: kind, dB: dB)
    }

    static func prompt(_ type: EventType, _ time: Double, _ id: String, text: String? = nil, style: PromptStyle? = nil, reason: String? = nil) -> EventRecord {
        EventRecord(type: type, time: time, client: "nav", prompt: id, text: text, style: style, reason: reason)
    }

    static func session(_ type: EventType, _ time: Double) -> EventRecord {
        EventRecord(type: type, time: time, client: "nav", reason: type == "session.deactivated" ? "promptFinished" : nil)
    }

    /// A drive with the radio ducked under one prompt and a podcast paused and resumed under another.
    static let events: [EventRecord] = [
        source("source.started", 100, .fmRadio),
        prompt("prompt.queued", 105, "p-1", text: "In 500 feet, turn right onto 16th Street"),
        session("session.activated", 110),
        source("source.ducked", 110, .fmRadio, dB: -12),
        prompt("prompt.started", 110.2, "p-1", text: "In 500 feet, turn right onto 16th Street", style: .normal),
        prompt("prompt.finished", 112.2, "p-1", text: "In 500 feet, turn right onto 16th Street", style: .normal),
        session("session.deactivated", 112.5),
        source("source.restored", 112.5, .fmRadio),
        source("source.ended", 120, .fmRadio),
        source("source.started", 130, .spokenAudio),
        prompt("prompt.queued", 140, "p-2", text: "Turn left"),
        session("session.activated", 141),
        source("source.paused", 141, .spokenAudio),
        prompt("prompt.started", 141.5, "p-2", text: "Turn left", style: .normal),
        prompt("prompt.finished", 142.5, "p-2", text: "Turn left", style: .normal),
        session("session.deactivated", 143),
        source("source.resumed", 143, .spokenAudio),
        prompt("prompt.queued", 150, "p-3", text: "Keep left"),
        source("source.started", 151, .phoneCall),
        source("source.paused", 151, .spokenAudio),
        prompt("prompt.started", 152, "p-3", text: "Keep left", style: .short),
        prompt("prompt.finished", 152.3, "p-3", text: "Keep left", style: .short),
        prompt("prompt.queued", 155, "p-4", text: "Continue for 5 miles"),
        prompt("prompt.expired", 158, "p-4", text: "Continue for 5 miles", reason: "its deadline passed while it waited"),
        prompt("prompt.queued", 160, "p-5", text: "Turn right"),
        prompt("prompt.skipped", 160.5, "p-5", text: "Turn right", reason: "prompt style none"),
        EventRecord(type: "audit.violation", time: 161, client: "other", reason: "active 6 s without audio", rule: "idleSession"),
        source("source.ended", 165, .phoneCall),
        source("source.resumed", 165, .spokenAudio),
        source("source.ended", 170, .spokenAudio),
    ]

    /// A prompt spoken over a podcast that plays on loses what the podcast said meanwhile; the
    /// prompt's audio counts from its start for its length, not until its end event (which comes
    /// after the restore ramp).
    @Test func aPodcastTalkedOverLosesThoseSeconds() throws {
        let events = [
            Self.source("source.started", 0, .spokenAudio),
            EventRecord(type: "prompt.started", time: 10, client: "nav", prompt: "p-1", text: "Turn left", style: .normal),
            EventRecord(type: "prompt.finished", time: 12.2, client: "nav", prompt: "p-1", text: "Turn left", style: .normal, duration: 1.5),
            Self.source("source.ended", 20, .spokenAudio),
        ]
        let report = TimelineBuilder.build(events, origin: 0)
        #expect(abs(report.summary.podcastSecondsLost - 1.5) < 1e-9)
        #expect(report.prompts[0].audioSeconds == 1.5)
    }

    /// How far each prompt stood above the bed (`prompt.started`'s aboveBed) is in its record, and the
    /// least and median of those played over a measured bed in the summary; the timeline draws them.
    @Test func eachPromptsMarginOverTheBedIsReportedAndSummed() throws {
        func events(measured: Bool) -> [EventRecord] {
            func started(_ time: Double, _ id: String, aboveBed: Double?) -> EventRecord {
                let level = EngineEvent.PromptLevelFacts(aboveBed: measured ? aboveBed : nil, speechLevel: -21)
                return EngineEvent.promptStarted(client: "nav", prompt: id, text: "Turn left", style: .normal, preRoll: nil, level: level).record(at: time)
            }
            return [
                Self.source("source.started", 0, .fmRadio),
                started(10, "p-1", aboveBed: 20.4), Self.prompt("prompt.finished", 12, "p-1", style: .normal),
                started(20, "p-2", aboveBed: nil), Self.prompt("prompt.finished", 22, "p-2", style: .normal),
                started(30, "p-3", aboveBed: 22.1), Self.prompt("prompt.finished", 32, "p-3", style: .normal),
                started(40, "p-4", aboveBed: 21), Self.prompt("prompt.finished", 42, "p-4", style: .normal),
            ]
        }
        let report = TimelineBuilder.build(events(measured: true), origin: 0)
        #expect(report.prompts.map(\.aboveBed) == [20.4, nil, 22.1, 21])
        #expect(report.prompts.allSatisfy { $0.speechLevel == -21 })
        #expect(report.summary.promptsOverBed == 3 && report.summary.minAboveBed == 20.4 && report.summary.medianAboveBed == 21)
        let svg = TimelineSVG.render(report)
        #expect(svg.contains("over the bed least 20.4 dB"))
        #expect(svg.contains("3. p-3 normal at 0:30: Turn left, 22.1 dB over the bed"))
        #expect(svg.contains("Turn left · 22.1 dB over the bed"))
        // None measured (the virtual clock): nothing is claimed.
        let unmeasured = TimelineBuilder.build(events(measured: false), origin: 0)
        #expect(unmeasured.summary.promptsOverBed == 0 && unmeasured.summary.minAboveBed == nil)
        #expect(!TimelineSVG.render(unmeasured).contains("over the bed"))
    }

    /// Issue 20's preemption: a prompt cut short by a more urgent one is in the report as
    /// interrupted, drawn for the time it sounded, counted apart, and its audio talks over a podcast.
    @Test func anInterruptedPromptIsReportedAsSuch() throws {
        let report = TimelineBuilder.build([
            Self.source("source.started", 0, .spokenAudio),
            Self.prompt("prompt.queued", 5, "p-1", text: "Continue for 9 miles"),
            Self.prompt("prompt.started", 5, "p-1", text: "Continue for 9 miles", style: .normal),
            Self.prompt("prompt.queued", 6, "p-2", text: "Turn left now"),
            Self.prompt("prompt.interrupted", 6.1, "p-1", reason: "interrupted by p-2, more urgent; queued again as p-3"),
            Self.prompt("prompt.started", 6.1, "p-2", text: "Turn left now", style: .normal),
            EventRecord(type: "prompt.finished", time: 7, client: "nav", prompt: "p-2", text: "Turn left now", style: .normal, duration: 0.9),
        ])
        let cut = try #require(report.prompts.first { $0.id == "p-1" })
        #expect(cut.result == .interrupted && cut.style == .normal && cut.sounded && !cut.played)
        #expect(cut.endedAt == 6.1 && cut.reason?.contains("queued again as p-3") == true)
        #expect(report.summary.promptsInterrupted == 1 && report.summary.promptsNormal == 1)
        // The podcast played on under both prompts (nothing paused it here): 1.1 s + 0.9 s talked over.
        #expect(abs(report.summary.podcastSecondsLost - 2.0) < 1e-9, "\(report.summary.podcastSecondsLost)")
        #expect(TimelineSVG.render(report).contains("class=\"prompt-interrupted\""))
    }

    @Test func summaryOfAHandMadeDrive() throws {
        let report = TimelineBuilder.build(Self.events, name: "test", origin: 100)
        let s = report.summary
        #expect(s.promptsQueued == 5)
        #expect(s.promptsNormal == 2 && s.promptsShort == 1 && s.promptsSkipped == 1 && s.promptsExpired == 1)
        #expect(abs(s.totalDuckedSeconds - 2.5) < 1e-9)
        #expect(s.podcastSecondsLost == 0)
        #expect(s.activations == 2)
        // Window 1: 2.5 s active, 2 s of audio; window 2: 2 s active, 1 s of audio.
        #expect(abs(report.activations[0].overhang - 0.5) < 1e-9 && abs(report.activations[1].overhang - 1) < 1e-9)
        #expect(abs(s.meanActivationOverhang - 0.75) < 1e-9 && abs(s.maxActivationOverhang - 1) < 1e-9)
        #expect(s.violations == 1 && s.violationsByRule == ["idleSession": 1])
        #expect(report.duration == 70)
        let radio = try #require(report.sources.first { $0.kind == .fmRadio })
        #expect(radio.segments.map(\.state) == [.playing, .ducked, .playing])
        #expect(radio.segments[1].dB == -12 && radio.segments[1].start == 10 && radio.segments[1].end == 12.5)
        let podcast = try #require(report.sources.first { $0.kind == .spokenAudio })
        #expect(podcast.segments.map(\.state) == [.playing, .paused, .playing, .paused, .playing])
        #expect(podcast.seconds(in: .paused) == 2 + 14)  // under p-2, then through the call
        #expect(report.prompts.map(\.result) == [.finished, .finished, .finished, .expired, .skipped])
        #expect(report.prompts[3].reason == "its deadline passed while it waited" && report.prompts[3].style == nil)
        #expect(report.audit == [AuditRecord(time: 61, client: "other", rule: "idleSession", detail: "active 6 s without audio")])
    }

    @Test func duckedOrStoppedSpokenAudioIsLost() {
        let report = TimelineBuilder.build(
            [
                Self.source("source.started", 0, .spokenAudio),
                Self.source("source.ducked", 10, .spokenAudio, dB: -15),
                Self.source("source.restored", 13, .spokenAudio),
                Self.source("source.stopped", 20, .spokenAudio),
                Self.source("source.started", 24, .spokenAudio),
            ], end: 30)
        #expect(report.summary.podcastSecondsLost == 7)
        #expect(report.sources[0].segments.last == SourceTrack.Segment(start: 24, end: 30, state: .playing, dB: 0, activity: nil))
    }

    @Test func overlappingDucksCountOnceAndOpenThingsEndAtTheReportEnd() {
        let report = TimelineBuilder.build(
            [
                Self.source("source.started", 0, .fmRadio), Self.source("source.started", 0, .music),
                Self.session("session.activated", 1),
                Self.source("source.ducked", 1, .fmRadio, dB: -10), Self.source("source.ducked", 2, .music, dB: -10),
                Self.source("source.restored", 4, .fmRadio), Self.source("source.restored", 5, .music),
            ], end: 8)
        #expect(report.summary.totalDuckedSeconds == 4)
        #expect(report.activations == [ActivationRecord(client: "nav", start: 1, end: 8, reason: nil, promptSeconds: 0, overhang: 7)])
        #expect(report.summary.maxActivationOverhang == 7)
    }

    @Test func engineEventJSONDecodesAndTheReportRoundTrips() throws {
        let line = #"{"type":"source.ducked","time":12.5,"source":"fmRadio","kind":"fmRadio","dB":-12}"#
        let event = try JSONDecoder().decode(EventRecord.self, from: Data(line.utf8))
        #expect(event == Self.source("source.ducked", 12.5, .fmRadio, dB: -12))
        let report = TimelineBuilder.build(Self.events, origin: 100)
        let json = try JSONEncoder().encode(report)
        #expect(try JSONDecoder().decode(TimelineReport.self, from: json) == report)
    }

    /// A refused prompt never had an id: it is reported all the same, with the reason, counted, listed
    /// where an expectation on the count fails, and drawn in a colour of its own.
    @Test func aRefusedPromptIsReportedWithItsReason() throws {
        let report = TimelineBuilder.build([
            Self.prompt("prompt.queued", 5, "p-1", text: "Turn left now"),
            EventRecord(type: "prompt.refused", time: 6, client: "nav", text: "Speed camera ahead", reason: "the queue is full"),
            EventRecord(type: "prompt.refused", time: 8, client: "nav", text: "Slow down", reason: "the sound server is away"),
            Self.prompt("prompt.started", 9, "p-1", text: "Turn left now", style: .normal),
            Self.prompt("prompt.finished", 10, "p-1", text: "Turn left now", style: .normal),
        ])
        let refused = report.prompts.filter { $0.result == .refused }
        #expect(refused.map(\.id) == ["refused-1", "refused-2"] && refused.map(\.text) == ["Speed camera ahead", "Slow down"])
        #expect(refused.map(\.endedAt) == [6, 8] && refused.first?.reason == "the queue is full" && refused.allSatisfy { !$0.played && $0.queuedAt == nil })
        #expect(report.summary.promptsRefused == 2 && report.summary.promptsQueued == 1 && report.summary.promptsNormal == 1)
        #expect(SummaryMetric.promptsRefused.value(in: report.summary) == 2)
        #expect(DriveExpectations.examples(of: .promptsRefused, in: report).contains("\"Speed camera ahead\" at 0:06 (the queue is full)"))
        #expect(TimelineSVG.render(report).contains(TimelineSVG.promptColors["refused"]!))
    }

    @Test func unknownEventsAndEventsWithoutIdsAreIgnored() throws {
        // A newer daemon's event type does not decode: `voxnav drive` skips it.
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(EventRecord.self, from: Data(#"{"type":"something.else","time":1}"#.utf8)) }
        let report = TimelineBuilder.build([
            EventRecord(type: "prompt.started", time: 2),
            EventRecord(type: "source.ducked", time: 3), EventRecord(type: "session.deactivated", time: 4, client: "nav"),
        ])
        #expect(report.prompts.isEmpty && report.sources.isEmpty && report.activations.isEmpty)
        #expect(report.duration == 4)
    }
}

/// Event types written as on the wire, in these tests only.
extension EventType: ExpressibleByStringLiteral {
    public init(stringLiteral name: String) {
        guard let type = EventType(rawValue: name) else { preconditionFailure("no event type \(name)") }
        self = type
    }
}
