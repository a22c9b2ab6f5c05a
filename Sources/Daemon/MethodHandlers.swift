import AudioPolicy
import ClientGuidance
import Engine
import Guidance
import Prompts
import RPC
import Speech

/// What the daemon does for each method: the params arrive checked, the engine is asked.
enum MethodHandlers {
    static func table(engine: VoxNavEngine) -> MethodTable {
        var table = MethodTable()
        table.on(PromptSpeak.self) { p, client in
            let content: PromptRequest.Content =
                p.maneuver.map { .maneuver($0, then: p.then) } ?? p.ssml.map(PromptRequest.Content.markup) ?? .text(p.text ?? "")
            let request = PromptRequest(content: content, language: p.language)
            var options = PromptOptions(priority: p.priority ?? .normal, deadline: p.deadline, key: p.key, outlivesClient: p.outliveClient ?? false)
            options.timingFromText = p.timingFromText ?? false
            options.prosody = VoiceProsody(rate: p.rate ?? 0, pitch: p.pitch ?? 0)
            if p.wait == false {
                let queued = try await engine.prompts.queue(request, client: client.id, options: options)
                return .queued(QueuedPrompt(id: queued.id.rawValue, position: queued.position))
            }
            return .outcome(try await engine.prompts.speak(request, client: client.id, options: options))
        }
        table.on(PromptAlert.self) { p, client in
            // In the client's guidance language and units, unless it names another language.
            let guidance = await engine.guidance.speech(of: client.id)
            let language = p.language ?? guidance?.language
            let units = language == guidance?.language ? guidance?.units : nil
            let content: PromptRequest.Content = p.kind.map { .alert($0, distance: p.distance) } ?? .alertText(p.text ?? [])
            let request = PromptRequest(content: content, language: language, units: units)
            // An alert matters more than any maneuver but "turn now"; a newer one of the same kind replaces one
            // waiting (an alert in its own words stands alone). Not said by its dismissal, it never is.
            let options = PromptOptions(priority: .important, deadline: p.latestStart, key: p.kind.map { "alert.\($0.rawValue)" })
            if p.wait == false {
                let queued = try await engine.prompts.queue(request, client: client.id, options: options)
                return .queued(QueuedPrompt(id: queued.id.rawValue, position: queued.position))
            }
            return .outcome(try await engine.prompts.speak(request, client: client.id, options: options))
        }
        table.on(PromptCancel.self) { p, client in
            let cancelled = await engine.prompts.cancel(client: client.id, id: p.id.map(PromptID.init(rawValue:)))
            return .init(cancelled: cancelled.map(\.rawValue))
        }
        table.on(EventsSubscribe.self) { p, client in
            let types = p.types.map(Set.init)
            let filter = EventFilter(types: types)
            let token = engine.subscribe { [weak client] event in
                guard let client, !client.isDropped, filter.admits(event.type), let params = try? JSONValue(encoding: event) else { return }
                client.notify(RPCNotification(method: EventRecord.notificationMethod, params: params))
            }
            if let old = client.subscribed(token) { engine.unsubscribe(old) }
            return Subscription(subscribed: types.map { $0.sorted() } ?? EventType.allCases.map(\.rawValue))
        }
        table.on(EventsUnsubscribe.self) { _, client in
            if let token = client.unsubscribed() { engine.unsubscribe(token) }
            return Subscription(subscribed: [])
        }
        table.on(SessionConfigure.self) { p, client in
            do {
                try await engine.sessions.configure(client: client.id, p.configuration)
            } catch EngineError.invalidSession(let why) {
                throw RPCError.invalidParams("impossible session configuration: \(why)")
            }
            return .init(configured: p.configuration)
        }
        table.on(SessionSetActive.self) { p, client in
            let effects = try await engine.sessions.setActive(client: client.id, active: p.active, notifyOthers: p.notifyOthers ?? true)
            return .init(active: p.active, effects: effects)
        }
        table.on(SessionPromptStyle.self) { _, client in
            await promptStyles(engine, client.id)
        }
        table.on(SessionVoiceGuidance.self) { p, client in
            await engine.settings.setVoiceGuidance(client: client.id, p.level)
            return await promptStyles(engine, client.id)
        }
        table.on(SessionPromptsDuringCall.self) { p, client in
            await engine.settings.setPromptsDuringCall(client: client.id, p.setting)
            return await promptStyles(engine, client.id)
        }
        table.on(SessionGuidanceGain.self) { p, client in
            await engine.settings.setGuidanceGain(client: client.id, p.gain)
            return await promptStyles(engine, client.id)
        }
        table.on(SessionVoiceControl.self) { p, client in
            .init(shown: p.shown, style: await engine.sessions.setVoiceControl(client: client.id, shown: p.shown))
        }
        table.on(AuditGet.self) { p, client in
            let all = p.all ?? true
            return .init(violations: await engine.sessions.violations(of: all ? nil : client.id).map(EngineState.ViolationEntry.init))
        }
        table.on(SourceStart.self) { p, _ in
            try await engine.sources.start(p.kind, activity: p.activity ?? .default, duration: p.duration)
        }
        table.on(SourceStop.self) { p, _ in
            try await engine.sources.stop(p.kind)
            return .init(kind: p.kind, state: "stopped")
        }
        table.on(SourceList.self) { _, _ in
            .init(sources: try await engine.state().sources)
        }
        table.on(StateGet.self) { _, _ in
            try await engine.state()
        }
        table.on(GuidanceStart.self) { p, client in
            let verbosity = p.verbosity ?? .normal
            let roads = RoadMentions(names: p.roadNames ?? true, numbers: p.roadNumbers ?? true)
            let arrivalOnDeparture = p.arrivalOnDeparture ?? false
            let started = try await engine.guidance.start(
                client: client.id, language: p.language, profile: p.profile, units: p.units, verbosity: verbosity, roads: roads,
                arrivalOnDeparture: arrivalOnDeparture)
            // The route's first report, when the request brings it (every maneuver described: it cannot be refused).
            var first: GuidanceUpdate.Result?
            if let update = p.firstUpdate { first = try await engine.guidance.update(client: client.id, progress: GuidanceProgress(update)) }
            return .init(
                language: started.language, profile: started.profile, units: started.units, verbosity: verbosity, roadNames: roads.names,
                roadNumbers: roads.numbers, arrivalOnDeparture: arrivalOnDeparture, first: first)
        }
        table.on(GuidanceUpdate.self) { p, client in
            try await engine.guidance.update(client: client.id, progress: GuidanceProgress(p))
        }
        table.on(GuidanceReroute.self) { p, client in
            try await engine.guidance.reroute(client: client.id, time: p.time)
        }
        table.on(GuidanceRepeat.self) { p, client in
            try await engine.guidance.repeatNext(client: client.id, time: p.time)
        }
        table.on(GuidanceEstimates.self) { p, client in
            try await engine.guidance.estimates(client: client.id, time: p.time)
        }
        table.on(GuidancePause.self) { p, client in
            try await engine.guidance.pause(client: client.id, reason: p.reason, time: p.time)
        }
        table.on(GuidanceResume.self) { _, client in
            let from = try await engine.guidance.resume(client: client.id)
            return .init(resumed: from != nil, from: from)
        }
        table.on(GuidanceEnd.self) { p, client in
            let reason: GuidanceEndReason =
                switch p.reason {
                case .finished: .finished
                case .cancelled: .cancelled
                case nil: .clientRequest
                }
            await engine.guidance.end(client: client.id, reason: reason)
            return .init(ended: true)
        }
        table.on(ClockAdvance.self) { p, _ in
            do {
                try await engine.clock.advance(to: p.to)
            } catch {
                throw RPCError.engineFailure("\(error)")
            }
            return .init(now: engine.clock.now(), clock: engine.clock.mode.rawValue)
        }
        return table
    }

    /// What `session.promptStyle` answers: the styles of an instruction and of an alert, and the level.
    private static func promptStyles(_ engine: VoxNavEngine, _ client: ClientID) async -> SessionPromptStyle.Result {
        await .init(
            style: engine.sessions.promptStyle(client: client, purpose: .instruction), alertStyle: engine.sessions.promptStyle(client: client, purpose: .alert),
            voiceGuidance: engine.settings.voiceGuidance(client: client), promptsDuringCall: engine.settings.promptsDuringCall(client: client),
            guidanceGain: engine.settings.guidanceGain(client: client))
    }
}
