import AsyncSupport
import AudioPolicy
import CarAudio
import ClientGuidance
import EngineTime
import FoundationEssentials
import Guidance
import Logging
import MPRIS
import PackLibrary
import PulseAudio
import RPC
import SourceFocus
import Speech

/// The prompt pipeline, the car's sources and the audio policy on one sound server (`AudioServer`).
///
/// Everything that happens (a source starts, a client configures or activates its session, a prompt
/// is ready or has drained, a deadline passes) is an input to the pure `PolicyEngine`, applied in
/// its turn on this actor, the engine's one loop (`+Loop`), whose decisions are carried out in order
/// on real streams (`FocusLane`). `run()` runs every task of the engine (`+Lifecycle`). One prompt
/// plays at a time (`PromptPlayer`, a part of the engine), in arrival order.
public actor VoxNavEngine {
    public let configuration: EngineConfiguration
    public nonisolated let voices: VoiceLibrary
    /// Where prompt requests come in: what each says, and in which voice.
    let promptDesk: PromptDesk
    /// The sound server: libpulse's `PulseConnection`, or an in-memory one in EngineTests.
    let server: any AudioServer
    let logger: Logger
    /// Carries out the focus decisions; owns the duck journal and the journal file.
    let focus: FocusExecutor

    /// The engine runs on its reconciler's executor: one serial loop for both, so that handing a
    /// batch to the `FocusExecutor` and taking its answer back are calls, not hops between threads
    /// (as a SwiftNIO handler and its channel share one event loop). Each keeps its own state.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { focus.unownedExecutor }
    /// The prompt stream, and whether the server ducks by role itself (read at each connection).
    let output: any ServerPromptOutput
    let player: PromptPlayer
    /// What plays under the prompts, measured for the policy's `audibility:` target.
    let bed = BedWatch()
    let events = EventBus()

    var policy: PolicyEngine
    /// The car's sources: the simulated ones and other programs' streams.
    let sourceDesk = SourceDesk()
    /// The clients' guidance requests, and their sessions.
    let guidanceDesk = GuidanceDesk()
    /// The sink prompts play into, read at start and when the server comes back: a guidance session's
    /// announcer counts that sink's pre-roll (the policy's `outputs:`) into its output latency.
    var promptSink: String?
    /// The lane the policy's decisions are carried out in, in order, and the work the engine starts
    /// beside itself; both run in `run()`.
    let lane = FocusLane()
    let children = ChildTasks()
    /// What `run()` does first, found at init: what a previous daemon left, the streams already playing.
    var startUp: EngineStartUp?
    /// Set once `run()` has done its start-up: the engine serves from then on.
    let started = OneShot<Void>()
    /// Set by `shutdown()`: timers, watchers and reconnecting stop feeding the policy.
    var shuttingDown = false
    /// Set once `shutdown()` is done: no input is decided any more, nothing carried out.
    var stopped = false
    /// The sound server followed, and brought back when it goes away.
    let supervisor = SoundServerSupervisor()
    /// The timer for the policy's next deadline.
    let deadlineTimer = DeadlineTimer()
    /// `prompt.speak` replies waiting for their session's hold on the sources to end.
    let releaseReplies = ReleaseReplies()
    /// The sources' levels last handed to the focus lane: an input that leaves them (and makes no
    /// focus event) has nothing to reconcile.
    var handedLevels: [SourceID: SourceLevel] = [:]
    /// The last reconciliation left a level unreached (`FocusExecutor.Effects.behind`).
    var levelsBehind = false
    /// How many batches have been handed to the focus lane, and the last one withdrawn with nothing
    /// handed after it (`undo(_:of:)`).
    var handedBatches: UInt64 = 0
    var withdrawnBatch: UInt64?
    /// The time everything runs on: real, or simulated for drives (`clock.advance`).
    public nonisolated let clock: EngineClock

    /// Whether the server ducks by role itself (`ServerRolePolicy`).
    var rolePolicy: ServerRolePolicy { output.rolePolicy }

    /// The client used by callers that are not socket clients (tests, the engine's own prompts).
    public static let localClient = ClientID("local")

    /// The engine on the sound server `PULSE_SERVER` names (else the user's) with eSpeak NG's voices:
    /// what voxnavd runs. Connects, loads eSpeak NG and opens the prompt stream; `run()` starts it.
    public static func live(
        configuration: EngineConfiguration = EngineConfiguration(), logger: Logger = Logger(label: "voxnav.engine")
    ) async throws -> VoxNavEngine {
        let connection: PulseConnection
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
        let renderer = SpeechRenderer(
            synthesizer: synthesizer, maxPromptSeconds: configuration.policy.prompts.maxSeconds, rate: configuration.speechRate)
        return try await VoxNavEngine(
            configuration: configuration, logger: logger, server: connection, renderer: renderer, sampleRate: synthesizer.sampleRate,
            players: MPRISPlayers(address: configuration.sessionBusAddress))
    }

    /// An engine on `server`, its prompts made by `renderer` at `sampleRate`, other programs'
    /// players paused through `players` (none: they are muted): the seams `live` fills with the real
    /// server and eSpeak NG, and EngineTests with in-memory ones. Takes over what a killed daemon
    /// left in the journal and opens the prompt stream.
    init(
        configuration: EngineConfiguration, logger: Logger, server: any AudioServer, renderer: any PromptRenderer, sampleRate: Int,
        players: MPRISPlayers?
    ) async throws {
        self.configuration = configuration
        self.logger = logger
        self.server = server
        clock = EngineClock(configuration.clock)
        voices = VoiceLibrary.locate(explicit: configuration.voicesDirectory)
        promptDesk = PromptDesk(
            wording: PromptWordings(
                voices: voices, defaultLanguage: configuration.defaultLanguage, maxTextCharacters: configuration.policy.prompts.maxTextCharacters))
        // The default language's pack parsed now, not on the first prompt (the others on their first use).
        _ = voices.pack(for: configuration.defaultLanguage)
        for (file, problem) in voices.problems { logger.error("phrase pack or lexicon not loaded", metadata: ["file": "\(file)", "problem": "\(problem)"]) }
        let rolePolicy = await server.rolePolicy()
        if rolePolicy != .none {
            logger.notice(
                "the sound server ducks by role: prompts use its Navigation role, open only while they play, and VoxNav ducks nothing itself",
                metadata: ["rolePolicy": "\(rolePolicy.rawValue)"])
        }
        output = try await server.promptOutput(rolePolicy: rolePolicy, sampleRate: sampleRate, latency: configuration.promptLatency)
        player = PromptPlayer(
            clock: clock, renderer: renderer, output: output, events: events, limits: configuration.policy.prompts,
            preemption: configuration.policy.preemption, wake: configuration.policy.outputs, audibility: configuration.policy.audibility,
            cadence: PromptCadence(window: configuration.policy.ramps.holdForNext))
        policy = PolicyEngine(policy: configuration.policy)
        let journalFile = configuration.journalPath.map(JournalFile.init(path:))
        focus = FocusExecutor(
            connection: server, logger: logger, journalFile: journalFile, deepestDuckDB: configuration.policy.deepestDuckDB,
            players: players, tell: { [events, clock] in events.emit($0, at: clock.now()) },
            rampsTakeTime: clock.playsPromptAudio)
        startUp = try await EngineStartUp.find(focus: focus, server: server, configuration: configuration, logger: logger)
        promptSink = await output.sink(resume: false).name
    }

    /// Seconds since the engine started: the clock of the policy and of guidance.
    func now() -> Double { clock.now() }

    // MARK: shutdown

    /// Gives the sound server up at once (`PulseConnection.abandon`), for a shutdown out of time on
    /// a server that does not answer: every request still pending fails now, `shutdown()` runs
    /// through to its end, and the journal file stays as it was, so that the next daemon restores
    /// what is still ducked, muted or paused, and starts the simulated sources again.
    public nonisolated func abandonSoundServer() {
        server.abandon()
    }

    deinit { children.finish() }
}
