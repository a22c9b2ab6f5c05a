import AudioPolicy
import Guidance
import RPC

extension GuidanceSessions {
    /// A guidance prompt to queue, for the session `speech` names.
    public struct Planned {
        public let client: ClientID
        public let speech: GuidanceSession.Speech
        public let prompt: GuidancePrompt
    }

    /// Whether a guidance holds an instruction back: an input that lets the moment go says it.
    public var holdsBack: Bool { sessions.values.contains { $0.heldBack.held != nil } }

    /// For each guidance whose latest instruction the moment held back and whose instructions are
    /// spoken again now (`speaksInstructions`: the call or the assistant has ended): exactly one
    /// prompt, the maneuver still ahead as it is now (`HeldBackPrompt.release`); nothing for one
    /// already passed. The announcer is told it is said, and keeps its gap after it.
    public mutating func releaseHeldBack(now: Double, speaksInstructions: (ClientID) -> Bool) -> [Planned] {
        var planned: [Planned] = []
        for client in clients {
            guard var session = sessions[client], session.heldBack.held != nil, speaksInstructions(client) else { continue }
            let at = session.movedOn(to: now)
            let speaker = session.speaker
            let plan = session.heldBack.release(
                last: session.lastProgress, at: at, configuration: session.announcer.configuration,
                speaking: { [session] in GuidancePrompt($0, by: speaker).map(session.speakingTime(of:)) ?? session.speakingTime(of: "") })
            if let plan, let prompt = GuidancePrompt(plan, by: speaker) {
                session.announcer.said(plan.state, of: plan.maneuverID, at: at, for: session.speakingTime(of: prompt))
                planned.append(Planned(client: client, speech: session.speech, prompt: prompt))
            }
            sessions[client] = session
        }
        return planned
    }

    /// What a driver's request for a repeat decides.
    public enum Repeat {
        /// Said: the prompt, and the limiter's last repeat before it (restored if it cannot be queued).
        case say(Planned, previous: Double?)
        case refused(GuidanceRepeat.Result)
    }

    /// A driver asks to hear the next maneuver again: its prompt at the distance the vehicle has at
    /// `time` (the client's clock; without it, the last update's time plus the seconds since it came),
    /// at most one per `RepeatLimiter.standardWindow` seconds. The announcer is not told: its own
    /// prompts still come when due, so a repeat can never cost the driver a "turn now".
    public mutating func repeatNext(_ client: ClientID, time: Double?, now: Double) throws(GuidanceError) -> Repeat {
        var session = try session(of: client)
        if let paused = session.paused { return .refused(.init(repeated: false, reason: Self.nothingWhilePaused(paused))) }
        let at = time ?? session.movedOn(to: now)
        if let wait = session.repeats.wait(at: at) {
            let window = Int(RepeatLimiter.standardWindow)
            return .refused(
                .init(repeated: false, reason: "a repeat was said less than \(window) s ago; at most one per \(window) s", retryAfter: wait))
        }
        guard let last = session.lastProgress,
            let plan = RepeatPlan.make(from: last, at: at, configuration: session.announcer.configuration),
            let prompt = GuidancePrompt(plan, key: Self.repeatKey, by: session.speaker)
        else {
            return .refused(
                .init(repeated: false, reason: "no maneuver ahead: no guidance.update since the start or the last reroute lists one still ahead"))
        }
        let previous = session.repeats.lastRepeat
        session.repeats.record(at: at)
        store(session, for: client)
        return .say(Planned(client: client, speech: session.speech, prompt: prompt), previous: previous)
    }

    /// A repeat that could not be queued does not count against the limit.
    public mutating func repeatNotSaid(_ planned: Planned, previous: Double?) {
        change(planned.client, of: planned.speech) { $0.repeats.restore(previous) }
    }

    /// What a driver's request for the estimates decides.
    public enum Estimates {
        /// Said: its wordings (the first is the one reported) and the estimates moved on to now.
        case say(speech: GuidanceSession.Speech, wordings: [String], trip: TripEstimates)
        case refused(String)
    }

    /// The driver asks when they will arrive: the trip's last estimates, moved on to `time` (the
    /// client's clock) or `now` at the speed reported with them, in the guidance's language. Nothing
    /// while guidance is paused, or before a report carried `trip`.
    public func estimates(_ client: ClientID, time: Double?, now: Double) throws(GuidanceError) -> Estimates {
        let session = try session(of: client)
        if let paused = session.paused { return .refused(Self.nothingWhilePaused(paused)) }
        guard let trip = session.trip else { return .refused("no trip estimates: no guidance.update of this guidance has carried 'trip'") }
        let elapsed = time.map { $0 - trip.reportedAt } ?? (now - trip.receivedAt)
        let estimate = trip.estimate.movedOn(by: elapsed, speed: trip.speed)
        return .say(
            speech: session.speech, wordings: session.composer.estimateWordings(estimate),
            trip: TripEstimates(estimate, arrivalDerived: trip.arrivalDerived))
    }
}

extension GuidanceSession {
    /// The client's clock at `now` on the engine's: the last update's time plus the seconds since it came.
    func movedOn(to now: Double) -> Double {
        lastProgress.map { $0.time + max(0, now - lastProgressReceived) } ?? now
    }
}
