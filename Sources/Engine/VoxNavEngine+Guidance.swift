import AudioPolicy
import Guidance
import RPC

extension VoxNavEngine {
    /// Starts (or restarts) guidance for a client in a language, with a vehicle profile, its distances
    /// in `units` (one the pack words; nil: the pack's own). Refused while the car's own navigation guides.
    public func startGuidance(client: ClientID, language: String?, profile: String?, units: UnitSystem? = nil) throws
        -> (language: String, profile: String, units: UnitSystem)
    {
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
        guidanceSessionsStarted += 1
        guidance[client] = GuidanceSession(id: guidanceSessionsStarted, pack: pack, profile: vehicle, units: system)
        return (pack.language, profileName, system)
    }

    /// Takes one progress report; speaks what the announcer decides (queued, not awaited) and says what it planned.
    /// A report that names a maneuver never described is refused whole, changing nothing.
    public func updateGuidance(client: ClientID, progress: GuidanceProgress) async throws -> [PlannedPrompt] {
        guard var session = guidance[client] else { throw EngineError.noGuidance }
        for item in progress.upcoming {
            if let maneuver = item.maneuver { session.maneuvers[item.id] = maneuver }
            guard session.maneuvers[item.id] != nil else { throw EngineError.unknownManeuver(item.id) }
        }
        if progress.time != nil { session.clientClock = true }
        let now = progress.time ?? now()
        let update = RouteProgress(
            time: now, speed: progress.speed,
            maneuvers: progress.upcoming.map { RouteProgress.UpcomingManeuver(id: $0.id, distance: $0.distance) })
        var planned: [PlannedPrompt] = []
        var requests: [(PromptRequest, PromptOptions)] = []
        for announcement in session.announcer.update(update) {
            guard var maneuver = session.maneuvers[announcement.maneuverID], let text = session.text(for: announcement) else { continue }
            maneuver.state = announcement.state
            maneuver.distanceRemaining = announcement.distance
            let next = announcement.chainedManeuverID.flatMap { session.maneuvers[$0] }
            // "Turn now" matters most; "continue for …" least. A newer prompt for the maneuver replaces a waiting one.
            let priority: PromptPriority = announcement.state == .execute ? .important : announcement.state == .continue ? .low : .normal
            var options = PromptOptions(priority: priority, key: announcement.maneuverID)
            options.fromGuidance = true
            requests.append((PromptRequest(content: .maneuver(maneuver, then: next), language: session.language, units: session.units), options))
            planned.append(
                PlannedPrompt(
                    maneuverID: announcement.maneuverID, state: announcement.state, text: text,
                    distance: announcement.distance, chainedManeuverID: announcement.chainedManeuverID))
        }
        guidance[client] = session
        for (request, options) in requests {
            // The session may end while a prompt is being made (guidance.end, the car's navigation):
            // nothing queued for it may play after its end.
            guard guidance[client]?.id == session.id else { break }
            do {
                let (ticket, _) = try await enqueue(request, client: client, options: options)
                if guidance[client]?.id != session.id {
                    await prompts.cancel(client: client, id: ticket.id, reason: "guidance ended while this prompt was being queued")
                }
            } catch {
                // Not queued (a full queue, the server away): the announcer has moved on; say so.
                logger.warning("a guidance prompt was not queued", metadata: ["client": "\(client.rawValue)", "error": "\(error)"])
            }
        }
        return planned
    }

    /// Ends a client's guidance, with a `guidance.ended` event: the prompts it queued, waiting or
    /// playing, are cancelled (none plays after its end). Returns false when it had none.
    @discardableResult
    public func endGuidance(client: ClientID, reason: GuidanceEndReason = .clientRequest) async -> Bool {
        guard guidance.removeValue(forKey: client) != nil else { return false }
        var event = EngineEvent(type: .guidanceEnded, time: now())
        event.client = client.rawValue
        event.reason = reason.rawValue
        emit(event)
        await prompts.cancelGuidance(client: client, reason: reason.promptReason)
        return true
    }

    /// Whether the car's own navigation guides now (a `nativeNavigation` source runs).
    var nativeNavigationGuiding: Bool { policy.sources.values.contains { $0.kind == .nativeNavigation } }

    /// The car's own navigation started: every client's guidance ends at once (the CarPlay rule).
    func nativeNavigationTookOver() async {
        for client in guidance.keys.sorted() { await endGuidance(client: client, reason: .nativeNavigation) }
    }

    /// The real end of a prompt replaces the announcer's estimate (only on the daemon's own clock).
    func guidancePromptFinished(client: ClientID) {
        guard var session = guidance[client], !session.clientClock else { return }
        session.announcer.promptDidFinish(at: now())
        guidance[client] = session
    }
}
