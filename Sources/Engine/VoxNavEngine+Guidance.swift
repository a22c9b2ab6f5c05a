import AudioPolicy
import Guidance
import RPC
import TextFormat

extension VoxNavEngine {
    /// Starts (or restarts) guidance for a client in a language, with a vehicle profile, its distances
    /// in `units` (one the pack words; nil: the pack's own), saying as much as `verbosity` asks, road
    /// names and numbers as `roads` asks. A guidance session the client had ends first, as
    /// `guidance.end` ends one (`guidance.ended`, reason `restarted`; its waiting and playing prompts
    /// cancelled), so that no prompt of the old route plays into the new one.
    /// Refused while the car's own navigation guides; a refusal changes nothing.
    public func startGuidance(
        client: ClientID, language: String?, profile: String?, units: UnitSystem? = nil, verbosity: Verbosity = .normal,
        roads: RoadMentions = .all, arrivalOnDeparture: Bool = false
    ) async throws -> (language: String, profile: String, units: UnitSystem) {
        guard !nativeNavigationGuiding else { throw EngineError.nativeNavigationGuiding }
        let tag = language ?? configuration.defaultLanguage
        guard let pack = voices.pack(for: tag) else { throw EngineError.unknownLanguage(tag, available: voices.languages) }
        let profileName = profile ?? "car"
        guard let vehicle = VehicleProfile.standard[profileName] else {
            throw EngineError.unknownProfile(profileName, available: VehicleProfile.standard.keys.sorted())
        }
        let system = units ?? pack.unitSystem
        guard pack.unitSystems.contains(system) else {
            throw EngineError.unitsNotWorded(system.rawValue, language: pack.language, available: pack.unitSystems.map(\.rawValue))
        }
        await endGuidance(client: client, reason: .restarted)
        guidanceEndings[client] = nil
        guidanceSessionsStarted += 1
        let outputs = configuration.policy.outputs
        guidance[client] = GuidanceSession(
            id: guidanceSessionsStarted, pack: pack, profile: vehicle, units: system, verbosity: verbosity, roads: roads,
            arrivalOnDeparture: arrivalOnDeparture, preRoll: outputs.preRoll(forSink: promptSink), idleGap: outputs.idleGap)
        return (pack.language, profileName, system)
    }

    /// Takes one progress report; speaks what the announcer decides (queued, not awaited) and says what it
    /// planned, and the quiet window after it (`Announcer.quiet`).
    /// A report that names a maneuver never described is refused whole, changing nothing.
    public func updateGuidance(client: ClientID, progress: GuidanceProgress) async throws -> GuidanceUpdate.Result {
        guard var session = guidance[client] else { throw noGuidance(client) }
        for item in progress.upcoming {
            if let maneuver = item.maneuver { session.maneuvers[item.id] = maneuver }
            guard session.maneuvers[item.id] != nil else { throw EngineError.unknownManeuver(item.id) }
        }
        noteAssumedTrafficSides(progress, in: &session, client: client)
        if progress.time != nil { session.clientClock = true }
        let trip = progress.trip.map { takeTrip($0, speed: progress.speed, time: progress.time, session: &session) }
        if let paused = session.paused {
            // Taken (the maneuvers it describes are known from now on), and nothing announced.
            guidance[client] = session
            return .init(prompts: [], paused: paused, trip: trip)
        }
        let now = progress.time ?? now()
        let update = Self.takeRoute(progress, at: now, into: &session)
        session.lastProgress = update
        session.lastProgressReceived = self.now()
        var planned: [PlannedPrompt] = []
        var queued: [(GuidancePrompt, RecentAnnouncements.Said)] = []
        session.announcer.wordsDuration = session.spokenDuration
        let speaker = session.speaker
        for announcement in session.announcer.update(update, interval: progress.interval) {
            guard let prompt = GuidancePrompt(announcement, by: speaker) else { continue }
            // Said within the window already (a pause that flaps restarts the announcer): not again.
            let said = RecentAnnouncements.Said(maneuverID: announcement.maneuverID, state: announcement.state, words: prompt.text)
            guard session.recent.shouldSay(said, at: now) else {
                session.announcer.notSaid(announcement)
                continue
            }
            queued.append((prompt, said))
            planned.append(PlannedPrompt(prompt))
        }
        let quiet = session.announcer.quiet
        guidance[client] = session
        for (prompt, said) in queued {
            // The session may end while a prompt is being made (guidance.end, the car's navigation):
            // nothing queued for it may play after its end.
            guard guidance[client]?.id == session.id else { break }
            do {
                if let ticket = try await queueGuidancePrompt(prompt, client: client, session: session) {
                    guidance[client]?.recent.queued(said, as: ticket.id.rawValue)
                }
            } catch {
                // Not queued (a full queue, the server away): the announcer has moved on; say so.
                logger.warning("a guidance prompt was not queued", metadata: ["client": "\(client.rawValue)", "error": "\(error)"])
                if guidance[client]?.id == session.id { guidance[client]?.recent.unsaid(said) }
            }
        }
        return .init(prompts: planned, quiet: quiet, trip: trip)
    }

    /// A roundabout described without `trafficSide` is said for right-hand traffic: said once per
    /// maneuver in the log, and kept for `state.get`, instead of assumed in silence.
    private func noteAssumedTrafficSides(_ progress: GuidanceProgress, in session: inout GuidanceSession, client: ClientID) {
        for item in progress.upcoming {
            guard let maneuver = item.maneuver, maneuver.isAtRoundabout, maneuver.trafficSideAssumed,
                session.trafficSideAssumed.insert(item.id).inserted
            else { continue }
            logger.warning(
                "a roundabout without trafficSide: right-hand traffic assumed (its way round and exits are wrong where traffic keeps left)",
                metadata: ["client": "\(client.rawValue)", "maneuver": "\(item.id)"])
        }
    }

    /// The report's maneuvers as the announcer reads them and as they are said: lane-only maneuvers
    /// folded into the one before (Apple's lane pattern), a road that only changes its name not
    /// announced (`NameChange`), an arrival with maneuvers after it a waypoint's (`Waypoint`), with
    /// the road an app names only in its instruction (`InstructionRoad`) and without the road names
    /// or numbers the client turned off. Sets the session's `onRoute`; returns the progress the
    /// announcer takes.
    private static func takeRoute(_ progress: GuidanceProgress, at now: Double, into session: inout GuidanceSession) -> RouteProgress {
        let described = progress.upcoming.indices.compactMap { index in
            session.maneuvers[progress.upcoming[index].id].map { (id: index, maneuver: $0) }
        }
        let route = Waypoint.mark(NameChange.fold(LanePattern.fold(described)))
        let pack = session.composer.pack
        let roads = session.roads
        session.onRoute = Dictionary(
            route.map { (progress.upcoming[$0.id].id, roads.apply(to: pack.instructionRoads.filling($0.maneuver), names: pack.names)) },
            uniquingKeysWith: { first, _ in first })
        return RouteProgress(
            time: now, speed: progress.speed,
            maneuvers: route.map {
                RouteProgress.UpcomingManeuver(
                    id: progress.upcoming[$0.id].id, distance: progress.upcoming[$0.id].distance, maneuver: $0.maneuver,
                    timeRemaining: progress.upcoming[$0.id].reportedTimeRemaining)
            })
    }

    /// Ends a client's guidance, with a `guidance.ended` event: the prompts it queued are cancelled,
    /// waiting and playing (none plays after its end), or, for a trip that is done (`finished`,
    /// `arrived`), the waiting ones, the playing one said to its end. Returns false when it had none.
    @discardableResult
    public func endGuidance(client: ClientID, reason: GuidanceEndReason = .clientRequest) async -> Bool {
        guard guidance.removeValue(forKey: client) != nil else { return false }
        if reason != .disconnected { guidanceEndings[client] = reason }
        emit(.guidanceEnded(client: client.rawValue, reason: reason.rawValue))
        if reason.letsThePlayingPromptFinish {
            prompts.cancelWaitingGuidance(client: client, reason: reason.promptReason)
        } else {
            prompts.cancelGuidance(client: client, reason: reason.promptReason)
        }
        return true
    }

    /// Whether the car's own navigation guides now (a `nativeNavigation` source runs).
    var nativeNavigationGuiding: Bool { policy.sources.values.contains { $0.kind == .nativeNavigation } }

    /// The car's own navigation started: every client's guidance ends at once (the CarPlay rule).
    func nativeNavigationTookOver() async {
        for client in guidance.keys.sorted() { await endGuidance(client: client, reason: .nativeNavigation) }
    }

    /// The guidance engine is recalculating its route: says the pack's "Recalculating route" unless
    /// one was said within the debounce window, skips the old route's waiting prompts, and starts the
    /// announcer again (the next update describes the new route's maneuvers; old ids are forgotten).
    public func rerouteGuidance(client: ClientID, time: Double?) async throws -> GuidanceReroute.Result {
        guard var session = guidance[client] else { throw noGuidance(client) }
        guard serverAvailable else { throw EngineError.serverUnavailable }
        if time != nil { session.clientClock = true }
        let now = time ?? now()
        let text = session.composer.rerouting
        let announce = session.statuses[.rerouting, default: RerouteDebounce()].shouldAnnounce(at: now)
        let speaking = session.speakingTime(of: text)
        session.announcer.restart(at: now, busyFor: announce ? speaking : 0)
        // A repeat still waiting was for the old route too.
        let oldRoute = Set(session.maneuvers.keys).union([Self.repeatKey])
        session.maneuvers = [:]
        session.onRoute = [:]
        session.lastProgress = nil
        session.heldBack.forget()
        let lastAnnounced = session.statuses[.rerouting]?.lastAnnounced
        guidance[client] = session
        let cancelled = prompts.cancelWaiting(client: client, keys: oldRoute, reason: "rerouted: the route it was for is gone")
        guidance[client]?.recent.unsaid(prompts: cancelled.map(\.rawValue))
        guard announce else {
            let ago = lastAnnounced.map { String(cFormat: "%.1f", now - $0) } ?? "?"
            return .init(
                announced: false, text: text,
                reason: "a reroute was announced \(ago) s ago; within \(Int(RerouteDebounce.standardWindow)) s another is not",
                cancelled: cancelled.map(\.rawValue))
        }
        let options = PromptOptions.guidance(session.id, priority: .normal, key: Self.rerouteKey, announces: nil)
        do {
            let (ticket, _) = try await enqueue(PromptRequest(text: text, language: session.language), client: client, options: options)
            return .init(announced: true, prompt: ticket.id.rawValue, text: text, cancelled: cancelled.map(\.rawValue))
        } catch {
            // The route has restarted all the same; only the words could not be queued (a full queue).
            return .init(announced: false, text: text, reason: "not queued: \(error)", cancelled: cancelled.map(\.rawValue))
        }
    }

    /// The one way a guidance prompt is queued (the announcer's, a held-back one said again, a
    /// repeat): as a maneuver in the guidance's language and units, with its priority, key and word
    /// budget. Nil when the guidance ended while it was being queued: then it is cancelled, since
    /// nothing of a guidance plays after its end.
    func queueGuidancePrompt(_ prompt: GuidancePrompt, client: ClientID, session: GuidanceSession) async throws -> PromptTicket? {
        var options = PromptOptions.guidance(
            session.id, priority: prompt.priority, key: prompt.key, announces: AnnouncedManeuver(maneuver: prompt.maneuverID, state: prompt.state))
        options.toneless = prompt.toneless
        options.wordBudget = prompt.wordBudget
        var request = PromptRequest(
            content: .maneuver(prompt.maneuver, then: prompt.then, andThen: prompt.andThen), language: session.language, units: session.units)
        request.departureArrival = prompt.arrival
        let (ticket, _) = try await enqueue(request, client: client, options: options)
        guard guidance[client]?.id == session.id else {
            prompts.cancel(client: client, id: ticket.id, reason: "guidance ended while this prompt was being queued")
            return nil
        }
        return ticket
    }

    /// Why a client has no guidance: it never started one, or why the last one ended.
    func noGuidance(_ client: ClientID) -> EngineError {
        guidanceEndings[client].map(EngineError.guidanceEnded) ?? .noGuidance
    }

    /// The key of the "Recalculating route" prompt: a newer one replaces one still waiting.
    static let rerouteKey = "guidance.reroute"

    /// The language and units of a client's guidance, if it started one (alerts are said in them by default).
    public func guidanceSpeech(client: ClientID) -> (language: String, units: UnitSystem)? {
        guidance[client].map { ($0.language, $0.units) }
    }

    /// The real end of a prompt replaces the announcer's estimate (only on the daemon's own clock); a
    /// prompt heard clears what was held back, a prompt held back is remembered (only the latest).
    /// One held back by a moment that has already passed (a tone that ended after the call) is said at
    /// once (queued), and an arrival heard ends the guidance, before the prompt player goes on.
    /// A prompt of a guidance that has ended or started anew since it was queued tells nothing: the
    /// end of the last route's arrival, told after the next route's `guidance.start`, had ended the
    /// new guidance as arrived, its departure prompt skipped.
    func guidancePromptEnded(_ client: ClientID, session id: UInt64, _ ending: GuidancePromptEnding) async {
        guard !stopped, var session = guidance[client], session.id == id else { return }
        var arrived = false
        switch ending {
        case .heard(let announced):
            session.heldBack.heard()
            arrived = saidTheArrival(client, announced)
        // Paused, nothing is said again: the maneuver is said as it stands once guidance resumes.
        case .heldBack(let key) where session.paused == nil: session.heldBack.holdBack(maneuverID: key, at: now())
        case .heldBack, .other: break
        }
        if !session.clientClock { session.announcer.promptDidFinish(at: now()) }
        guidance[client] = session
        if arrived {
            // The arrival was said: the trip is done, and guidance ends by itself.
            await endArrivedGuidance(client: client, session: session.id)
        } else if case .heldBack = ending {
            await sayHeldBackGuidance()
        }
    }

    /// Ends the guidance whose arrival was said, unless it has ended or started anew meanwhile.
    private func endArrivedGuidance(client: ClientID, session: UInt64) async {
        guard guidance[client]?.id == session else { return }
        await endGuidance(client: client, reason: .arrived)
    }
}

extension PlannedPrompt {
    /// A guidance prompt as reported back to the guidance engine.
    init(_ prompt: GuidancePrompt) {
        self.init(
            maneuverID: prompt.maneuverID, state: prompt.state, text: prompt.text, distance: prompt.distance,
            chainedManeuverID: prompt.chainedManeuverID, secondChainedManeuverID: prompt.secondChainedManeuverID)
    }
}
