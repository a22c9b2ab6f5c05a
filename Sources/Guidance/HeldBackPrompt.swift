/// The guidance prompt a driver did not hear because something held it back for a while (a call,
/// the voice assistant): only the latest is remembered, so that when the blocker ends exactly one
/// prompt says the maneuver still ahead as it is then, never a backlog of what was missed. Pure.
///
/// What is said is a repeat's plan (`RepeatPlan`): the first maneuver still ahead of the last
/// update, at the distance the vehicle has now, in the state that distance belongs to. A maneuver
/// passed meanwhile is never said; the verbosity's rule for that state and speed still holds
/// (`Verbosity.says`).
public struct HeldBackPrompt: Sendable, Hashable {
    /// The latest prompt held back: the maneuver it was for (nil when unknown) and when.
    public struct Held: Sendable, Hashable {
        public var maneuverID: String?
        public var time: Double
    }

    public private(set) var held: Held?

    public init() {}

    /// A guidance prompt was held back at `time`: it replaces any earlier one.
    public mutating func holdBack(maneuverID: String?, at time: Double) {
        held = Held(maneuverID: maneuverID, time: time)
    }

    /// A guidance prompt was heard in full: nothing is owed any more.
    public mutating func heard() { held = nil }

    /// The route the held-back prompt was for is gone (a reroute).
    public mutating func forget() { held = nil }

    /// The blocker has ended at `time`: the one prompt to say now, if any; the held-back prompt is
    /// forgotten whatever the answer, so a second call says nothing. Nil when nothing was held back,
    /// no maneuver is still ahead (`RepeatPlan.make`), the verbosity does not say that state at
    /// that speed, or an early state's words (`speaking`: their seconds) would still play when the
    /// maneuver's "turn now" can last be said with its lead time: then the announcer says that, in
    /// its time, and nothing before.
    public mutating func release(
        last: RouteProgress?, at time: Double, configuration: AnnouncerConfiguration, speaking: ((RepeatPlan) -> Double)? = nil
    ) -> RepeatPlan? {
        guard held != nil else { return nil }
        held = nil
        guard let last, let plan = RepeatPlan.make(from: last, at: time, configuration: configuration) else { return nil }
        let speed = last.speed.isFinite ? max(last.speed, 0) : 0
        guard configuration.verbosity.says(plan.state, speed: speed, profile: configuration.profile) else { return nil }
        if plan.state != .execute, let speaking {
            let thresholds = AnnouncerThresholds(
                profile: configuration.profile, speed: speed, updateInterval: configuration.assumedUpdateInterval,
                outputLatency: configuration.longestOutputLatency)
            let endsInTime = Announcer.ends(
                speaking: speaking(plan), heard: plan.distance, thresholds, configuration: configuration, towardsFinal: true
            ) {
                $0.end(of: .execute)
            }
            guard endsInTime else { return nil }
        }
        return plan
    }
}
