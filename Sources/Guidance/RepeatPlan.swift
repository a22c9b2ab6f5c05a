/// What a repeat says (`guidance.repeat`): the next maneuver still ahead, at the distance the
/// vehicle has now, worded in the state that distance belongs to. Pure.
///
/// The distance is the last update's, moved on at that update's speed for the time since it
/// (dead reckoning, as the announcer assumes between updates), minus what the vehicle covers
/// during the output latency: the distance when the words are heard, as every prompt says.
public struct RepeatPlan: Sendable, Equatable {
    public var maneuverID: String
    public var state: ManeuverState
    /// The state whose words say it: the final instruction more than `Announcer.nowWithin` seconds
    /// ahead is said with its distance, without "now" (`Announcer.wording`).
    public var wording: ManeuverState
    /// Meters, as heard.
    public var distance: Double

    public init(maneuverID: String, state: ManeuverState, distance: Double, wording: ManeuverState? = nil) {
        self.maneuverID = maneuverID
        self.state = state
        self.wording = wording ?? state
        self.distance = distance
    }

    /// The plan for a repeat at `time` from the last update `last`; nil when no maneuver is still
    /// ahead (all passed by then, or none listed). A time before the update counts as the update's
    /// own time (no distance is added back); a speed that is negative or not finite counts as 0.
    public static func make(from last: RouteProgress, at time: Double, configuration: AnnouncerConfiguration) -> RepeatPlan? {
        let speed = last.speed.isFinite ? max(last.speed, 0) : 0
        let elapsed = time.isFinite ? max(0, time - last.time) : 0
        // A repeat comes on demand, mostly after a silence: counted with the pre-roll.
        let travelled = speed * (elapsed + max(configuration.longestOutputLatency, 0))
        guard
            let next = last.maneuvers.first(where: { $0.distance.isFinite && $0.distance - travelled > 0 })
        else { return nil }
        let heard = next.distance - travelled
        let thresholds = AnnouncerThresholds(
            profile: configuration.profile, speed: speed, updateInterval: configuration.assumedUpdateInterval,
            outputLatency: configuration.longestOutputLatency)
        let state = state(heard: heard, thresholds)
        let wording = Announcer.wording(of: state, timeToGo: thresholds.timeToGo(heard), departure: next.isDeparture)
        return RepeatPlan(maneuverID: next.id, state: state, distance: heard, wording: wording)
    }

    /// "Turn now" inside the execute window, the prepare wording inside the prepare window, the
    /// initial wording (the full action, with the road) farther out.
    static func state(heard: Double, _ thresholds: AnnouncerThresholds) -> ManeuverState {
        if heard <= thresholds.start(of: .execute) { return .execute }
        if heard <= thresholds.start(of: .prepare) { return .prepare }
        return .initial
    }
}
