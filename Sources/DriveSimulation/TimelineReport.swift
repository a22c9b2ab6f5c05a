import AudioPolicy
import Guidance

/// Everything that happened on a drive, as a timeline: the JSON report of `voxnav drive`.
/// Times are seconds since the drive started.
public struct TimelineReport: Codable, Sendable, Equatable {
    public var name: String?
    /// Seconds; the report covers 0…duration.
    public var duration: Double
    public var prompts: [PromptRecord]
    public var activations: [ActivationRecord]
    /// One per source (and per other client's session the policy ducked or interrupted), in order of appearance.
    public var sources: [SourceTrack]
    public var interruptions: [InterruptionRecord]
    public var audit: [AuditRecord]
    /// Each time a client's guidance ended (the car's own navigation taking over ends it for every client).
    public var guidanceEnds: [GuidanceEndRecord]
    /// Each time a client's guidance was paused (`guidance.pause`), and when it resumed.
    public var guidancePauses: [GuidancePauseRecord]
    /// The trip's estimates as the daemon kept them (`guidance.update`'s `trip`), from the updates
    /// sent, at most one a minute unless the arrival changed: the arrival over the drive.
    public var tripEstimates: [TripEstimateRecord] = []
    public var summary: TimelineSummary
}

/// The trip's estimates at one moment of a drive.
public struct TripEstimateRecord: Codable, Sendable, Equatable {
    public var time: Double
    /// Meters and seconds to the destination.
    public var distance: Double
    public var timeToGo: Double
    /// ISO 8601 on the driver's clock.
    public var arrival: String
    /// True when the daemon worked the arrival out (the scenario gave no `departure`).
    public var arrivalDerived: Bool

    public init(time: Double, distance: Double, timeToGo: Double, arrival: String, arrivalDerived: Bool) {
        self.time = time
        self.distance = distance
        self.timeToGo = timeToGo
        self.arrival = arrival
        self.arrivalDerived = arrivalDerived
    }

    /// The arrival on the driver's clock, to the minute: "08:21".
    public var arrivalClock: String {
        LocalTime(iso8601: arrival)?.hourMinute ?? arrival
    }
}

/// One prompt, from its request to its end.
public struct PromptRecord: Codable, Sendable, Equatable {
    public enum Result: String, Codable, Sendable, CaseIterable {
        case finished, shortened, skipped, expired
        /// Cut short by a more urgent prompt (the policy's preemption; it may be queued again under a new
        /// id), or by the policy when its verdict went quieter while it played (`cut` names the rule).
        case interrupted
        /// Still queued or playing when the report was made.
        case pending
        /// Refused before it was queued (a full queue, the server away, a text too long); `reason`
        /// says why, `endedAt` when. Its id is the report's own (`refused-1`): a refusal has none.
        case refused
    }

    public var id: String
    public var client: String?
    /// What was said (the started text when it played, else the requested one).
    public var text: String
    /// How it sounded; nil when it did not play.
    public var style: PromptStyle?
    public var priority: String?
    public var result: Result
    public var queuedAt: Double?
    public var startedAt: Double?
    public var endedAt: Double?
    /// Seconds of audio it played (finished or shortened), its pre-roll included.
    public var audioSeconds: Double?
    /// Seconds of silence before its first word (the output had been idle; the policy's `outputs:`).
    public var preRoll: Double?
    /// prompt.started: its speech level as played (dBFS), and how far it stood above the bed under it
    /// (dB), where something played under it and the bed was measured before it (the real clock;
    /// seldom the compressed one, whose silences between prompts are skipped).
    public var speechLevel: Double?
    public var aboveBed: Double?
    public var reason: String?
    /// The policy's rule that cut it while it played (`assistantListening`, `call`, …); nil otherwise.
    public var cut: String?
    /// For a guidance instruction: the maneuver it is for (its id in the route) and the state it
    /// announces (`execute` is the final instruction).
    public var maneuver: String?
    public var state: ManeuverState?
    /// How far ahead of that maneuver its first and last samples were heard (set by `placed(on:)`).
    public var lead: ManeuverLead?

    /// True when it made a sound (finished or shortened).
    public var played: Bool { startedAt != nil && (result == .finished || result == .shortened) }
    /// Some of it reached the car: it played, or began and was interrupted.
    public var sounded: Bool { played || (startedAt != nil && result == .interrupted) }
    /// The final instruction for its maneuver ("turn right now …"), heard to its end.
    public var isFinalInstruction: Bool { state == .execute && played }

    /// When its audio was heard: from the start for its audio's length (the end event comes after the
    /// restore ramp), else until its end.
    public var audioInterval: (start: Double, end: Double)? {
        guard let start = startedAt else { return nil }
        if let audioSeconds { return (start, start + audioSeconds) }
        return endedAt.map { (start, $0) }
    }
}

/// A voice-prompt session active from `start` to `end`.
public struct ActivationRecord: Codable, Sendable, Equatable {
    public var client: String
    public var start: Double
    public var end: Double
    /// Why it ended (the engine's deactivation reason); nil when still active at the end of the report.
    public var reason: String?
    /// Seconds of prompt audio inside the window.
    public var promptSeconds: Double
    /// Active without audio: `end − start − promptSeconds`.
    public var overhang: Double
}

/// What a source did over time.
public struct SourceTrack: Codable, Sendable, Equatable {
    public enum State: String, Codable, Sendable, CaseIterable {
        case playing, ducked, paused, stopped
    }

    public struct Segment: Codable, Sendable, Equatable {
        public var start: Double
        public var end: Double
        public var state: State
        /// Level relative to the source's own volume: 0 playing, < 0 ducked, nil when silent.
        public var dB: Double?
        public var activity: SourceActivity?

        public var duration: Double { end - start }
    }

    /// The daemon's source id ("fmRadio", "spokenAudio", a stream's id), or "session:<client>".
    public var id: String
    public var kind: SourceKind?
    public var segments: [Segment]

    public func seconds(in state: State) -> Double {
        segments.filter { $0.state == state }.reduce(0) { $0 + $1.duration }
    }
}

/// Another client's session interrupted by the policy.
public struct InterruptionRecord: Codable, Sendable, Equatable {
    public var client: String
    public var began: Double
    public var ended: Double?
    public var shouldResume: Bool?
}

/// A guideline violation the engine recorded.
public struct AuditRecord: Codable, Sendable, Equatable {
    public var time: Double
    public var client: String?
    public var rule: String
    public var detail: String?
}

/// A client's guidance ended (`guidance.ended`): it asked, it arrived, it went, or the car's own navigation took over.
public struct GuidanceEndRecord: Codable, Sendable, Equatable {
    public var time: Double
    public var client: String?
    /// `clientRequest`, `finished`, `cancelled`, `arrived`, `disconnected`, `nativeNavigation` or `restarted`.
    public var reason: String
}

/// A client's guidance paused (`guidance.paused`) and, once it went on, resumed (`guidance.resumed`).
public struct GuidancePauseRecord: Codable, Sendable, Equatable {
    public var began: Double
    public var ended: Double?
    public var client: String?
    /// `loading`, `locating`, `rerouting`, `proceedToRoute` or `arrived`.
    public var reason: String

    public init(began: Double, ended: Double? = nil, client: String?, reason: String) {
        self.began = began
        self.ended = ended
        self.client = client
        self.reason = reason
    }
}
