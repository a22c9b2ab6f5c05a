/// Decides, from a stream of progress updates, when to speak which state's prompt for which
/// maneuver. Pure and deterministic: time comes in with each update.
///
/// Only the next maneuver (the "head") is announced; the one after it is chained into the head's
/// prompt when close. States only move forward per maneuver, a state whose window was missed is
/// skipped, and prompts never overlap: one starts only after the previous one's estimated end plus
/// the configured gap. See docs/ANNOUNCER.md for the timing model.
public struct Announcer: Sendable {
    /// Returns the seconds to reserve for a prompt; receives the announcement carrying the
    /// configuration's table estimate in `estimatedDuration`.
    public typealias DurationEstimator = @Sendable (Announcement) -> Double

    public let configuration: AnnouncerConfiguration
    /// How long a prompt will speak, for planning; the table in `configuration.durations` without one.
    private let estimator: DurationEstimator?
    /// How long an announcement's own words speak, where the client knows them (the engine's guidance
    /// session sets it before each update). An early prompt whose words would still play when its
    /// maneuver's "turn now" can last be said with the minimum lead time is given up: a wording longer
    /// than the plan (a long road name, a language's longer phrase) may delay the execute, never cost it.
    public var wordsDuration: DurationEstimator?

    /// Highest state spoken or skipped, per maneuver id still on the route.
    private var progress: [String: ManeuverState] = [:]
    /// Ids passed (distance ≤ 0) or gone from the list: never announced again.
    private var retired: Set<String> = []
    /// Ids on the route that a prompt has named, as its maneuver or chained: a chained maneuver
    /// not among them is first mentioned by the prompt that chains it (`Announcement.firstMentions`).
    private var mentioned: Set<String> = []
    private var lastTime: Double?
    private var lastUpdate: RouteProgress?
    private var updateInterval: Double
    /// The interval the last update declared (`update(_:interval:)`), and the next maneuver it left.
    private var declaredInterval: Double?
    private var lastHeadID: String?
    /// The next maneuver's final instruction as the quiet window reckons with it: the most it may
    /// speak, whether or not it chains the one after it (that depends on the speed), and whether the
    /// motorway rule may apply at any speed (an exit or interchange, or a maneuver on a road whose
    /// `speedLimit` reaches the rule's speed). Nil until an update has a next maneuver.
    private var headFinal: (seconds: Double, exitOrInterchange: Bool)?
    /// Audio timeline: when the last prompt is expected to stop sounding.
    public private(set) var busyUntil: Double?
    /// The timeline before the last announcement planned (`notSaid`).
    private var busyBeforeLast: Double?

    public init(configuration: AnnouncerConfiguration = .init(), estimateDuration: DurationEstimator? = nil) {
        self.configuration = configuration
        self.estimator = estimateDuration
        self.updateInterval = configuration.assumedUpdateInterval
    }

    /// The highest state already spoken or skipped for a maneuver (nil: nothing yet).
    public func state(of maneuverID: String) -> ManeuverState? { progress[maneuverID] }

    /// The rerouting prompt's expected end (`restart`): a prompt of the old route that ends before
    /// it must not shorten the gap after it.
    private var reservedUntil: Double?

    /// The player reports the real end of a prompt; the next one is planned from it.
    public mutating func promptDidFinish(at time: Double) {
        if let reserved = reservedUntil, time < reserved {
            busyUntil = reserved
        } else {
            busyUntil = time
            reservedUntil = nil
        }
    }

    /// A prompt said outside the announcer's own plan told the driver `state` of a maneuver at `time`
    /// (a prompt held back by a call, said afresh when it ended: `HeldBackPrompt`): that state and
    /// the ones before it are closed for the maneuver, as if spoken, and the audio timeline is busy
    /// for `seconds` after the output latency, so the announcer's next prompt keeps its gap.
    public mutating func said(_ state: ManeuverState, of maneuverID: String, at time: Double, for seconds: Double) {
        guard !retired.contains(maneuverID) else { return }
        progress[maneuverID] = max(progress[maneuverID] ?? state, state)
        mentioned.insert(maneuverID)
        guard time.isFinite, seconds.isFinite, seconds > 0 else { return }
        busyUntil = max(busyUntil ?? -.infinity, time + configuration.outputLatency + seconds)
    }

    /// The last announcement it planned is not said after all (the same words were said within the
    /// window, `RecentAnnouncements`): its state stays closed for its maneuver, as if said, and the
    /// audio timeline is as it was before it, so that the next prompt does not wait for silence.
    public mutating func notSaid(_ announcement: Announcement) {
        guard busyUntil == announcement.expectedStart + announcement.estimatedDuration else { return }
        busyUntil = busyBeforeLast
    }

    /// Forget everything (a new route from scratch).
    public mutating func reset() {
        progress = [:]
        retired = []
        mentioned = []
        lastTime = nil
        lastUpdate = nil
        declaredInterval = nil
        lastHeadID = nil
        headFinal = nil
        busyUntil = nil
        reservedUntil = nil
        busyBeforeLast = nil
        updateInterval = configuration.assumedUpdateInterval
    }

    /// Starts again on a new route (a reroute): every maneuver is forgotten, as after `reset()`, and
    /// the audio timeline is busy until `time + busyFor` (the "Recalculating route" prompt), so the
    /// new route's first prompt keeps the gap after it.
    public mutating func restart(at time: Double, busyFor seconds: Double) {
        reset()
        reserve(at: time, for: seconds)
    }

    /// Words said outside the plan that name no maneuver (a pause's "Loading route") keep the audio
    /// timeline busy until `time + seconds` after the output latency, as a reroute's words do: a
    /// prompt skipped meanwhile, which ends before them, does not shorten the gap after them.
    public mutating func reserve(at time: Double, for seconds: Double) {
        guard time.isFinite, seconds.isFinite, seconds > 0 else { return }
        busyUntil = max(busyUntil ?? -.infinity, time + configuration.outputLatency + seconds)
        reservedUntil = busyUntil
    }

    /// Guidance goes on after a pause, in which no update was fed: the time since the last one is
    /// not the client's update interval, which stays as it was measured.
    public mutating func resume() {
        lastTime = nil
        lastUpdate = nil
    }

    /// Feeds one update; returns the prompts to start now (at most one, since they never overlap).
    ///
    /// `interval` is the client's declared update cadence (seconds); without it the announcer
    /// measures the time since the previous update. Windows widen with it (`lastChance`), so a
    /// client that skips updates inside a `quiet` window declares it to keep the same decisions.
    public mutating func update(_ update: RouteProgress, interval: Double? = nil) -> [Announcement] {
        // Duplicated or out-of-order updates carry nothing new; a different one at the same
        // time (a reroute arriving with the position fix) is still read.
        guard update.time.isFinite, update != lastUpdate, lastTime.map({ update.time >= $0 }) ?? true else { return [] }
        let declared = interval.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        if let lastTime, update.time > lastTime {
            updateInterval = min(declared ?? update.time - lastTime, maximumInterval)
        }
        lastTime = update.time
        lastUpdate = update
        declaredInterval = declared

        let route = retireAndTrim(update.maneuvers)
        if let departure = route.first, departure.isDeparture {
            lastHeadID = departure.id
            headFinal = nil
            if let said = depart(departure, route: route, update: update) { return said }
            // Dropped: the first maneuver is the head now, on this same update.
            return announce(Array(route.dropFirst()), update: update)
        }
        return announce(route, update: update)
    }

    /// The announcements due for `route`'s next maneuver (not a departure) on `update`.
    private mutating func announce(_ route: [RouteProgress.UpcomingManeuver], update: RouteProgress) -> [Announcement] {
        lastHeadID = route.first?.id
        headFinal = nil
        guard let head = route.first else { return [] }
        let speed = head.approachSpeed(vehicle: update.speed)
        let base = AnnouncerThresholds(
            profile: configuration.profile, speed: speed, updateInterval: updateInterval,
            outputLatency: configuration.longestOutputLatency)
        // Windows open by the longest latency; the distance is said for when the word is heard.
        let heard = max(0, head.distance - speed * configuration.outputLatency(at: update.time, busyUntil: busyUntil))
        let free = busyUntil.map { update.time + configuration.outputLatency >= $0 + configuration.minimumGap } ?? true
        let spacing = head.distanceToNext ?? route.dropFirst().first.map { $0.distance - head.distance }
        var context = Context(
            time: update.time, head: head, next: route.dropFirst().first, spacing: spacing,
            heard: heard, thresholds: base)
        context.afterNext = route.dropFirst(2).first
        context.afterSpacing = context.afterNext.flatMap { after in context.next.map { $0.distanceToNext ?? after.distance - $0.distance } }
        // The final instruction's own length moves its window: its last word must leave the reaction time.
        context.thresholds.exitOrInterchange = head.isExitOrInterchange
        context.thresholds.reachedSpeed = head.reachedSpeed(vehicle: update.speed, acceleration: configuration.profile.plannedAcceleration)
        let final = draft(.execute, context)
        context.thresholds.executeSeconds = speakingSeconds(final)
        // Chaining the next maneuvers when it does not now: only the quiet window needs that length.
        let chainsAll = context.next == nil || (final.chainedManeuverID != nil && (context.afterNext == nil || final.secondChainedManeuverID != nil))
        let longest =
            chainsAll
            ? context.thresholds.executeSeconds : max(context.thresholds.executeSeconds, speakingSeconds(draft(.execute, context, chainingAnyNext: true)))
        headFinal = (longest, head.isExitOrInterchange || configuration.profile.motorwayFinal.map { head.limitReaches($0.speed) } == true)
        let thresholds = context.thresholds

        // "Continue for …" is considered once, on the first free moment after a maneuver becomes next.
        if progress[head.id] == nil {
            guard free else { return [] }
            progress[head.id] = .continue
            if configuration.verbosity != .brief, qualifiesForContinue(context) { return [speak(.continue, context)] }
        }

        let done = progress[head.id] ?? .continue
        guard
            let candidate = [ManeuverState.execute, .prepare, .initial]
                .first(where: { $0 > done && heard <= thresholds.start(of: $0) })
        else { return [] }

        if !says(candidate, speed: speed) {
            progress[head.id] = candidate  // not said at this verbosity: closed as if skipped
            return []
        }
        if candidate != .execute, heard < end(of: candidate, thresholds) || !leavesRoomForExecute(candidate, context) {
            progress[head.id] = candidate  // missed: skip rather than speak it late
            return []
        }
        // Execute is never skipped for lead time: braking may bring the time-to-go back above it.
        guard free, thresholds.leavesLeadTime(heard) || thresholds.timeToGo(heard) == nil else { return [] }
        return [speak(candidate, context)]
    }

    /// The most an early prompt plans the vehicle to speed up by while it plays (`ends`), as a factor.
    static let plannedSpeedGain = 1.25

    /// Updates farther apart count as this far apart: the windows would otherwise open absurdly early.
    private var maximumInterval: Double { 2 * configuration.assumedUpdateInterval + 1 }

    /// The stretch in which the next update cannot make the announcer decide anything: its next
    /// maneuver already had its first decision, and none of the states left to it has a window
    /// that opens before the bounds. Nil when the next update may matter whatever its distance (a
    /// maneuver not yet decided, nothing ahead) or the last update declared no interval (the next
    /// one's windows then depend on when it comes).
    public var quiet: QuietWindow? {
        guard let interval = declaredInterval, let head = lastHeadID, let done = progress[head] else { return nil }
        var thresholds = AnnouncerThresholds(
            profile: configuration.profile, speed: 0, updateInterval: min(interval, maximumInterval),
            outputLatency: configuration.longestOutputLatency)
        if let headFinal {
            thresholds.executeSeconds = headFinal.seconds
            thresholds.exitOrInterchange = headFinal.exitOrInterchange
        }
        let left = [ManeuverState.initial, .prepare, .execute].filter { $0 > done }
        return QuietWindow(maneuverID: head, beyond: left.flatMap { thresholds.quietBounds(of: $0) })
    }

    // MARK: - Steps

    private struct Context {
        let time: Double
        let head: RouteProgress.UpcomingManeuver
        let next: RouteProgress.UpcomingManeuver?
        let spacing: Double?
        let heard: Double
        var thresholds: AnnouncerThresholds
        /// The maneuver after `next`, and the meters between them: chained second when close too.
        var afterNext: RouteProgress.UpcomingManeuver? = nil
        var afterSpacing: Double? = nil
    }

    /// How long a drafted announcement speaks: its words where the client knows them, else the
    /// estimator or the table, whichever is longer.
    private func speakingSeconds(_ announcement: Announcement) -> Double {
        let words = wordsDuration.map { $0(announcement) } ?? 0
        return max(duration(for: announcement), words.isFinite ? words : 0)
    }

    /// Retires passed and vanished maneuvers; returns the remaining ones, head first.
    private mutating func retireAndTrim(_ maneuvers: [RouteProgress.UpcomingManeuver]) -> [RouteProgress.UpcomingManeuver] {
        var seen: Set<String> = []
        var remaining: [RouteProgress.UpcomingManeuver] = []
        for maneuver in maneuvers where seen.insert(maneuver.id).inserted {
            guard maneuver.distance.isFinite, !retired.contains(maneuver.id) else { continue }
            // A departure not yet said is at the vehicle, not passed.
            if maneuver.distance <= 0, !(maneuver.isDeparture && progress[maneuver.id] == nil && remaining.isEmpty) {
                retired.insert(maneuver.id)
            } else {
                remaining.append(maneuver)
            }
        }
        // A maneuver we were tracking that is no longer listed has been passed or rerouted away.
        for id in progress.keys where !seen.contains(id) || retired.contains(id) {
            progress[id] = nil
            retired.insert(id)
        }
        let onRoute = Set(remaining.map(\.id))
        mentioned = mentioned.filter { onRoute.contains($0) }
        return remaining
    }

    /// Brief guidance says "turn now", and the prepare prompt only on a fast road.
    private func says(_ state: ManeuverState, speed: Double) -> Bool {
        configuration.verbosity.says(state, speed: speed, profile: configuration.profile)
    }

    /// Detailed guidance still says a late initial prompt, down to twice the prepare window's start.
    private func end(of state: ManeuverState, _ thresholds: AnnouncerThresholds) -> Double {
        let end = thresholds.end(of: state)
        guard configuration.verbosity == .detailed, state == .initial else { return end }
        return min(end, 2 * thresholds.start(of: .prepare))
    }

    /// "Continue on Oak Avenue for a half mile": when the maneuver is far enough for the profile
    /// (`AnnouncerThresholds.allowsContinue`), its initial prompt is not due now, and the continue
    /// prompt ends (plus gap) before the window of the maneuver's next prompt opens, so it never
    /// delays or overlaps it.
    private func qualifiesForContinue(_ context: Context) -> Bool {
        let thresholds = context.thresholds
        guard thresholds.allowsContinue(context.heard) else { return false }
        if context.heard > thresholds.start(of: .initial) { return leavesRoom(for: .continue, before: .initial, context) }
        // Inside the initial window the initial prompt itself is said.
        guard context.heard < thresholds.end(of: .initial) else { return false }
        return leavesRoom(for: .continue, before: .prepare, context)
    }

    /// An early prompt must end (plus gap) before the execute prompt is due, or it would push it
    /// late; the vehicle may speed up meanwhile (the profile's planned acceleration).
    private func leavesRoomForExecute(_ state: ManeuverState, _ context: Context) -> Bool {
        guard leavesRoom(for: state, before: .execute, context) else { return false }
        guard let wordsDuration else { return true }
        let seconds = wordsDuration(draft(state, context))
        guard seconds.isFinite else { return true }
        return Self.ends(speaking: seconds, heard: context.heard, context.thresholds, configuration: configuration, towardsFinal: true) {
            $0.end(of: .execute)
        }
    }

    /// The most seconds an early prompt may speak before a motorway final instruction (an exit or an
    /// interchange, or any maneuver at motorway speed: `AnnouncerThresholds.motorwayFloor`): its
    /// words, plus the gap, at the planned acceleration, must end before that window opens, so that
    /// the final instruction still starts the rule's 300 m and 12 s before the maneuver. Nil where no
    /// such window applies or the words end in time; else the longest speech that does, which the
    /// engine fits the words to (they shed detail in the fitting order). The table's length of the
    /// prompt always fits, since the prompt is said only when it ends before the final's window.
    private func motorwayBudget(_ announcement: Announcement, _ context: Context) -> Double? {
        let thresholds = context.thresholds
        let words = speakingSeconds(announcement)
        func endsInTime(_ seconds: Double) -> Bool {
            Self.ends(speaking: seconds, heard: context.heard, thresholds, configuration: configuration, towardsFinal: true) {
                $0.motorwayFloor
            }
        }
        return Self.longest(from: 0, upTo: words, fitting: endsInTime)
    }

    /// A prompt of `state` now ends (plus gap) before `later`'s window opens, at the planned acceleration.
    private func leavesRoom(for state: ManeuverState, before later: ManeuverState, _ context: Context) -> Bool {
        ends(draft(state, context), before: later, heard: context.heard, context.thresholds)
    }

    private func ends(
        _ announcement: Announcement, before state: ManeuverState, heard: Double, _ now: AnnouncerThresholds
    ) -> Bool {
        Self.ends(speaking: duration(for: announcement), heard: heard, now, configuration: configuration, towardsFinal: state == .execute) {
            $0.start(of: state)
        }
    }

    /// Whether a prompt speaking for `seconds` from now, when its maneuver is `heard` meters away,
    /// ends (plus the minimum gap) before the vehicle is `distance` away (given the thresholds at
    /// the speed it has then), speeding up at the profile's planned acceleration meanwhile. The
    /// announcer's own early prompts must end before the execute window opens, so "turn now" comes
    /// on time; a prompt said outside its plan (`HeldBackPrompt`) before the window closes, so it
    /// may delay "turn now" but never cost it.
    static func ends(
        speaking seconds: Double, heard: Double, _ now: AnnouncerThresholds, configuration: AnnouncerConfiguration,
        towardsFinal: Bool = false, before distance: (AnnouncerThresholds) -> Double
    ) -> Bool {
        let travel = travel(speaking: seconds, now, configuration: configuration, towardsFinal: towardsFinal)
        return heard - travel.covered >= distance(now.at(speed: travel.reached))
    }

    /// The meters a vehicle covers while a prompt speaks for `seconds` and the gap after it, speeding
    /// up at the profile's planned acceleration (bounded as `ends` says), and the speed it reaches.
    static func travel(
        speaking seconds: Double, _ now: AnnouncerThresholds, configuration: AnnouncerConfiguration, towardsFinal: Bool
    ) -> (covered: Double, reached: Double) {
        travel(during: max(seconds, 0) + configuration.minimumGap, now, configuration: configuration, towardsFinal: towardsFinal)
    }

    /// The meters a vehicle covers in `occupied` seconds, speeding up at the profile's planned
    /// acceleration (bounded as `ends` says; `settingOff`, as at the route's start, up to the
    /// profile's default speed at least), and the speed it reaches.
    static func travel(
        during occupied: Double, _ now: AnnouncerThresholds, configuration: AnnouncerConfiguration, towardsFinal: Bool, settingOff: Bool = false
    ) -> (covered: Double, reached: Double) {
        let acceleration = max(configuration.profile.plannedAcceleration, 0)
        // Towards the final instruction's window a vehicle keeps roughly its speed: it is planned to
        // gain a quarter of it at most, and not to pass the fast-road speed. Unbounded, the seven
        // seconds of a prompt and its gap would take a car from 50 to 100 km/h, and every early
        // prompt would give way to a final instruction's window (its words plus the reaction time)
        // opened for that speed. Towards the earlier windows the bound stays as it was: unbounded.
        let gained = max(now.speed * Self.plannedSpeedGain, settingOff ? configuration.profile.defaultSpeed : 0)
        let top = towardsFinal ? max(now.speed, min(configuration.profile.fastSpeed, gained)) : .infinity
        let speeding = acceleration > 0 ? min(occupied, (top - now.speed) / acceleration) : 0
        let reached = now.speed + acceleration * speeding
        let covered = now.speed * speeding + acceleration * speeding * speeding / 2 + reached * (occupied - speeding)
        return (covered, reached)
    }

    /// The route's start, said once and first at the first free moment ("head north on Main
    /// Street[, then turn right onto Oak Avenue]", the first maneuver chained when close). It is
    /// dropped, never said late, when it would still be playing when the first maneuver's "turn
    /// now" is due: nil then, and the first maneuver is announced as the head on the same update.
    private mutating func depart(
        _ departure: RouteProgress.UpcomingManeuver, route: [RouteProgress.UpcomingManeuver], update: RouteProgress
    ) -> [Announcement]? {
        let speed = update.speed.isFinite ? max(update.speed, 0) : 0
        let latency = configuration.outputLatency(at: update.time, busyUntil: busyUntil)
        guard busyUntil.map({ update.time + configuration.outputLatency >= $0 + configuration.minimumGap }) ?? true else { return [] }
        let thresholds = AnnouncerThresholds(
            profile: configuration.profile, speed: speed, updateInterval: updateInterval,
            outputLatency: configuration.longestOutputLatency)
        let first = route.dropFirst().first
        let spacing = first.map { $0.distance - max(departure.distance, 0) }
        let context = Context(
            time: update.time, head: departure, next: first, spacing: spacing,
            heard: max(0, departure.distance - speed * latency), thresholds: thresholds)
        let announcement = draft(.execute, context)
        guard let first else {
            retired.insert(departure.id)
            return [speak(.execute, context)]
        }
        let heardFirst = max(0, first.distance - speed * latency)
        let words = speakingSeconds(announcement)
        retired.insert(departure.id)
        // Room for both: it ends (plus the gap, at the planned acceleration) before the first maneuver's
        // final instruction is due. Its words, planned as long as they speak; it is given a word budget
        // of all the time it has, so that what it may add (the arrival, `arrivalOnDeparture`) is said
        // only where that leaves the first maneuver's final instruction in its time.
        let planned = self
        let roomForBoth = { (seconds: Double) in
            Self.ends(speaking: seconds, heard: heardFirst, thresholds, configuration: planned.configuration, towardsFinal: true) {
                $0.start(of: .execute)
            }
        }
        if roomForBoth(words) {
            var said = speak(.execute, context)
            said.wordBudget = Self.longest(from: words, fitting: roomForBoth)
            return [said]
        }
        // No room for both. A departure that chains the first maneuver and is heard whole before it,
        // with the reaction time, says that turn for good ("head west on Main Street, then turn right
        // onto Oak Avenue") in place of its "turn now", given the time it has as its word budget;
        // otherwise it is dropped rather than said over the turn.
        let inPlace = { (seconds: Double) in planned.heardWhole(seconds, before: heardFirst, thresholds) }
        guard announcement.chainedManeuverID == first.id, inPlace(words) else {
            progress[departure.id] = .execute
            return nil
        }
        var said = speak(.execute, context)
        said.wordBudget = Self.longest(from: words, fitting: inPlace)
        progress[first.id] = .execute
        retired.insert(first.id)
        return [said]
    }

    /// The longest speech, from `seconds` (which fits) up to `limit`, that still `fits`: a prompt's
    /// word budget (a departure's, a motorway prepare's). Nil where the limit itself fits: nothing to bound.
    static func longest(from seconds: Double, upTo limit: Double = 60, fitting fits: (Double) -> Bool) -> Double? {
        guard !fits(limit) else { return nil }
        var (fitting, over) = (max(seconds, 0), limit)
        for _ in 0..<40 {
            let middle = (fitting + over) / 2
            if fits(middle) { fitting = middle } else { over = middle }
        }
        return fitting
    }

    /// Whether a prompt speaking `seconds`, starting now, ends at least the reaction time before the
    /// vehicle, speeding up at the profile's planned acceleration as towards any final instruction (a
    /// quarter of its speed at most, or up to the profile's default speed as it sets off: `travel`),
    /// covers `distance`: a departure that says the first turn is that turn's final instruction.
    private func heardWhole(_ seconds: Double, before distance: Double, _ now: AnnouncerThresholds) -> Bool {
        let occupied = seconds + configuration.profile.reactionTime
        return Self.travel(during: occupied, now, configuration: configuration, towardsFinal: true, settingOff: true).covered <= distance
    }

    /// The chaining window for a maneuver approached at `speed`: the profile's chaining distance,
    /// scaled with that speed (15 s for a car), or so close that its own prompt would collide with this one.
    private func chainWindow(at speed: Double, _ context: Context) -> Double {
        let collision = speed * (configuration.durations.seconds(for: .execute, chained: true) + configuration.minimumGap)
        return max(configuration.profile.chainingDistance * context.thresholds.at(speed: speed).scale, collision)
    }

    /// Whether `maneuver`, following `previous` by `spacing`, is chained into the head's prompt of
    /// `state`: within the chaining window (`chainWindow`), or, into its final instruction, where
    /// once `previous` is passed it would have no room for a prompt of its own before its own final
    /// instruction (`ownRoom`), so that its first mention would be its "turn now" alone, 7–9 s
    /// before it. Both are reckoned at the speed it will be approached at once `previous` is passed
    /// at `passing` (`approachSpeed(after:spacing:passing:)`): a maneuver the car reaches long after
    /// slowing down, with room for prompts of its own, is not chained for the speed it had before.
    /// A departure chains its first maneuver so too.
    private func chains(
        _ maneuver: RouteProgress.UpcomingManeuver, after previous: RouteProgress.UpcomingManeuver, at spacing: Double, passing: Double,
        in state: ManeuverState, _ context: Context
    ) -> Bool {
        let speed = maneuver.approachSpeed(after: previous, spacing: spacing, passing: passing)
        if spacing <= chainWindow(at: speed, context) { return true }
        guard state == .execute else { return false }
        return spacing < ownRoom(maneuver, at: speed, context)
    }

    /// The least spacing after the maneuver before it at which `maneuver` still gets its prepare
    /// prompt once that one is passed: its first update as the next maneuver comes up to an update
    /// interval and the output latency later, and the prepare prompt must then be inside its window
    /// (not late) and end, with the gap, at the planned acceleration, before its final
    /// instruction's window opens (for its own words, unchained). Reckoned at `speed`, its approach
    /// speed then (`chains`). Where its prepare prompt is not said (brief guidance in town), none:
    /// it is not chained for it.
    private func ownRoom(_ maneuver: RouteProgress.UpcomingManeuver, at speed: Double, _ context: Context) -> Double {
        guard says(.prepare, speed: speed) else { return 0 }
        var thresholds = context.thresholds.at(speed: speed)
        thresholds.exitOrInterchange = maneuver.isExitOrInterchange
        thresholds.reachedSpeed = maneuver.reachedSpeed(vehicle: context.thresholds.speed, acceleration: configuration.profile.plannedAcceleration)
        let own = Context(time: context.time, head: maneuver, next: nil, spacing: nil, heard: 0, thresholds: thresholds)
        thresholds.executeSeconds = speakingSeconds(draft(.execute, own))
        let prepare = configuration.durations.seconds(for: .prepare, chaining: 0)
        let travel = Self.travel(speaking: prepare, thresholds, configuration: configuration, towardsFinal: true)
        let room = max(thresholds.end(of: .prepare), travel.covered + thresholds.at(speed: travel.reached).start(of: .execute))
        return room + speed * (updateInterval + configuration.longestOutputLatency)
    }

    /// The prompt of `state` for the head as it would be said now: chaining the next maneuver when it
    /// follows within the chaining window (or, into the final instruction, where it would have no
    /// room for a prompt of its own: `chains`), and the one after that when it follows the next as closely
    /// (so that a maneuver close behind two others is first heard well before it, not in the previous
    /// one's "turn now"). `chainingAnyNext` chains both whatever their spacing: the longest it may say.
    private func draft(_ state: ManeuverState, _ context: Context, chainingAnyNext: Bool = false) -> Announcement {
        var chained: RouteProgress.UpcomingManeuver?
        var second: RouteProgress.UpcomingManeuver?
        if state != .continue, let next = context.next, let spacing = context.spacing {
            let passingHead = context.thresholds.speed
            if chainingAnyNext || chains(next, after: context.head, at: spacing, passing: passingHead, in: state, context) {
                chained = next
                // The next maneuver is passed at the speed it is reached at, where the engine's times say it.
                let passingNext = next.stretchSpeed(after: context.head, spacing: spacing) ?? passingHead
                if let after = context.afterNext, let afterSpacing = context.afterSpacing,
                    chainingAnyNext || chains(after, after: next, at: afterSpacing, passing: passingNext, in: state, context)
                {
                    second = after
                }
            }
        }
        let start = context.time + configuration.outputLatency(at: context.time, busyUntil: busyUntil)
        let timeToGo = context.thresholds.timeToGo(context.heard)
        return Announcement(
            maneuverID: context.head.id, state: state, distance: context.heard,
            chainedManeuverID: chained?.id, chainedSpacing: chained.flatMap { _ in context.spacing },
            issuedAt: context.time, expectedStart: start,
            estimatedDuration: configuration.durations.seconds(for: state, chaining: [chained, second].compactMap { $0 }.count),
            timeToGo: timeToGo, wording: Self.wording(of: state, timeToGo: timeToGo, departure: context.head.isDeparture),
            secondChainedManeuverID: second?.id)
    }

    /// Seconds before its maneuver within which a final instruction may say "now" ("turn right now").
    public static let nowWithin = 8.0

    /// The words for a prompt of `state` heard `timeToGo` seconds before its maneuver: a final
    /// instruction that starts earlier than `nowWithin` (motorway exits start 12 s before at least,
    /// and long words open the window earlier) says the distance, as the prepare prompt does. A
    /// departure's "head north" has no "now" to drop.
    static func wording(of state: ManeuverState, timeToGo: Double?, departure: Bool) -> ManeuverState {
        guard state == .execute, !departure, let timeToGo, timeToGo > nowWithin else { return state }
        return .prepare
    }

    private func duration(for announcement: Announcement) -> Double {
        let estimate = estimator?(announcement) ?? announcement.estimatedDuration
        return estimate.isFinite ? max(estimate, 0) : announcement.estimatedDuration
    }

    private mutating func speak(_ state: ManeuverState, _ context: Context) -> Announcement {
        var announcement = draft(state, context)
        announcement.estimatedDuration = duration(for: announcement)
        if state == .initial || state == .prepare { announcement.wordBudget = motorwayBudget(announcement, context) }
        // Its window opened as early as its words asked; starting now, they would still end too late
        // (a turn just after the start, a prompt that held it up): they shed detail to fit instead.
        if state == .execute, !context.head.isDeparture, let timeToGo = announcement.timeToGo {
            let room = timeToGo - configuration.profile.reactionTime
            if room < speakingSeconds(announcement) { announcement.wordBudget = max(room, 0) }
        }
        progress[context.head.id] = state
        let chained = [announcement.chainedManeuverID, announcement.secondChainedManeuverID].compactMap { $0 }
        announcement.firstMentions = Set(chained.filter { !mentioned.contains($0) })
        mentioned.formUnion([announcement.maneuverID] + chained)
        busyBeforeLast = busyUntil
        busyUntil = announcement.expectedStart + announcement.estimatedDuration
        return announcement
    }
}
