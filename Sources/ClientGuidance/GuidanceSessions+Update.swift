import AudioPolicy
import Guidance
import RPC

/// The wall clock and its time zone, where a trip's arrival is worked out from the time to go.
public struct WallClock: Sendable {
    /// Seconds since the epoch now.
    public var now: Double
    /// The time zone's offset from UTC at an instant, in seconds.
    public var utcOffset: @Sendable (Double) -> Int

    public init(now: Double, utcOffset: @escaping @Sendable (Double) -> Int) {
        self.now = now
        self.utcOffset = utcOffset
    }
}

extension GuidanceSessions {
    /// What one progress report plans.
    public struct UpdatePlan {
        /// The session the prompts are for.
        public let speech: GuidanceSession.Speech
        /// The prompts to queue, in order, each with the words it says (`RecentAnnouncements`).
        public let prompts: [(prompt: GuidancePrompt, said: RecentAnnouncements.Said)]
        /// The answer to the report, what was planned, the quiet window after it and the trip.
        public let result: GuidanceUpdate.Result
        /// Roundabouts described without a traffic side for the first time: right-hand traffic is
        /// assumed for them (said once each, in the log).
        public let assumedTrafficSides: [String]
    }

    /// Takes one progress report at `now` (the engine's clock): what the announcer decides to say.
    /// A report that names a maneuver never described is refused whole, changing nothing. Paused,
    /// the maneuvers it describes are kept and nothing is planned.
    public mutating func update(
        _ client: ClientID, _ progress: GuidanceProgress, now: Double, wall: WallClock
    ) throws(GuidanceError) -> UpdatePlan {
        var session = try session(of: client)
        for item in progress.upcoming {
            if let maneuver = item.maneuver { session.maneuvers[item.id] = maneuver }
            guard session.maneuvers[item.id] != nil else { throw .unknownManeuver(item.id) }
        }
        let assumed = session.noteAssumedTrafficSides(progress)
        if progress.time != nil { session.clientClock = true }
        let trip = progress.trip.map { session.takeTrip($0, speed: progress.speed, time: progress.time, now: now, wall: wall) }
        if let paused = session.paused {
            store(session, for: client)
            return UpdatePlan(
                speech: session.speech, prompts: [], result: .init(prompts: [], paused: paused, trip: trip), assumedTrafficSides: assumed)
        }
        let at = progress.time ?? now
        let update = session.takeRoute(progress, at: at)
        session.lastProgress = update
        session.lastProgressReceived = now
        var prompts: [(prompt: GuidancePrompt, said: RecentAnnouncements.Said)] = []
        session.announcer.wordsDuration = session.spokenDuration
        let speaker = session.speaker
        for announcement in session.announcer.update(update, interval: progress.interval) {
            guard let prompt = GuidancePrompt(announcement, by: speaker) else { continue }
            // Said within the window already (a pause that flaps restarts the announcer): not again.
            let said = RecentAnnouncements.Said(maneuverID: announcement.maneuverID, state: announcement.state, words: prompt.text)
            guard session.recent.shouldSay(said, at: at) else {
                session.announcer.notSaid(announcement)
                continue
            }
            prompts.append((prompt, said))
        }
        store(session, for: client)
        let result = GuidanceUpdate.Result(prompts: prompts.map { PlannedPrompt($0.prompt) }, quiet: session.announcer.quiet, trip: trip)
        return UpdatePlan(speech: session.speech, prompts: prompts, result: result, assumedTrafficSides: assumed)
    }
}

extension GuidanceSession {
    /// The roundabouts in `progress` described without `trafficSide` that were not before: said for
    /// right-hand traffic, and kept for `state.get`, instead of assumed in silence.
    mutating func noteAssumedTrafficSides(_ progress: GuidanceProgress) -> [String] {
        progress.upcoming.compactMap { item in
            guard let maneuver = item.maneuver, maneuver.isAtRoundabout, maneuver.trafficSideAssumed,
                trafficSideAssumed.insert(item.id).inserted
            else { return nil }
            return item.id
        }
    }

    /// The report's maneuvers as the announcer reads them and as they are said: lane-only maneuvers
    /// folded into the one before (Apple's lane pattern), a road that only changes its name not
    /// announced (`NameChange`), an arrival with maneuvers after it a waypoint's (`Waypoint`), with
    /// the road an app names only in its instruction (`InstructionRoad`) and without the road names
    /// or numbers the client turned off. Sets `onRoute`; returns the progress the announcer takes.
    mutating func takeRoute(_ progress: GuidanceProgress, at now: Double) -> RouteProgress {
        let described = progress.upcoming.indices.compactMap { index in
            maneuvers[progress.upcoming[index].id].map { (id: index, maneuver: $0) }
        }
        let pack = composer.pack
        let route = Waypoint.mark(NameChange.fold(LanePattern.fold(described), isRoute: pack.names.isRoute))
        let roads = roads
        onRoute = Dictionary(
            route.map { (progress.upcoming[$0.id].id, roads.apply(to: pack.instructionRoads.filling($0.maneuver), names: pack.names)) },
            uniquingKeysWith: { first, _ in first })
        return RouteProgress(
            time: now, speed: progress.speed,
            maneuvers: route.map {
                RouteProgress.UpcomingManeuver(
                    id: progress.upcoming[$0.id].id, distance: progress.upcoming[$0.id].distance, maneuver: $0.maneuver,
                    timeRemaining: progress.upcoming[$0.id].reportedTimeRemaining, speedLimit: progress.upcoming[$0.id].speedLimit)
            })
    }

    /// Keeps a report's trip estimates, working out the arrival when the report does not give it:
    /// the wall clock at the report plus the time to go, said in the wall clock's time zone. A client
    /// on its own clock (a simulation) has its wall clock moved on by its own: its first timed report
    /// anchors one to the other.
    mutating func takeTrip(_ report: TripReport, speed: Double, time: Double?, now: Double, wall: WallClock) -> TripEstimates {
        let given = report.givenArrival
        let arrival: LocalTime
        if let given {
            arrival = given
        } else {
            var wallNow = wall.now
            if let time {
                let anchor = wallAnchor ?? (client: time, wall: wallNow)
                wallAnchor = anchor
                wallNow = anchor.wall + (time - anchor.client)
            }
            let instant = wallNow + report.time
            arrival = LocalTime(instant: instant, utcOffset: wall.utcOffset(instant))
        }
        let estimate = TripEstimate(distance: report.distance, time: report.time, arrival: arrival)
        trip = TripState(estimate: estimate, arrivalDerived: given == nil, reportedAt: time ?? now, receivedAt: now, speed: speed)
        return TripEstimates(estimate, arrivalDerived: given == nil)
    }
}

extension PlannedPrompt {
    /// A guidance prompt as reported back to the guidance engine.
    public init(_ prompt: GuidancePrompt) {
        self.init(
            maneuverID: prompt.maneuverID, state: prompt.state, text: prompt.text, distance: prompt.distance,
            chainedManeuverID: prompt.chainedManeuverID, secondChainedManeuverID: prompt.secondChainedManeuverID)
    }
}
