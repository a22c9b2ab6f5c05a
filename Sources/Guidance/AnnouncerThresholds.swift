/// A profile's windows evaluated at one speed (meters, compared against the heard distance).
struct AnnouncerThresholds: Sendable {
    let profile: VehicleProfile
    /// m/s, already sanitised (finite, ≥ 0).
    private(set) var speed: Double
    /// Expected seconds until the next update: execute must fire one tick early rather than too late.
    let updateInterval: Double
    /// Seconds from decision to sound: a faster vehicle also travels farther during it.
    let outputLatency: Double
    /// Seconds the head maneuver's final instruction speaks (its words, with a chained "then"): it
    /// must end the profile's reaction time before the maneuver. The table's "turn right now" when
    /// the words are not known.
    var executeSeconds = AnnouncementDurationEstimate().execute

    /// The head maneuver is a motorway exit or interchange (`VehicleProfile.motorwayFinal` applies at any speed).
    var exitOrInterchange = false
    /// The speed the vehicle will have at the head maneuver where it speeds up towards it
    /// (`RouteProgress.UpcomingManeuver.reachedSpeed`: up an on-ramp); 0 where not known. The
    /// motorway rule applies from its speed on by this or `speed`, whichever is higher.
    var reachedSpeed = 0.0

    /// Where the final instruction's window opens on a motorway, before an exit or an interchange or
    /// at motorway speed, now or where the vehicle will reach it (0 elsewhere): one update
    /// interval's travel before the rule's distance, so that the first update inside it is still at
    /// least that far from the maneuver. The rule's seconds are counted at `speed`, the mean speed
    /// the guidance engine's time to the maneuver implies where it gives one: its distance in
    /// `seconds × speed` is its time in `seconds`.
    var motorwayFloor: Double {
        guard let rule = profile.motorwayFinal, exitOrInterchange || max(speed, reachedSpeed) >= rule.speed else { return 0 }
        return max(rule.meters, rule.seconds * speed) + speed * updateInterval
    }

    /// The same thresholds at another speed: the head's final instruction, whether it is an exit and
    /// the speed the vehicle will have there stay as they are.
    func at(speed: Double) -> AnnouncerThresholds {
        var copy = self
        copy.speed = speed
        return copy
    }

    /// Seconds from the start of the final instruction to the moment the driver must have heard it all.
    var executeHold: Double { max(executeSeconds, 0) + max(profile.reactionTime, 0) }

    /// "distance ≤ D or time-to-go ≤ D / defaultSpeed" is "distance ≤ D × max(1, v / defaultSpeed)".
    var scale: Double {
        guard profile.defaultSpeed > 0 else { return 1 }
        return max(1, speed / profile.defaultSpeed)
    }

    func start(of state: ManeuverState) -> Double {
        switch state {
        case .continue: .infinity
        case .initial: profile.initial.start * scale
        case .prepare: profile.prepare.start * scale
        case .execute: max(profile.executeMinimumDistance, profile.executeLeadTime * speed, lastChance, motorwayFloor)
        }
    }

    /// The heard distance below which the next update, one interval later and with the vehicle
    /// speeding up at the planned rate, could no longer start the final instruction so that its last
    /// word leaves the reaction time before the maneuver: speak now.
    var lastChance: Double {
        let gain = max(profile.plannedAcceleration, 0) * updateInterval
        let faster = speed + gain
        return faster * updateInterval + outputLatency * gain + executeHold * faster
    }

    /// Below this heard distance the state's prompt would be late: skip it.
    func end(of state: ManeuverState) -> Double {
        switch state {
        case .continue: 0
        case .initial: profile.initial.end * scale
        case .prepare: profile.prepare.end * scale
        case .execute: executeHold * speed
        }
    }

    /// Whether a maneuver heard `distance` away is far enough for "continue on … for …": farther
    /// than the profile's `continueMinimumDistance` and, when moving, `continueMinimumTime`.
    func allowsContinue(_ distance: Double) -> Bool {
        let farInTime = timeToGo(distance).map { $0 > profile.continueMinimumTime } ?? true
        return distance > profile.continueMinimumDistance && farInTime
    }

    /// True when a prompt heard at `distance` still leaves the minimum lead time.
    func leavesLeadTime(_ distance: Double) -> Bool {
        distance > 0 && distance >= profile.minimumLeadTime * speed
    }

    /// Seconds to cover `distance` at current speed; nil when (nearly) stopped.
    func timeToGo(_ distance: Double) -> Double? {
        speed < AnnouncerThresholds.stoppedSpeed ? nil : distance / speed
    }

    /// Below this speed the vehicle counts as stopped (no time-based reasoning, no division).
    static let stoppedSpeed = 0.1
}
