import AudioPolicy
import Guidance
import RPC

extension VoxNavEngine {
    /// A driver asks to hear the next maneuver again: its prompt now, at the distance the vehicle
    /// has now (`RepeatPlan`: the last update's distance moved on at its speed), as a guidance prompt
    /// (the prompt style decides how it sounds). At most one per `RepeatLimiter.standardWindow`
    /// seconds; a refused repeat changes nothing. The announcer is not told: its own prompts still
    /// come when due, so a repeat can never cost the driver a "turn now".
    ///
    /// `time` is the client's clock, as in `guidance.update`; without it the repeat is at the last
    /// update's time plus the seconds since it arrived on the engine's clock.
    public func repeatGuidance(client: ClientID, time: Double?) async throws -> GuidanceRepeat.Result {
        guard var session = guidance[client] else { throw noGuidance(client) }
        guard serverAvailable else { throw EngineError.serverUnavailable }
        if let paused = session.paused {
            return .init(repeated: false, reason: Self.nothingWhilePaused(paused))
        }
        let at =
            time ?? session.lastProgress.map { $0.time + max(0, now() - session.lastProgressReceived) } ?? now()
        if let wait = session.repeats.wait(at: at) {
            let window = Int(RepeatLimiter.standardWindow)
            return .init(
                repeated: false, reason: "a repeat was said less than \(window) s ago; at most one per \(window) s",
                retryAfter: wait)
        }
        guard let last = session.lastProgress,
            let plan = RepeatPlan.make(from: last, at: at, configuration: session.announcer.configuration),
            let prompt = GuidancePrompt(plan, key: Self.repeatKey, by: session.speaker)
        else {
            return .init(repeated: false, reason: "no maneuver ahead: no guidance.update since the start or the last reroute lists one still ahead")
        }
        let previous = session.repeats.lastRepeat
        session.repeats.record(at: at)
        guidance[client] = session
        do {
            let ticket = try await queueGuidancePrompt(prompt, client: client, session: session)
            guard let ticket else { return .init(repeated: false, reason: "guidance ended while the repeat was being queued") }
            return .init(repeated: true, prompt: ticket.id.rawValue, planned: PlannedPrompt(prompt))
        } catch {
            // Not said: it does not count against the limit.
            if guidance[client]?.id == session.id { guidance[client]?.repeats.restore(previous) }
            return .init(repeated: false, reason: "not queued: \(error)")
        }
    }

    /// The key of a repeat's prompt: a newer repeat replaces one still waiting.
    static let repeatKey = "guidance.repeat"
}
