import AudioPolicy
import ClientGuidance
import Glibc
import Guidance
import Prompts
import RPC

/// Where the clients' guidance requests are taken, on the engine's loop: `GuidanceSessions` decides
/// what each says, and this part queues it, skips what it asks to skip and tells the subscribers.
///
/// A part of `VoxNavEngine`, owned by it and run only in its turns, as a SwiftNIO handler runs on its
/// channel's loop: each method is handed the engine as its isolated context, and the guidance
/// sessions are this part's alone.
final class GuidanceDesk {
    /// Every client's guidance, and what each guidance request decides.
    var sessions = GuidanceSessions()

    /// Starts (or restarts) guidance for a client (`EngineGuidance.start`). A guidance session
    /// the client had ends first, as `guidance.end` ends one (`guidance.ended`, reason `restarted`),
    /// so that no prompt of the old route plays into the new one. Refused while the car's own
    /// navigation guides; a refusal changes nothing.
    func start(
        _ client: ClientID, language: String?, profile: String?, units: UnitSystem?, verbosity: Verbosity, roads: RoadMentions,
        arrivalOnDeparture: Bool, on engine: isolated VoxNavEngine
    ) throws(EngineError) -> (language: String, profile: String, units: UnitSystem) {
        // The car's own navigation guides now (a `nativeNavigation` source runs).
        guard !engine.policy.sources.values.contains(where: { $0.kind == .nativeNavigation }) else { throw .nativeNavigationGuiding }
        let tag = language ?? engine.configuration.defaultLanguage
        guard let pack = engine.voices.pack(for: tag) else { throw .unknownLanguage(tag, available: engine.voices.languages) }
        let outputs = engine.configuration.policy.outputs
        let request = GuidanceSessions.Start(
            pack: pack, profile: profile, units: units, verbosity: verbosity, roads: roads, arrivalOnDeparture: arrivalOnDeparture,
            preRoll: outputs.preRoll(forSink: engine.promptSink), idleGap: outputs.idleGap)
        let started = try Self.guided { () throws(GuidanceError) in try sessions.start(client, request) }
        if started.replaced { ended(client, reason: .restarted, on: engine) }
        return (started.session.language, started.profile, started.session.units)
    }

    /// Takes one progress report; queues what the announcer decides and says what it planned, and
    /// the quiet window after it (`Announcer.quiet`). A report that names a maneuver never described
    /// is refused whole, changing nothing.
    func update(_ client: ClientID, progress: GuidanceProgress, on engine: isolated VoxNavEngine) async throws(EngineError)
        -> GuidanceUpdate.Result
    {
        let wall = WallClock(now: engine.clock.wallNow(), utcOffset: Self.localUTCOffset(at:))
        let plan = try Self.guided { () throws(GuidanceError) in try sessions.update(client, progress, now: engine.now(), wall: wall) }
        for id in plan.assumedTrafficSides {
            engine.logger.warning(
                "a roundabout without trafficSide: right-hand traffic assumed (its way round and exits are wrong where traffic keeps left)",
                metadata: ["client": "\(client.rawValue)", "maneuver": "\(id)"])
        }
        for (prompt, said) in plan.prompts {
            // The session may end while a prompt is being made (guidance.end, the car's navigation):
            // nothing queued for it may play after its end.
            guard sessions.isCurrent(plan.speech, of: client) else { break }
            do {
                if let ticket = try await queuePrompt(prompt, client: client, speech: plan.speech, on: engine) {
                    sessions.queued(said, as: ticket.id.rawValue, client: client, of: plan.speech)
                }
            } catch {
                // Not queued (a full queue, the server away): the announcer has moved on; say so.
                engine.logger.warning("a guidance prompt was not queued", metadata: ["client": "\(client.rawValue)", "error": "\(error)"])
                sessions.unsaid(said, client: client, of: plan.speech)
            }
        }
        return plan.result
    }

    /// Ends a client's guidance, with a `guidance.ended` event: the prompts it queued are cancelled,
    /// waiting and playing (none plays after its end), or, for a trip that is done (`finished`,
    /// `arrived`), the waiting ones, the playing one said to its end. Returns false when it had none.
    @discardableResult
    func end(_ client: ClientID, reason: GuidanceEndReason, on engine: isolated VoxNavEngine) -> Bool {
        guard sessions.end(client, reason: reason) else { return false }
        ended(client, reason: reason, on: engine)
        return true
    }

    /// Tells that a client's guidance ended and ends its prompts as the reason says.
    private func ended(_ client: ClientID, reason: GuidanceEndReason, on engine: isolated VoxNavEngine) {
        engine.emit(.guidanceEnded(client: client.rawValue, reason: reason.rawValue))
        if reason.letsThePlayingPromptFinish {
            engine.player.cancelWaitingGuidance(client: client, reason: reason.promptReason)
        } else {
            engine.player.cancelGuidance(client: client, reason: reason.promptReason)
        }
    }

    /// The car's own navigation started: every client's guidance ends at once (the CarPlay rule).
    func nativeNavigationTookOver(on engine: isolated VoxNavEngine) {
        for client in sessions.clients { end(client, reason: .nativeNavigation, on: engine) }
    }

    /// A guidance prompt ended (`GuidanceSessions.promptEnded`): an arrival heard ends the guidance,
    /// a prompt held back by a moment that has already passed (a tone that ended after the call) is
    /// said at once (queued), before the prompt player goes on.
    func promptEnded(_ client: ClientID, session id: UInt64, _ ending: GuidancePromptEnding, on engine: isolated VoxNavEngine) async {
        switch sessions.promptEnded(client, session: id, ending, now: engine.now()) {
        case .nothing: break
        case .arrived: end(client, reason: .arrived, on: engine)
        case .heldBack: await sayHeldBack(on: engine)
        }
    }

    /// The one way a guidance prompt is queued (the announcer's, a held-back one said again, a
    /// repeat): as a maneuver in the guidance's language and units, with its priority, key and word
    /// budget. Nil when the guidance ended while it was being queued: then it is cancelled, since
    /// nothing of a guidance plays after its end.
    func queuePrompt(_ prompt: GuidancePrompt, client: ClientID, speech: GuidanceSession.Speech, on engine: isolated VoxNavEngine)
        async throws(EngineError) -> PromptTicket?
    {
        var options = PromptOptions.guidance(
            speech.id, priority: prompt.priority, key: prompt.key, announces: AnnouncedManeuver(maneuver: prompt.maneuverID, state: prompt.state))
        options.toneless = prompt.toneless
        options.wordBudget = prompt.wordBudget
        var request = PromptRequest(
            content: .maneuver(prompt.maneuver, then: prompt.then, andThen: prompt.andThen), language: speech.language, units: speech.units)
        request.departureArrival = prompt.arrival
        let (ticket, _) = try await engine.promptDesk.enqueue(request, client: client, options: options, on: engine)
        guard sessions.isCurrent(speech, of: client) else {
            engine.player.cancel(client: client, id: ticket.id, reason: "guidance ended while this prompt was being queued")
            return nil
        }
        return ticket
    }

    /// For each guidance whose latest instruction the moment held back and whose instructions are
    /// spoken again now: the maneuver ahead as it is now, queued once (`GuidanceSessions.releaseHeldBack`).
    func sayHeldBack(on engine: isolated VoxNavEngine) async {
        let planned = sessions.releaseHeldBack(now: engine.now()) { engine.policy.promptStyle(for: $0, purpose: .instruction) == .normal }
        for item in planned {
            do {
                guard try await queuePrompt(item.prompt, client: item.client, speech: item.speech, on: engine) != nil else { continue }
                engine.logger.info(
                    "the maneuver ahead is said again after a held-back prompt",
                    metadata: ["client": "\(item.client.rawValue)", "maneuver": "\(item.prompt.maneuverID)", "distance": "\(Int(item.prompt.distance))"])
            } catch {
                engine.logger.warning(
                    "a held-back guidance prompt was not said again", metadata: ["client": "\(item.client.rawValue)", "error": "\(error)"])
            }
        }
    }

    /// A guidance request's refusal, as the engine's.
    static func guided<T>(_ body: () throws(GuidanceError) -> T) throws(EngineError) -> T {
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
