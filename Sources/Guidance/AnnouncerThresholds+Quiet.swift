extension AnnouncerThresholds {
    /// The bounds of `QuietWindow` for a state: `start(of:)` as straight lines in the speed, with the
    /// distance the vehicle covers during the output latency added (the announcer compares the
    /// heard distance, `distance − speed × outputLatency`). Depends on the profile, the update
    /// interval and the latency, never on the speed itself.
    func quietBounds(of state: ManeuverState) -> [QuietWindow.Bound] {
        let latency = outputLatency
        func scaled(_ start: Double) -> [QuietWindow.Bound] {
            // start × max(1, v / defaultSpeed)
            guard profile.defaultSpeed > 0 else { return [.init(meters: start, seconds: latency)] }
            return [.init(meters: start, seconds: latency), .init(meters: 0, seconds: start / profile.defaultSpeed + latency)]
        }
        switch state {
        case .continue: return []
        case .initial: return scaled(profile.initial.start)
        case .prepare: return scaled(profile.prepare.start)
        case .execute:
            // lastChance = (v + g)·Δ + L·g + H·(v + g), with g = max(a, 0)·Δ and H the final
            // instruction's words plus the reaction time (`executeHold`)
            let gain = max(profile.plannedAcceleration, 0) * updateInterval
            var bounds: [QuietWindow.Bound] = [
                .init(meters: profile.executeMinimumDistance, seconds: latency),
                .init(meters: 0, seconds: profile.executeLeadTime + latency),
                .init(
                    meters: gain * (updateInterval + latency + executeHold),
                    seconds: updateInterval + executeHold + latency),
            ]
            // motorwayFloor: max(meters, seconds × v) + v·Δ, before an exit at any speed.
            if let rule = profile.motorwayFinal {
                if exitOrInterchange {
                    bounds += [
                        .init(meters: rule.meters, seconds: updateInterval + latency),
                        .init(meters: 0, seconds: rule.seconds + updateInterval + latency),
                    ]
                } else {
                    // Only from the motorway speed on, where the vehicle is or will be (`reachedSpeed`: a
                    // quarter over its mean speed at most, from the time alone; a maneuver whose road's
                    // `speedLimit` reaches the motorway speed takes the exit's bounds above), so from
                    // that speed less a fifth: a line
                    // through the floor at the motorway speed there, steeper than the floor ever rises,
                    // lies above it at every higher speed and below zero in town.
                    let slope = 3 * (rule.seconds + updateInterval + latency)
                    let from = rule.speed / Announcer.plannedSpeedGain
                    let there = max(rule.meters, rule.seconds * rule.speed) + rule.speed * (updateInterval + latency)
                    bounds.append(.init(meters: there - slope * from, seconds: slope))
                }
            }
            return bounds
        }
    }
}
