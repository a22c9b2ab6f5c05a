import AudioPolicy
import CarAudio
import Foundation
import Guidance
import Logging
import MPRIS
import PulseAudio
import RPC
import Speech

/// The prompt pipeline, the car's sources and the audio policy on one PulseAudio connection.
///
/// Everything that happens (a source starts, a client configures or activates its session, a prompt
/// is ready or has drained, a deadline passes) is an input to the pure `PolicyEngine`; its decisions
/// are carried out here, in order, on real streams. One prompt plays at a time, in arrival order.
public actor VoxNavEngine {
    public let configuration: EngineConfiguration
    public nonisolated let voices: VoiceLibrary
    let connection: PulseConnection
    let logger: Logger
    /// Carries out the focus decisions; owns the duck journal and the journal file.
    let focus: FocusExecutor
    /// The prompt stream, and whether the server ducks by role itself (read at each connection).
    let output: PromptStreamOutput
    let prompts: PromptPlayer
    /// The level of what plays under the prompts, for the policy's `audibility:` target.
    let bedMeter: BedMeter
    let events = EventBus()

    var policy: PolicyEngine
    var sources = SourceRegistry()
    var guidance: [ClientID: GuidanceSession] = [:]
    /// How many guidance sessions have started: the next one's id.
    var guidanceSessionsStarted: UInt64 = 0
    /// The sink prompts play into, read at start and when the server comes back: a guidance session's
    /// announcer counts that sink's pre-roll (the policy's `outputs:`) into its output latency.
    var promptSink: String?
    /// The one way into the policy, and the lane its decisions are carried out in, in order.
    let loop = PolicyLoop()
    let lane = FocusLane()
    private var loopTask: Task<Void, Never>?
    /// False from the moment the sound server is lost until it is back and the sources are restored.
    var serverAvailable = true
    var supervisor = SoundServerSupervisor()
    var sourceJournalTask: Task<Void, Never>?
    private var deadlineTask: Task<Void, Never>?
    private var foreignWatchTask: Task<Void, Never>?
    /// Plays again the players a killed daemon left paused (`PausedPlayerRecord`), once, after the start.
    private var playerReplayTask: Task<Void, Never>?
    /// The time everything runs on: real, or simulated for drives (`clock.advance`).
    public nonisolated let clock: EngineClock

    /// Whether the server ducks by role itself (`ServerRolePolicy`).
    var rolePolicy: ServerRolePolicy { output.rolePolicy }

    /// The client used by callers that are not socket clients (tests, the engine's own prompts).
    public static let localClient = ClientID("local")

    /// Connects to PulseAudio (honouring `PULSE_SERVER`), loads eSpeak NG and opens the prompt stream.
    public init(configuration: EngineConfiguration = EngineConfiguration(), logger: Logger = Logger(label: "voxnav.engine")) async throws {
        self.configuration = configuration
        self.logger = logger
        clock = EngineClock(configuration.clock)
        voices = VoiceLibrary.locate(explicit: configuration.voicesDirectory)
        for (file, problem) in voices.problems { logger.error("phrase pack or lexicon not loaded", metadata: ["file": "\(file)", "problem": "\(problem)"]) }
        do {
            connection = try await PulseConnection(applicationName: "VoxNav")
        } catch {
            throw EngineError.audio("\(error)")
        }
        let synthesizer: Synthesizer
        do {
            synthesizer = try Synthesizer.shared()
        } catch {
            throw EngineError.speech(error.description)
        }
        let rolePolicy = await ServerRolePolicy.detect(on: connection)
        if rolePolicy != .none {
            logger.notice(
                "the sound server ducks by role: prompts use its Navigation role, open only while they play, and VoxNav ducks nothing itself",
                metadata: ["rolePolicy": "\(rolePolicy.rawValue)"])
        }
        let promptStream = try await PlaybackStream(
            connection: connection, name: "VoxNav voice prompt", properties: rolePolicy.promptStreamProperties,
            format: StreamFormat(sampleRate: UInt32(synthesizer.sampleRate), channels: 1),
            targetLatency: configuration.promptLatency, startCorked: true, openNow: rolePolicy.keepsPromptStreamOpen)
        output = PromptStreamOutput(stream: promptStream, connection: connection, rolePolicy: rolePolicy)
        bedMeter = BedMeter(connection: connection)
        prompts = PromptPlayer(
            clock: clock,
            renderer: SpeechRenderer(synthesizer: synthesizer, maxPromptSeconds: configuration.policy.prompts.maxSeconds, rate: configuration.speechRate),
            output: output, gate: PolicyLoopGate(loop: loop), events: events, limits: configuration.policy.prompts,
            preemption: configuration.policy.preemption, wake: configuration.policy.outputs, audibility: configuration.policy.audibility)
        policy = PolicyEngine(policy: configuration.policy)
        let journalFile = configuration.journalPath.map(JournalFile.init(path:))
        focus = FocusExecutor(
            connection: connection, logger: logger, journalFile: journalFile, deepestDuckDB: configuration.policy.deepestDuckDB,
            players: MPRISPlayers(address: configuration.sessionBusAddress), events: events, clock: clock,
            rampsTakeTime: clock.playsPromptAudio)
        loopTask = Self.serve(loop, lane: lane, clock: clock, engine: self)
        // A previous daemon killed mid-prompt may have left streams ducked or muted, and its simulated sources died with it.
        var left: JournalFile.Contents?
        let (found, movedTo) = await focus.takeOver()
        let path = configuration.journalPath ?? ""
        switch found {
        case .none: break
        case .journal(let contents, let problems):
            left = contents
            for problem in problems {
                logger.warning("left out of the journal a previous daemon left", metadata: ["path": "\(path)", "problem": "\(problem)"])
            }
        case .refused(let why):
            logger.warning(
                "ignored the journal a previous daemon would have left: it is not to be trusted",
                metadata: ["path": "\(path)", "why": "\(why)"])
        }
        if let movedTo { logger.warning("moved the journal aside", metadata: ["path": "\(path)", "to": "\(movedTo)"]) }
        if let left, !left.ducks.isEmpty {
            logger.notice("undoing what a previous daemon left ducked or muted", metadata: ["sinkInputs": "\(left.ducks.streams.keys.sorted())"])
            await focus.undo(left.ducks)
        }
        if let players = left?.players, !players.isEmpty {
            // Beside serving, not before it: each player costs up to three D-Bus calls of 500 ms.
            let focus = self.focus
            playerReplayTask = Task { await focus.resumeLeftPlayers(players) }
        }
        let journalledSources = left?.sources ?? []
        promptSink = await output.sink(resume: false).name
        if configuration.manageForeignStreams { try await watchForeignStreams() }
        watchSoundServer()
        await startAgain(journalledSources)
        keepSourceJournal()
    }

    /// Seconds since the engine started: the clock of the policy and of guidance.
    func now() -> Double { clock.now() }

    // MARK: policy

    /// Applies one input in its turn in the policy loop; returns its decisions once they are carried out.
    @discardableResult
    func decide(_ input: @escaping @Sendable (Double) -> PolicyInput) async -> [PolicyDecision] {
        await loop.decide(input).decisions
    }

    /// Takes the loop's commands until the loop is finished (`shutdown`) or the engine is gone. The
    /// focus lane and the work a command leaves to run beside the loop are child tasks of this one.
    private nonisolated static func serve(_ loop: PolicyLoop, lane: FocusLane, clock: EngineClock, engine: VoxNavEngine) -> Task<Void, Never> {
        Task { [weak engine] in
            await withDiscardingTaskGroup { group in
                group.addTask { await lane.run() }
                for await command in loop.commands {
                    guard let engine else {
                        command.refuse()
                        continue
                    }
                    if let followUp = await engine.handle(command) { group.addTask(operation: clock.counted(followUp)) }
                }
                lane.finish()
            }
        }
    }

    /// One command's turn (`PolicyLoop`): the input applied, the decisions reported and handed to the
    /// lane, the reply sent once they are carried out. Returns work to run beside the loop, if any.
    private func handle(_ command: PolicyLoop.Command) async -> (@Sendable () async -> Void)? {
        switch command {
        case .input(let stamped, let reply):
            let decisions = policy.apply(stamped(now()))
            let decidedAt = ContinuousClock.now
            await carryOut(decisions) { reply.resume(returning: .init(decisions: decisions, decidedAt: decidedAt, effects: $0)) }
            return await sayHeldBackIfOwed()
        case .expectedStyle(let client, let purpose, let reply):
            let decisions = policy.configurations[client] == nil ? policy.apply(.configure(client, .voicePrompt, at: now())) : []
            let style = policy.promptStyle(for: client, purpose: purpose)
            await carryOut(decisions) { _ in reply.resume(returning: style) }
        case .promptReady(let client, let purpose, let reply):
            let wasActive = policy.activeClients.contains(client)
            // Measured before the session's activation holds the meter (and before any duck is heard).
            let bedLevel = await bedMeter.level
            let (verdict, decisions) = policy.promptReady(client, purpose: purpose, at: now())
            let decidedAt = ContinuousClock.now
            logger.debug("prompt ready", metadata: ["client": "\(client.rawValue)", "verdict": "\(verdict)"])
            let heldBack = policy.heldBack(verdict, client: client, purpose: purpose)
            let gain = policy.guidanceGain(of: client)
            let bed = bed(measured: bedLevel)
            await carryOut(decisions) { effects in
                reply.resume(
                    returning: PromptGrant(
                        verdict: verdict, activatedAt: wasActive ? nil : decidedAt, ducked: effects.ducked, paused: effects.paused, heldBack: heldBack,
                        gain: gain, bed: bed))
            }
        case .duckDeeper(let extra, let reply):
            let events = deeperDucks(by: extra)
            guard !events.isEmpty else {
                reply.resume()
                return nil
            }
            lane.submit {
                _ = await self.applyFocus(events)
                reply.resume()
            }
        case .guidancePromptEnded(let client, let ending):
            return guidancePromptEnded(client, ending)
        case .carryOut(let job):
            lane.submit(job)
        }
        return nil
    }

    /// Reports a batch the policy has just decided and hands its focus events to the lane; `done`
    /// gets what carrying them out did, once they are.
    private func carryOut(_ decisions: [PolicyDecision], then done: @escaping @Sendable (FocusExecutor.Effects) -> Void) async {
        // A cut first, before any ramp of the same batch (ramps take time): heard within 100 ms.
        for case .cutPrompt(let cut) in decisions { await prompts.cut(cut) }
        if decisions.contains(.nativeNavigationTookOver) { await nativeNavigationTookOver() }
        scheduleDeadline()
        emit(decisions)
        for decision in decisions { log(decision) }
        await measureBed(around: decisions)
        let events = decisions.compactMap { if case .focus(let event) = $0 { event } else { nil } }
        guard !events.isEmpty else {
            // Nothing to carry out: answered now, not after the ramps of earlier batches.
            await trackBedIfIdle()
            return done(FocusExecutor.Effects())
        }
        lane.submit {
            let effects = await self.applyFocus(events)
            await self.trackBedIfIdle()
            done(effects)
        }
    }

    func applyFocus(_ events: [FocusEvent]) async -> FocusExecutor.Effects {
        guard !events.isEmpty else { return FocusExecutor.Effects() }
        let effects = await focus.apply(events, sources: sources.handles, voxNavDucks: rolePolicy.voxNavDucks)
        for id in effects.stopped { sources.remove(id) }
        for (id, handled) in effects.handled {
            var event = EngineEvent(type: .sourceHandled, time: now())
            event.source = id.rawValue
            event.kind = sources[id]?.kind
            event.handling = handled.handling
            event.player = handled.player
            event.reason = handled.reason
            emit(event)
            logger.info(
                "another program's stream handled",
                metadata: ["source": "\(id)", "handling": "\(handled.handling.rawValue)", "player": "\(handled.player ?? "none")"])
        }
        return effects
    }

    private func log(_ decision: PolicyDecision) {
        switch decision {
        case .violation(let violation): logger.warning("guideline violation", metadata: ["violation": "\(violation)"])
        case .configurationRejected(let client, let error):
            logger.info("configuration rejected", metadata: ["client": "\(client)", "reason": "\(error)"])
        default: logger.debug("decision", metadata: ["decision": "\(decision)"])
        }
    }

    /// Wakes the policy when its next deadline (a linger or the idle cap) comes.
    private func scheduleDeadline() {
        deadlineTask?.cancel()
        deadlineTask = nil
        guard let deadline = policy.nextDeadline else { return }
        deadlineTask = clock.spawn {
            await self.clock.sleep(until: deadline + 0.001)
            guard !Task.isCancelled else { return }
            await self.decide { .tick(at: $0) }
        }
    }

    func foreignWatch(_ task: Task<Void, Never>) { foreignWatchTask = task }

    // MARK: clients

    /// A client went away: its prompts are cancelled, its session deactivated, its guidance ended, at once.
    public func clientDisconnected(_ client: ClientID) async {
        await endGuidance(client: client, reason: .disconnected)
        // Outside the loop: the playing prompt ends through it.
        await prompts.cancelAll(of: client, reason: "the client disconnected")
        await decide { .clientGone(client, at: $0) }
    }

    // MARK: shutdown

    /// Gives the sound server up at once (`PulseConnection.abandon`), for a shutdown out of time on
    /// a server that does not answer: every request still pending fails now, `shutdown()` runs
    /// through to its end, and the journal file stays as it was, so that the next daemon restores
    /// what is still ducked, muted or paused, and starts the simulated sources again.
    public nonisolated func abandonSoundServer() {
        connection.abandon()
    }

    /// Restores every source, stops the simulated ones and closes the prompt stream (clean shutdown).
    public func shutdown() async {
        foreignWatchTask?.cancel()
        playerReplayTask?.cancel()
        deadlineTask?.cancel()
        supervisor.stop()
        sourceJournalTask?.cancel()
        // Nothing more plays: waiting prompts end as skipped, the playing one stops.
        await prompts.cancelAll(reason: "the daemon is shutting down")
        for client in policy.configurations.keys { await decide { .clientGone(client, at: $0) } }
        // Every batch decided so far is carried out.
        await loop.carryOut {}
        // Whatever is still lowered goes back to its own volume, muted foreign streams are unmuted.
        await focus.undoAll()
        // Other programs' streams were unmuted above if the engine had muted them; the rest is theirs.
        for case .simulated(let source) in sources.removeAll() { source.stop() }
        // Stopped on purpose: the next daemon does not start them again.
        await focus.save(sources: [])
        output.close()
        loop.finish()
    }

    deinit { loop.finish() }
}

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
