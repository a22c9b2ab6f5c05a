import AudioPolicy
import CarAudio
import Foundation
import Guidance
import Logging
import PulseAudio
import Speech

/// The prompt pipeline and the car's sources on one PulseAudio connection.
///
/// One prompt plays at a time: requests are chained in arrival order. For each prompt:
/// prompt style → synthesis → activate the voice-prompt session → duck → play → drained →
/// deactivate → restore.
public actor VoxNavEngine {
    public let configuration: EngineConfiguration
    private let connection: PulseConnection
    private let synthesizer: Synthesizer
    private let promptStream: PlaybackStream
    private let arbiter: FocusArbiter
    private let applier: FocusApplier
    private let logger: Logger
    public nonisolated let voices: VoiceLibrary
    private var sources: [SourceKind: CarSource] = [:]
    private var journal = DuckJournal()
    private var activeSessions: [SessionConfiguration] = []
    private var promptTail: Task<Void, Never>?
    private var promptsSpoken = 0
    var guidance: [ClientID: GuidanceSession] = [:]
    private let epoch = ContinuousClock.now

    /// Seconds since the engine started, the clock guidance runs on unless a client brings its own.
    func guidanceClock() -> Double { (ContinuousClock.now - epoch).milliseconds / 1000 }

    /// A client went away: its guidance ends at once.
    public func clientDisconnected(_ client: ClientID) {
        guidance[client] = nil
    }

    /// Connects to PulseAudio (honouring `PULSE_SERVER`), loads eSpeak NG and opens the prompt stream.
    public init(configuration: EngineConfiguration = EngineConfiguration(), logger: Logger = Logger(label: "voxnav.engine")) async throws {
        self.configuration = configuration
        self.logger = logger
        voices = VoiceLibrary.locate(explicit: configuration.voicesDirectory)
        for (file, problem) in voices.problems { logger.error("phrase pack \(file) not loaded: \(problem)") }
        do {
            connection = try await PulseConnection(applicationName: "VoxNav")
        } catch {
            throw EngineError.audio("\(error)")
        }
        do {
            synthesizer = try Synthesizer.shared()
        } catch {
            throw EngineError.speech(error.description)
        }
        promptStream = try await PlaybackStream(
            connection: connection, name: "VoxNav voice prompt",
            properties: [
                // No standard role says "navigation"; "event" is what module-role-ducking treats as a trigger.
                "media.role": "event",
                "media.name": "Navigation voice prompt",
                "application.name": "VoxNav",
                "application.id": "org.voxnav.prompt",
            ],
            format: StreamFormat(sampleRate: UInt32(synthesizer.sampleRate), channels: 1),
            targetLatency: configuration.promptLatency, startCorked: true)
        arbiter = FocusArbiter(duckLevelDB: configuration.duckLevelDB)
        applier = FocusApplier(
            connection: connection,
            duckRamp: VolumeRamp(duration: configuration.duckRamp.duration, steps: configuration.duckRamp.steps),
            restoreRamp: VolumeRamp(duration: configuration.restoreRamp.duration, steps: configuration.restoreRamp.steps))
    }

    // MARK: sources

    /// Starts a simulated source. Starting one that already runs is a no-op.
    public func startSource(_ kind: SourceKind) async throws -> EngineState.Source {
        if sources[kind] == nil {
            switch kind {
            case .fmRadio:
                do {
                    sources[kind] = try await CarSources.startFMRadio(on: connection)
                } catch {
                    throw EngineError.audio("\(error)")
                }
            default:
                throw EngineError.sourceNotSimulated(kind.rawValue)
            }
            // A source started while a prompt plays is ducked at once.
            _ = try? await applyFocus()
        }
        return try await describe(sources[kind]!)
    }

    /// Stops a simulated source.
    public func stopSource(_ kind: SourceKind) async throws {
        guard let source = sources.removeValue(forKey: kind) else { throw EngineError.sourceNotRunning(kind.rawValue) }
        journal.forget(source.sinkInputIndex)
        source.stop()
    }

    // MARK: prompts

    /// Speaks a prompt and returns once it has finished and every source is restored.
    public func speak(_ request: PromptRequest) async throws -> PromptOutcome {
        let previous = promptTail
        let task = Task { () async throws -> PromptOutcome in
            await previous?.value
            return try await self.run(request)
        }
        promptTail = Task { _ = try? await task.value }
        return try await task.value
    }

    private func run(_ request: PromptRequest) async throws -> PromptOutcome {
        let clock = ContinuousClock()
        let start = clock.now
        func ms() -> Double { (clock.now - start).milliseconds }

        let style = PromptStyle.normal
        let (candidates, voice) = try wordings(for: request)
        let text: String
        let audio: PCMBuffer
        do {
            (text, audio) = try await PromptFitter(maxSeconds: configuration.maxPromptSeconds)
                .fit(candidates, voice: voice, rate: configuration.speechRate, synthesizer: synthesizer)
        } catch {
            throw EngineError.speech(error.description)
        }
        var timings = PromptOutcome.Timings()
        timings.audioReady = ms()

        // The session becomes active only now that the audio is ready (CarPlay guideline).
        activeSessions.append(.voicePrompt)
        timings.activated = ms()
        logger.debug("session activated", metadata: ["text": "\(text)"])
        var ducked: [PromptOutcome.DuckedSource] = []
        do {
            ducked = try await applyFocus()
            timings.playbackStarted = ms()
            await promptStream.play(BufferSource(audio.samples))
            timings.drained = ms()
        } catch {
            await deactivate()
            throw EngineError.audio("\(error)")
        }
        activeSessions.removeAll { $0 == .voicePrompt }
        timings.deactivated = ms()
        _ = try? await applyFocus()
        timings.restored = ms()
        promptsSpoken += 1
        return PromptOutcome(
            result: .finished, style: style, text: text, voice: voice,
            audioDuration: audio.duration, timings: timings, ducked: ducked, reason: nil)
    }

    private func deactivate() async {
        activeSessions.removeAll { $0 == .voicePrompt }
        _ = try? await applyFocus()
    }

    private func applyFocus() async throws -> [PromptOutcome.DuckedSource] {
        var journal = self.journal
        defer { self.journal = journal }
        return try await applier.apply(
            sources: Array(sources.values), activeSessions: activeSessions, arbiter: arbiter, journal: &journal)
    }

    /// The candidate wordings (richest first) and the eSpeak NG voice for a request. Maneuvers need a
    /// phrase pack; text in a language without one is spoken by the eSpeak NG voice of that name.
    private func wordings(for request: PromptRequest) throws -> (candidates: [String], voice: String) {
        let language = request.language.flatMap { $0.isEmpty ? nil : $0 } ?? configuration.defaultLanguage
        let pack = voices.pack(for: language)
        switch request.content {
        case .text(let text):
            return ([text], pack?.espeakVoice ?? language.lowercased().replacingOccurrences(of: "_", with: "-"))
        case .maneuver(let maneuver, let next):
            guard let pack else { throw EngineError.unknownLanguage(language, available: voices.languages) }
            let composer = PhraseComposer(pack: pack)
            let distance = maneuver.distanceRemaining ?? 0
            return (composer.compositions(maneuver, state: maneuver.state, distance: distance, then: next), pack.espeakVoice)
        }
    }

    // MARK: state

    /// The engine's state, with volumes read back from the server.
    public func state() async throws -> EngineState {
        var described: [EngineState.Source] = []
        for kind in SourceKind.allCases {
            if let source = sources[kind] { described.append(try await describe(source)) }
        }
        return EngineState(sessionActive: !activeSessions.isEmpty, promptsSpoken: promptsSpoken, guidanceClients: guidance.count, sources: described)
    }

    private func describe(_ source: CarSource) async throws -> EngineState.Source {
        let input = try await connection.sinkInput(index: source.sinkInputIndex)
        let effective = arbiter.state(of: source.kind, activeSessions: activeSessions)
        return EngineState.Source(
            kind: source.kind, name: source.displayName, sinkInput: source.sinkInputIndex,
            state: effective.name, volume: input?.volume.values ?? [],
            volumeDB: input.flatMap { $0.volume.maxDecibels.isFinite ? $0.volume.maxDecibels : nil }, corked: input?.corked ?? false)
    }

    /// Restores every source and stops them (clean shutdown).
    public func shutdown() async {
        activeSessions.removeAll()
        _ = try? await applyFocus()
        for source in sources.values { source.stop() }
        sources.removeAll()
        promptStream.close()
    }
}

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
