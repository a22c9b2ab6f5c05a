/// The whole audio policy as one value: feed it inputs, get decisions. No clock, no I/O.
public struct PolicyEngine: Sendable {
    public let policy: Policy
    public private(set) var sources: [SourceID: Source] = [:]
    public private(set) var configurations: [ClientID: SessionConfiguration] = [:]
    public private(set) var windows: [ClientID: ActivationWindow] = [:]
    public private(set) var audit = Audit()
    public private(set) var resolution = FocusResolution()
    private var voiceControlShown: Set<ClientID> = []
    /// What the driver set for each client's prompts.
    public private(set) var settings = DriverSettings()
    /// The configuration each client was last audited for playing prompts with: audited once per configuration.
    private var promptConfigurationsAudited: [ClientID: SessionConfiguration] = [:]
    private var ordinals: [ParticipantID: Int] = [:]
    private var nextOrdinal = 0
    /// The prompt playing now, from its `promptReady` that granted a style to its `promptFinished` or
    /// its cut: after every input its verdict is taken again, and a quieter one cuts it (`cutPrompt`),
    /// once: the cut withdraws the grant.
    public private(set) var inFlight: PromptInFlight?
    /// Prompt sessions just deactivated whose ducks and pauses are still held (`ReleasingSession`).
    public private(set) var releasing: [ClientID: ReleasingSession] = [:]
    /// Another prompt is coming as soon as it is made (`PolicyInput.promptComing`), until one is ready.
    public private(set) var promptComing = false
    /// dB (≤ 0) every duck goes deeper by, for the prompt in flight to stand out of a loud bed
    /// (`levels`); held while a prompt plays, its session lingers or its hold lasts, so that
    /// back-to-back prompts over the same bed do not pump.
    public private(set) var deeperDuck: Double = 0
    public private(set) var now: Double = 0

    public init(policy: Policy) {
        self.policy = policy
    }

    // MARK: Queries

    /// Clients whose session is active.
    public var activeClients: [ClientID] { windows.filter { $0.value.isActive }.map(\.key).sorted() }

    public func state(of participant: ParticipantID) -> EffectiveState? { resolution.states[participant] }

    /// The style a prompt of `client` for `purpose` would get right now: the style rules' answer, no
    /// louder than the client's voice-guidance level allows.
    public func promptStyle(for client: ClientID, purpose: PromptPurpose = .instruction) -> PromptStyle {
        promptStyle(for: client, purpose: purpose, given: conditions(for: client))
    }

    /// `promptStyle(for:purpose:)` under conditions already found.
    private func promptStyle(for client: ClientID, purpose: PromptPurpose, given conditions: Set<PromptCondition>) -> PromptStyle {
        let style = policy.oracle.style(given: conditions, duringCall: settings.promptsDuringCall(of: client))
        return min(style, settings.voiceGuidance(of: client).cap(for: purpose))
    }

    /// The facts about the car that bear on `client`'s prompt style now.
    public func conditions(for client: ClientID) -> Set<PromptCondition> {
        let playing = sources.values.filter { resolution.states[.source($0.id)] != .stopped }
        let active = Dictionary(uniqueKeysWithValues: activeClients.compactMap { c in configurations[c].map { (c, $0) } })
        return policy.oracle.conditions(for: client, sources: playing, activeSessions: active, voiceControlShown: !voiceControlShown.isEmpty)
    }

    /// Whether `client` shows its voice-control template (the one window it may record in).
    public func showsVoiceControl(_ client: ClientID) -> Bool { voiceControlShown.contains(client) }

    /// The next time `tick` may change something (a linger, an idle cap or a hold running out).
    public var nextDeadline: Double? {
        (windows.values.compactMap(\.nextDeadline) + releasing.keys.map(holdEnd)).min()
    }

    /// When `client`'s hold ends, stretched while the next prompt is known to be near.
    public func holdEnd(_ client: ClientID) -> Double {
        guard let held = releasing[client] else { return now }
        return held.end(comingNext: promptComing, cap: max(policy.ramps.hold, policy.ramps.holdForNext))
    }

    /// Whether `client`'s prompt session has deactivated and what it ducked or paused is still held.
    public func isReleasing(_ client: ClientID) -> Bool { releasing[client] != nil }

    // MARK: Inputs

    public mutating func apply(_ input: PolicyInput) -> [PolicyDecision] {
        // A hold the input ended (nothing near any more) ends now.
        let out = applyAlone(input) + advance(to: now)
        if inFlight == nil, releasing.isEmpty, windows.values.allSatisfy({ $0.lingerUntil == nil }) { deeperDuck = 0 }
        // Whatever changed, the prompt in flight is judged again: the one place a playing prompt is cut.
        return out + cutInFlightIfSilenced()
    }

    private mutating func applyAlone(_ input: PolicyInput) -> [PolicyDecision] {
        var out = advance(to: max(now, input.at))
        switch input {
        case .sourceStarted(let source, _):
            let id = ParticipantID.source(source.id)
            resolution.forget(id)
            sources[source.id] = source
            ordinals[id] = takeOrdinal()
            out += resolve()
            if source.kind == .nativeNavigation { out.append(.nativeNavigationTookOver) }
        case .sourceChanged(let id, let activity, _):
            guard sources[id] != nil else { break }
            sources[id]?.activity = activity
            ordinals[.source(id)] = takeOrdinal()
            out += resolve()
        case .sourceEnded(let id, _):
            sources[id] = nil
            ordinals[.source(id)] = nil
            resolution.forget(.source(id))
            out += resolve()
        case .configure(let client, let configuration, _):
            out += configure(client, configuration)
        case .activate(let client, _):
            out += activate(client)
        case .deactivate(let client, let notify, _):
            guard isActive(client) else { break }
            if !notify {
                out += record(client, .deactivatedWithoutNotify, "interrupted audio is not told to resume")
            }
            windows[client]?.reset()
            out += deactivated(client, .clientRequest, notify: notify)
        case .promptReady(let client, _):
            let (verdict, decisions) = promptReady(client)
            out += decisions
            switch verdict {
            case .play(let style): out.append(.playPrompt(client, style.promptStyle))
            case .skip(let reason): out.append(.skipPrompt(client, why: reason))
            case .noSession: break
            }
        case .promptComing:
            promptComing = true
        case .duckDeeper(let extra, _):
            if inFlight != nil { deeperDuck = min(deeperDuck, extra, 0) }
        case .promptFinished(let client, let due, _):
            if inFlight?.client == client { inFlight = nil }
            let t = now
            out += run(client) { $0.promptFinished(at: t, nextDueAt: due) }
        case .voiceGuidance, .promptsDuringCall, .guidanceGain:
            settings.take(input)
        case .voiceControlScreen(let client, let shown, _):
            out += voiceControlScreen(client, shown: shown)
        case .clientGone(let client, _):
            out += clientGone(client)
        case .tick:
            break
        }
        return out
    }

    /// A client asks for its session to be active: refused while a holder rejects its role.
    private mutating func activate(_ client: ClientID) -> [PolicyDecision] {
        var out: [PolicyDecision] = []
        guard let role = role(of: client, &out) else { return out }
        if !isActive(client), let holder = rejection(of: role) {
            return out + [.activationRejected(client, holder: holder)]
        }
        let t = now
        if configurations[client]?.records == true, voiceControlShown.contains(client) {
            // A voice search in its template: the microphone is its audio for `voiceInputCap`; then
            // the idle cap runs, so that a template left shown keeps nothing paused for good.
            let until = t + policy.voiceInputCap
            return out + run(client) { $0.listening(at: t, until: until) }
        }
        return out + run(client) { $0.clientRequestedActive(at: t) }
    }

    /// A client's voice-control screen shown or hidden.
    private mutating func voiceControlScreen(_ client: ClientID, shown: Bool) -> [PolicyDecision] {
        if shown { voiceControlShown.insert(client) } else { voiceControlShown.remove(client) }
        // Hidden while its session still records: the recording goes on outside the window.
        guard !shown, isActive(client), let configuration = configurations[client], configuration.records else { return [] }
        var out = record(client, .recordingInCar, "\(configuration) still recording after its voice-control screen was hidden")
        // Its microphone no longer counts as audio: it is held active without audio, the idle cap running from now.
        let t = now
        out += run(client) { window in
            window.clientRequestedActive(at: t) + window.promptFinished(at: t)
        }
        return out
    }

    /// A client went away: its session ends, and everything it set is forgotten.
    private mutating func clientGone(_ client: ClientID) -> [PolicyDecision] {
        var out: [PolicyDecision] = []
        if isActive(client) {
            // Gone while its session lingered after its prompt (for a prompt that waits, perhaps
            // another client's): what it ducked is held as after any prompt, for that one to take over.
            let afterItsPrompt = windows[client]?.lingerUntil != nil
            windows[client]?.reset()
            out += deactivated(client, .clientRequest, notify: true, holding: afterItsPrompt)
        }
        windows[client] = nil
        configurations[client] = nil
        if inFlight?.client == client { inFlight = nil }
        voiceControlShown.remove(client)
        promptConfigurationsAudited[client] = nil
        settings.forget(client)
        return out
    }

    // MARK: Internals

    private mutating func takeOrdinal() -> Int {
        nextOrdinal += 1
        return nextOrdinal
    }

    private func isActive(_ client: ClientID) -> Bool { windows[client]?.isActive == true }

    /// Process every deadline up to `time`, in time order, then move the clock.
    private mutating func advance(to time: Double) -> [PolicyDecision] {
        var out: [PolicyDecision] = []
        while let deadline = nextDeadline, deadline <= time {
            now = max(now, deadline)
            let before = (windows, releasing)
            for client in windows.keys.sorted() where windows[client]?.nextDeadline.map({ $0 <= deadline }) == true {
                out += run(client) { $0.tick(now: deadline) }
            }
            for client in releasing.keys.sorted() where holdEnd(client) <= deadline {
                out += released(client)
            }
            if windows == before.0 && releasing == before.1 { break }  // a deadline that changes nothing must not spin
        }
        now = time
        return out
    }

    private mutating func configure(_ client: ClientID, _ configuration: SessionConfiguration) -> [PolicyDecision] {
        do throws(SessionConfigurationError) {
            try configuration.validate()
        } catch {
            return [.configurationRejected(client, error)]
        }
        let old = configurations[client]
        configurations[client] = configuration
        if windows[client] == nil { windows[client] = policy.makeWindow() }
        var out: [PolicyDecision] = []
        // An active session that starts recording by being reconfigured records from that moment.
        if isActive(client), configuration.records, old?.records != true, !voiceControlShown.contains(client) {
            out += record(client, .recordingInCar, "\(configuration) outside a voice-control screen")
        }
        guard isActive(client), old?.focusRole != configuration.focusRole else { return out }
        // A reconfigured active session takes part anew in its new role.
        ordinals[.session(client)] = takeOrdinal()
        return out + resolve(activated: client)
    }

    private mutating func role(of client: ClientID, _ out: inout [PolicyDecision]) -> FocusRole? {
        guard let configuration = configurations[client] else {
            out.append(.configurationRejected(client, SessionConfigurationError("no session configured")))
            return nil
        }
        return configuration.focusRole
    }

    /// A client's prompt audio is ready: the verdict on it, and the other decisions (the session
    /// activating, sources ducked or paused). The same as `apply(.promptReady(client, at: time))`,
    /// whose decisions carry the verdict as `.playPrompt` or `.skipPrompt`.
    public mutating func promptReady(_ client: ClientID, purpose: PromptPurpose = .instruction, at time: Double)
        -> (verdict: PromptVerdict, decisions: [PolicyDecision])
    {
        let earlier = advance(to: max(now, time)) + cutInFlightIfSilenced()
        let (verdict, decisions) = promptReady(client, purpose: purpose)
        return (verdict, earlier + decisions + advance(to: now))
    }

    private mutating func promptReady(_ client: ClientID, purpose: PromptPurpose = .instruction) -> (PromptVerdict, [PolicyDecision]) {
        promptComing = false  // the prompt that was coming has come
        guard let configuration = configurations[client] else {
            let error = SessionConfigurationError("no session configured")
            return (.noSession(error), [.configurationRejected(client, error)])
        }
        let role = configuration.focusRole
        let audible: AudibleStyle
        switch promptStyle(for: client, purpose: purpose) {
        case .none:
            let level = settings.voiceGuidance(of: client)
            if level.cap(for: purpose) == .none {
                return (.skip(reason: "voice guidance \(level.rawValue): the user silenced \(purpose == .instruction ? "instructions" : "every prompt")"), [])
            }
            return (.skip(reason: "prompt style none: \(conditionsText(for: client))"), [])
        case .short: audible = .short
        case .normal: audible = .normal
        }
        if !isActive(client), let holder = rejection(of: role) {
            return (.skip(reason: "\(holder.rawValue) rejects \(role.rawValue)"), [])
        }
        let t = now
        var out = run(client) { $0.audioReady(at: t) }
        guard isActive(client) else { return (.skip(reason: "the session did not activate"), out) }
        out += auditPromptConfiguration(of: client, configuration)
        inFlight = PromptInFlight(client: client, purpose: purpose, style: audible, conditions: conditions(for: client))
        return (.play(audible), out)
    }

    /// The prompt in flight, judged again: cut once its verdict is quieter than the style it was
    /// granted; the cut withdraws its grant (the player keeps the cut, `PlayingPrompt.Stop`).
    private mutating func cutInFlightIfSilenced() -> [PolicyDecision] {
        guard let flight = inFlight else { return [] }
        let holding = conditions(for: flight.client)
        let cut = flight.cutOwed(
            now: promptStyle(for: flight.client, purpose: flight.purpose, given: holding), holding: holding,
            cap: settings.voiceGuidance(of: flight.client).cap(for: flight.purpose), oracle: policy.oracle,
            duringCall: settings.promptsDuringCall(of: flight.client))
        guard let cut else { return [] }
        inFlight = nil
        return [.cutPrompt(cut)]
    }

    /// A prompt plays in a session that is not what the CarPlay guide asks for prompts: audited, once
    /// for each configuration a client plays prompts with.
    private mutating func auditPromptConfiguration(of client: ClientID, _ configuration: SessionConfiguration) -> [PolicyDecision] {
        let missing = configuration.missingForPrompts
        guard !missing.isEmpty, promptConfigurationsAudited[client] != configuration else { return [] }
        promptConfigurationsAudited[client] = configuration
        return record(
            client, .promptSessionMisconfigured,
            "prompts played in \(configuration), without \(missing.joined(separator: ", ")): the CarPlay guide asks for "
                + "\(SessionConfiguration.voicePrompt)")
    }

    private func conditionsText(for client: ClientID) -> String {
        conditions(for: client).map(\.rawValue).sorted().joined(separator: ", ")
    }

    private func rejection(of role: FocusRole) -> FocusRole? {
        policy.arbiter.rejection(of: role, among: participants(), in: resolution)?.role
    }

    /// Run a window input for `client` and carry out what it decides.
    private mutating func run(_ client: ClientID, _ step: (inout ActivationWindow) -> [ActivationWindow.Output])
        -> [PolicyDecision]
    {
        guard var window = windows[client] else { return [] }
        let outputs = step(&window)
        windows[client] = window
        var out: [PolicyDecision] = []
        for output in outputs {
            switch output {
            case .activate:
                // Activated within its own hold: it takes its ducks and pauses over as they are.
                if releasing.removeValue(forKey: client) != nil { resolution.forget(.session(client)) }
                ordinals[.session(client)] = takeOrdinal()
                out.append(.sessionActivated(client))
                if configurations[client]?.records == true && !voiceControlShown.contains(client) {
                    out += record(client, .recordingInCar, "\(configurations[client]!) outside a voice-control screen")
                }
                out += resolve(activated: client)
            case .deactivate(let reason):
                out += deactivated(client, reason, notify: true)
            case .violation(let rule, let at, let detail):
                out += record(client, rule, detail, at: at)
            }
        }
        return out
    }

    @discardableResult
    private mutating func record(_ client: ClientID, _ rule: GuidelineRule, _ detail: String, at: Double? = nil)
        -> [PolicyDecision]
    {
        let violation = Violation(client: client, at: at ?? now, rule: rule, detail: detail)
        audit.record(violation)
        return [.violation(violation)]
    }

    /// - Parameter holding: whether what it ducked or paused is held (`ReleasingSession`); by default
    ///   as its reason says.
    private mutating func deactivated(_ client: ClientID, _ reason: DeactivationReason, notify: Bool, holding: Bool? = nil)
        -> [PolicyDecision]
    {
        let id = ParticipantID.session(client)
        if notify, holding ?? ReleasingSession.holds(after: reason), policy.ramps.hold > 0, let ordinal = ordinals[id],
            let role = configurations[client]?.focusRole, holdsOthers(id)
        {
            // Inactive now; what it ducked or paused waits for the hold to end (`released`).
            ordinals[id] = nil
            releasing[client] = ReleasingSession(role: role, ordinal: ordinal, from: now, until: now + policy.ramps.hold)
            return [.sessionDeactivated(client, reason)]
        }
        ordinals[id] = nil
        var out: [PolicyDecision] = [.sessionDeactivated(client, reason)]
        out += resolve(releasedWithoutNotify: notify ? nil : id)
        resolution.forget(id)
        return out
    }

    /// A hold has ended: what the releasing session alone ducked or paused is restored or resumed.
    private mutating func released(_ client: ClientID) -> [PolicyDecision] {
        guard releasing.removeValue(forKey: client) != nil else { return [] }
        let out = resolve()
        resolution.forget(.session(client))
        return out
    }

    /// Whether anyone else is ducked or paused while `id` takes part: only then is a hold worth it.
    private func holdsOthers(_ id: ParticipantID) -> Bool {
        resolution.states.contains { other, state in
            guard other != id else { return false }
            switch state {
            case .ducked, .paused: return true
            case .playing, .stopped: return false
            }
        }
    }

    /// Everyone taking part in focus now, with their start order.
    func participants() -> [Participant] {
        var list: [Participant] = []
        for (id, source) in sources {
            if let ordinal = ordinals[.source(id)] {
                list.append(Participant(id: .source(id), role: source.focusRole, ordinal: ordinal))
            }
        }
        for client in activeClients {
            if let configuration = configurations[client], let ordinal = ordinals[.session(client)] {
                list.append(Participant(id: .session(client), role: configuration.focusRole, ordinal: ordinal))
            }
        }
        for (client, held) in releasing {
            list.append(Participant(id: .session(client), role: held.role, ordinal: held.ordinal))
        }
        return list
    }

    /// Re-resolve focus and turn the changes into decisions: a session stopped by another participant (or told
    /// not to resume after one deactivated without notify) is deactivated; a radio stopped by a client's non-mixing session is a violation.
    private mutating func resolve(activated: ClientID? = nil, releasedWithoutNotify: ParticipantID? = nil)
        -> [PolicyDecision]
    {
        let (next, events) = policy.arbiter.resolve(participants(), previous: resolution, releasedWithoutNotify: releasedWithoutNotify)
        resolution = next
        // A releasing session makes no sound: nothing is carried out on it. Stopped, or told not to
        // resume, it lets go of what it held at once.
        var told: [FocusEvent] = []
        var letGo: [ClientID] = []
        for event in events {
            guard case .session(let client) = event.participant, releasing[client] != nil else {
                told.append(event)
                continue
            }
            switch event {
            case .stopped, .interruptionEnded(_, shouldResume: false): letGo.append(client)
            default: break
            }
        }
        var out = told.map(PolicyDecision.focus)
        for event in told {
            // Lost focus for good: stopped outright, or told after an interruption not to resume.
            let id: ParticipantID
            switch event {
            case .stopped(let p), .interruptionEnded(let p, shouldResume: false): id = p
            default: continue
            }
            switch id {
            case .session(let client):
                windows[client]?.reset()
                ordinals[id] = nil
                resolution.forget(id)
                out.append(.sessionDeactivated(client, .interrupted))
            case .source(let source):
                if let activated, sources[source]?.kind == .fmRadio,
                    configurations[activated]?.mixes == false
                {
                    out += record(activated, .nonMixingSessionStoppedRadio, "\(configurations[activated]!) stopped \(source)")
                }
            }
        }
        for client in letGo { out += released(client) }
        return out
    }
}
