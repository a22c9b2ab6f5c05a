import AudioPolicy
import RPC

/// Folds daemon events into a `TimelineReport`. Pure: feed events in order with `add`, then ask
/// for `report(end:)` (any number of times). Times become seconds since `origin`.
public struct TimelineBuilder: Sendable {
    public var name: String?
    /// The daemon-clock time at which the drive started.
    public var origin: Double

    private var prompts: [PromptRecord] = []
    private var promptIndex: [String: Int] = [:]
    private var activations: [ActivationRecord] = []
    private var openActivations: [String: Int] = [:]
    private var tracks: [SourceTrack] = []
    private var trackIndex: [String: Int] = [:]
    /// The state each track is in now (its open segment), by track index.
    private var open: [Int: SourceTrack.Segment] = [:]
    private var interruptions: [InterruptionRecord] = []
    private var audit: [AuditRecord] = []
    private var guidanceEnds: [GuidanceEndRecord] = []
    private var guidancePauses: [GuidancePauseRecord] = []
    private var refusals = 0
    private var latest = 0.0

    public init(name: String? = nil, origin: Double = 0) {
        self.name = name
        self.origin = origin
    }

    /// Builds a report from a whole event list.
    public static func build(_ events: [EventRecord], name: String? = nil, origin: Double = 0, end: Double? = nil) -> TimelineReport {
        var builder = TimelineBuilder(name: name, origin: origin)
        for event in events { builder.add(event) }
        return builder.report(end: end)
    }

    public mutating func add(_ event: EventRecord) {
        let time = event.time - origin
        latest = max(latest, time)
        switch event.type {
        case .promptQueued, .promptStarted, .promptFinished, .promptShortened, .promptSkipped, .promptExpired, .promptInterrupted:
            addPrompt(event, at: time)
        case .promptRefused:
            // Never queued, so never named: the report gives it an id of its own.
            refusals += 1
            var refused = PromptRecord(id: "refused-\(refusals)", client: event.client, text: event.text ?? "", result: .refused)
            refused.priority = event.priority?.rawValue
            refused.endedAt = time
            refused.reason = event.reason
            prompts.append(refused)
        case .sessionActivated:
            guard let client = event.client, openActivations[client] == nil else { return }
            openActivations[client] = activations.count
            activations.append(ActivationRecord(client: client, start: time, end: time, reason: nil, promptSeconds: 0, overhang: 0))
        case .sessionDeactivated:
            guard let client = event.client, let index = openActivations.removeValue(forKey: client) else { return }
            activations[index].end = time
            activations[index].reason = event.reason ?? "deactivated"
        case .sourceStarted:
            setState(event, .playing, dB: 0, at: time)
        case .sourceChanged:
            // A new activity (the assistant from listening to speaking) in whatever state it is.
            guard let index = track(for: event) else { return }
            setState(event, open[index]?.state ?? .playing, dB: open[index].map { $0.dB } ?? 0, at: time)
        case .sourceDucked:
            setState(event, .ducked, dB: event.dB ?? 0, at: time)
        case .sourceRestored, .sourceResumed:
            setState(event, .playing, dB: 0, at: time)
        case .sourcePaused:
            setState(event, .paused, dB: nil, at: time)
        case .sourceStopped:
            setState(event, .stopped, dB: nil, at: time)
        case .sourceEnded:
            endTrack(event, at: time)
        case .interruptionBegan:
            guard let client = event.client else { return }
            interruptions.append(InterruptionRecord(client: client, began: time))
        case .interruptionEnded:
            guard let client = event.client,
                let index = interruptions.lastIndex(where: { $0.client == client && $0.ended == nil })
            else { return }
            interruptions[index].ended = time
            interruptions[index].shouldResume = event.shouldResume
        case .auditViolation:
            audit.append(AuditRecord(time: time, client: event.client, rule: event.rule ?? "unknown", detail: event.reason))
        case .guidanceEnded:
            guidanceEnds.append(GuidanceEndRecord(time: time, client: event.client, reason: event.reason ?? "unknown"))
            endPause(of: event.client, at: time)
        case .guidancePaused:
            // A pause while paused changes the reason: the one before ends there.
            endPause(of: event.client, at: time)
            guidancePauses.append(GuidancePauseRecord(began: time, client: event.client, reason: event.reason ?? "unknown"))
        case .guidanceResumed:
            endPause(of: event.client, at: time)
        default:
            break
        }
    }

    private mutating func endPause(of client: String?, at time: Double) {
        guard let index = guidancePauses.lastIndex(where: { $0.client == client && $0.ended == nil }) else { return }
        guidancePauses[index].ended = time
    }

    private mutating func addPrompt(_ event: EventRecord, at time: Double) {
        guard let id = event.prompt else { return }
        let index: Int
        if let known = promptIndex[id] {
            index = known
        } else {
            index = prompts.count
            promptIndex[id] = index
            prompts.append(PromptRecord(id: id, client: event.client, text: event.text ?? "", result: .pending))
        }
        var prompt = prompts[index]
        prompt.client = prompt.client ?? event.client
        switch event.type {
        case .promptQueued:
            prompt.queuedAt = time
            prompt.priority = event.priority?.rawValue
            prompt.maneuver = event.maneuver ?? prompt.maneuver
            prompt.state = event.state ?? prompt.state
            if let text = event.text { prompt.text = text }
        case .promptStarted:
            prompt.startedAt = time
            prompt.preRoll = event.preRoll
            prompt.speechLevel = event.speechLevel
            prompt.aboveBed = event.aboveBed
            prompt.style = event.style
            if let text = event.text { prompt.text = text }
        default:
            prompt.result = PromptRecord.Result(rawValue: String(event.type.rawValue.dropFirst("prompt.".count))) ?? .pending
            prompt.endedAt = time
            prompt.reason = event.reason
            prompt.cut = event.cut?.rawValue
            prompt.audioSeconds = event.duration
            if prompt.result == .finished || prompt.result == .shortened || (prompt.result == .interrupted && prompt.startedAt != nil) {
                prompt.style = event.style ?? prompt.style
            } else {
                prompt.style = nil
            }
            if prompt.text.isEmpty, let text = event.text { prompt.text = text }
        }
        prompts[index] = prompt
    }

    private mutating func track(for event: EventRecord) -> Int? {
        guard let id = event.source ?? event.client.map({ "session:\($0)" }) else { return nil }
        if let index = trackIndex[id] {
            if tracks[index].kind == nil { tracks[index].kind = event.kind }
            return index
        }
        trackIndex[id] = tracks.count
        tracks.append(SourceTrack(id: id, kind: event.kind, segments: []))
        return tracks.count - 1
    }

    private mutating func setState(_ event: EventRecord, _ state: SourceTrack.State, dB: Double?, at time: Double) {
        guard let index = track(for: event) else { return }
        let activity = event.activity ?? open[index]?.activity
        close(index, at: time)
        open[index] = SourceTrack.Segment(start: time, end: time, state: state, dB: dB, activity: activity)
    }

    private mutating func endTrack(_ event: EventRecord, at time: Double) {
        guard let index = track(for: event) else { return }
        close(index, at: time)
    }

    /// Ends the open segment of a track at `time` (segments of no length are dropped).
    private mutating func close(_ index: Int, at time: Double) {
        guard var segment = open.removeValue(forKey: index) else { return }
        segment.end = time
        if segment.end > segment.start { tracks[index].segments.append(segment) }
    }

    /// The report as of now; open segments, windows and prompts are cut at `end` (default: the last event).
    public func report(end: Double? = nil) -> TimelineReport {
        let end = max(end ?? latest, latest)
        var builder = self
        for index in builder.open.keys.sorted() { builder.close(index, at: end) }
        var activations = builder.activations
        for index in builder.openActivations.values { activations[index].end = end }
        for index in activations.indices {
            let window = activations[index]
            let audio = builder.prompts.filter { $0.played && $0.client == window.client }.map { prompt -> (Double, Double) in
                prompt.audioInterval ?? (prompt.startedAt ?? end, end)
            }
            let seconds = Intervals.union(audio, clippedTo: (window.start, window.end))
            activations[index].promptSeconds = seconds
            activations[index].overhang = max(0, window.end - window.start - seconds)
        }
        let summary = Self.summary(prompts: builder.prompts, activations: activations, tracks: builder.tracks, audit: builder.audit)
        return TimelineReport(
            name: name, duration: end, prompts: builder.prompts, activations: activations, sources: builder.tracks,
            interruptions: builder.interruptions, audit: builder.audit, guidanceEnds: builder.guidanceEnds,
            guidancePauses: builder.guidancePauses, summary: summary)
    }

    static func summary(prompts: [PromptRecord], activations: [ActivationRecord], tracks: [SourceTrack], audit: [AuditRecord])
        -> TimelineSummary
    {
        let played = prompts.filter(\.played)
        let sounded = prompts.filter(\.sounded)
        let ducked = tracks.flatMap { $0.segments.filter { $0.state == .ducked }.map { ($0.start, $0.end) } }
        let spoken = tracks.filter { $0.kind == .spokenAudio }
        let overhangs = activations.map(\.overhang)
        let margins = played.compactMap(\.aboveBed).sorted()
        return TimelineSummary(
            promptsQueued: prompts.filter { $0.queuedAt != nil }.count,
            promptsNormal: played.filter { $0.style == .normal }.count,
            promptsShort: played.filter { $0.style == .short }.count,
            promptsShortened: played.filter { $0.result == .shortened }.count,
            promptsSkipped: prompts.filter { $0.result == .skipped }.count,
            promptsExpired: prompts.filter { $0.result == .expired }.count,
            promptsInterrupted: prompts.filter { $0.result == .interrupted }.count,
            promptsCut: prompts.filter { $0.cut != nil }.count,
            promptsRefused: prompts.filter { $0.result == .refused }.count,
            totalDuckedSeconds: Intervals.union(ducked),
            activations: activations.count,
            meanActivationOverhang: overhangs.isEmpty ? 0 : overhangs.reduce(0, +) / Double(overhangs.count),
            maxActivationOverhang: overhangs.max() ?? 0,
            podcastSecondsLost: spoken.reduce(0) { $0 + $1.seconds(in: .ducked) + $1.seconds(in: .stopped) + talkedOver($1, by: sounded) },
            violations: audit.count,
            violationsByRule: audit.reduce(into: [:]) { $0[$1.rule, default: 0] += 1 },
            promptsOverBed: margins.count, minAboveBed: margins.first, medianAboveBed: TimelineSummary.median(margins))
    }
}

/// Seconds a spoken-audio source played on while a prompt spoke over it (it should have been paused).
private func talkedOver(_ track: SourceTrack, by prompts: [PromptRecord]) -> Double {
    let speech = prompts.compactMap { $0.audioInterval }.map { ($0.start, $0.end) }
    return track.segments.filter { $0.state == .playing }.reduce(0) { total, segment in
        total + Intervals.union(speech, clippedTo: (segment.start, segment.end))
    }
}

/// Lengths of unions of time intervals.
enum Intervals {
    /// Total seconds covered by `intervals` (overlaps counted once), optionally clipped to a window.
    static func union(_ intervals: [(Double, Double)], clippedTo window: (Double, Double)? = nil) -> Double {
        let clipped = intervals.compactMap { start, end -> (Double, Double)? in
            let s = window.map { max(start, $0.0) } ?? start
            let e = window.map { min(end, $0.1) } ?? end
            return e > s ? (s, e) : nil
        }.sorted { $0.0 < $1.0 }
        var total = 0.0
        var current: (Double, Double)?
        for interval in clipped {
            if let c = current, interval.0 <= c.1 {
                current = (c.0, max(c.1, interval.1))
            } else {
                if let c = current { total += c.1 - c.0 }
                current = interval
            }
        }
        if let c = current { total += c.1 - c.0 }
        return total
    }
}
