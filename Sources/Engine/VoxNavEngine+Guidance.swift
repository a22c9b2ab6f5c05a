import AudioPolicy
import ClientGuidance
import Glibc
import Guidance
import RPC

/// The guidance requests: `GuidanceSessions` decides what each says; the engine queues it, skips
/// what it asks to skip, and tells the subscribers.
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
    ) throws(EngineError) -> (language: String, profile: String, units: UnitSystem) {
        guard !nativeNavigationGuiding else { throw .nativeNavigationGuiding }
        let tag = language ?? configuration.defaultLanguage
        guard let pack = voices.pack(for: tag) else { throw .unknownLanguage(tag, available: voices.languages) }
        let outputs = configuration.policy.outputs
        let request = GuidanceSessions.Start(
            pack: pack, profile: profile, units: units, verbosity: verbosity, roads: roads, arrivalOnDeparture: arrivalOnDeparture,
            preRoll: outputs.preRoll(forSink: promptSink), idleGap: outputs.idleGap)
        let started = try guided { () throws(GuidanceError) in try guidance.start(client, request) }
        if started.replaced { guidanceEnded(client, reason: .restarted) }
        return (started.session.language, started.profile, started.session.units)
    }

    /// Takes one progress report; queues what the announcer decides (not awaited) and says what it
    /// planned, and the quiet window after it (`Announcer.quiet`).
    /// A report that names a maneuver never described is refused whole, changing nothing.
    public func updateGuidance(client: ClientID, progress: GuidanceProgress) async throws(EngineError) -> GuidanceUpdate.Result {
        let wall = WallClock(now: clock.wallNow(), utcOffset: Self.localUTCOffset(at:))
        let plan = try guided { () throws(GuidanceError) in try guidance.update(client, progress, now: now(), wall: wall) }
        for id in plan.assumedTrafficSides {
            logger.warning(
                "a roundabout without trafficSide: right-hand traffic assumed (its way round and exits are wrong where traffic keeps left)",
                metadata: ["client": "\(client.rawValue)", "maneuver": "\(id)"])
        }
        for (prompt, said) in plan.prompts {
            // The session may end while a prompt is being made (guidance.end, the car's navigation):
            // nothing queued for it may play after its end.
            guard guidance.isCurrent(plan.speech, of: client) else { break }
            do {
                if let ticket = try await queueGuidancePrompt(prompt, client: client, speech: plan.speech) {
                    guidance.queued(said, as: ticket.id.rawValue, client: client, of: plan.speech)
                }
            } catch {
                // Not queued (a full queue, the server away): the announcer has moved on; say so.
                logger.warning("a guidance prompt was not queued", metadata: ["client": "\(client.rawValue)", "error": "\(error)"])
                guidance.unsaid(said, client: client, of: plan.speech)
            }
        }
        return plan.result
    }

    /// Ends a client's guidance, with a `guidance.ended` event: the prompts it queued are cancelled,
    /// waiting and playing (none plays after its end), or, for a trip that is done (`finished`,
    /// `arrived`), the waiting ones, the playing one said to its end. Returns false when it had none.
    @discardableResult
    public func endGuidance(client: ClientID, reason: GuidanceEndReason = .clientRequest) -> Bool {
        guard guidance.end(client, reason: reason) else { return false }
        guidanceEnded(client, reason: reason)
        return true
    }

    /// Tells that a client's guidance ended and ends its prompts as the reason says.
    private func guidanceEnded(_ client: ClientID, reason: GuidanceEndReason) {
        emit(.guidanceEnded(client: client.rawValue, reason: reason.rawValue))
        if reason.letsThePlayingPromptFinish {
            prompts.cancelWaitingGuidance(client: client, reason: reason.promptReason)
        } else {
            prompts.cancelGuidance(client: client, reason: reason.promptReason)
        }
    }

    /// Whether the car's own navigation guides now (a `nativeNavigation` source runs).
    var nativeNavigationGuiding: Bool { policy.sources.values.contains { $0.kind == .nativeNavigation } }

    /// The car's own navigation started: every client's guidance ends at once (the CarPlay rule).
    func nativeNavigationTookOver() {
        for client in guidance.clients { endGuidance(client: client, reason: .nativeNavigation) }
    }

    /// The language and units of a client's guidance, if it started one (alerts are said in them by default).
    public func guidanceSpeech(client: ClientID) -> (language: String, units: UnitSystem)? {
        guidance[client].map { ($0.language, $0.units) }
    }

    /// A guidance prompt ended (`GuidanceSessions.promptEnded`): an arrival heard ends the guidance,
    /// a prompt held back by a moment that has already passed (a tone that ended after the call) is
    /// said at once (queued), before the prompt player goes on.
    func guidancePromptEnded(_ client: ClientID, session id: UInt64, _ ending: GuidancePromptEnding) async {
        guard !stopped else { return }
        switch guidance.promptEnded(client, session: id, ending, now: now()) {
        case .nothing: break
        case .arrived: endGuidance(client: client, reason: .arrived)
        case .heldBack: await sayHeldBackGuidance()
        }
    }

    /// The one way a guidance prompt is queued (the announcer's, a held-back one said again, a
    /// repeat): as a maneuver in the guidance's language and units, with its priority, key and word
    /// budget. Nil when the guidance ended while it was being queued: then it is cancelled, since
    /// nothing of a guidance plays after its end.
    func queueGuidancePrompt(_ prompt: GuidancePrompt, client: ClientID, speech: GuidanceSession.Speech) async throws(EngineError) -> PromptTicket? {
        var options = PromptOptions.guidance(
            speech.id, priority: prompt.priority, key: prompt.key, announces: AnnouncedManeuver(maneuver: prompt.maneuverID, state: prompt.state))
        options.toneless = prompt.toneless
        options.wordBudget = prompt.wordBudget
        var request = PromptRequest(
            content: .maneuver(prompt.maneuver, then: prompt.then, andThen: prompt.andThen), language: speech.language, units: speech.units)
        request.departureArrival = prompt.arrival
        let (ticket, _) = try await enqueue(request, client: client, options: options)
        guard guidance.isCurrent(speech, of: client) else {
            prompts.cancel(client: client, id: ticket.id, reason: "guidance ended while this prompt was being queued")
            return nil
        }
        return ticket
    }

    /// Queues a guidance's status words or a driver's request (a reroute's, a pause's, the estimates)
    /// under `key`, as a normal prompt of the guidance.
    func queueGuidanceWords(
        _ content: PromptRequest.Content, client: ClientID, speech: GuidanceSession.Speech, key: String
    ) async throws(EngineError) -> PromptTicket {
        let options = PromptOptions.guidance(speech.id, priority: .normal, key: key, announces: nil)
        return try await enqueue(PromptRequest(content: content, language: speech.language), client: client, options: options).0
    }

    /// A guidance request's refusal, as the engine's.
    func guided<T>(_ body: () throws(GuidanceError) -> T) throws(EngineError) -> T {
        do {
            return try body()
        } catch {
            throw .guidance(error)
        }
    }

    /// The daemon's own time zone's offset at `instant`, from the C library (`TZ`, else
    /// /etc/localtime): Foundation's `TimeZone.current` needs ICU's zone data to know it.
    @Sendable static func localUTCOffset(at instant: Double) -> Int {
        // An instant no arrival can be written at has no offset (and time_t(1e19) would trap).
        guard let whole = time_t(exactly: instant.rounded(.down)), LocalTime.writableInstants.contains(instant) else { return 0 }
        var seconds = whole
        var local = tm()
        guard localtime_r(&seconds, &local) != nil else { return 0 }
        return local.tm_gmtoff
    }
}
