import AsyncSupport
import AudioPolicy
import ClientGuidance
import Guidance
import Prompts
import PulseAudio
import RPC
import Speech
import Synchronization
import Testing

@testable import Engine

/// The policy side of a prompt, scripted: each client gets the verdict set for it (default: play
/// normally); every question asked is recorded in order.
actor ScriptedGate: PromptGate {
    enum Call: Equatable {
        case expected(ClientID)
        case ready(ClientID)
        case finished(ClientID, anotherWaiting: Bool)
        case guidanceEnded(ClientID)
    }

    private(set) var calls: [Call] = []
    /// How each guidance prompt ended, in order.
    private(set) var endings: [GuidancePromptEnding] = []
    private var verdicts: [ClientID: PromptVerdict] = [:]
    private var expected: [ClientID: PromptStyle] = [:]
    private var heldBack: Set<ClientID> = []
    /// What the grant says plays under a prompt, and how loud its client wants it.
    var bed: Audibility.Bed?
    var gain: GuidanceGain = .normal
    /// Each deeper duck asked for, in dB.
    private(set) var deeper: [Double] = []

    func setBed(_ bed: Audibility.Bed?, gain: GuidanceGain = .normal) {
        self.bed = bed
        self.gain = gain
    }

    func duckDeeper(by extra: Double) { deeper.append(extra) }

    func set(_ verdict: PromptVerdict, expecting style: PromptStyle = .normal, heldBack: Bool = false, for client: ClientID) {
        verdicts[client] = verdict
        expected[client] = style
        if heldBack { self.heldBack.insert(client) } else { self.heldBack.remove(client) }
    }

    func expectedStyle(for client: ClientID, purpose: PromptPurpose) -> PromptStyle {
        calls.append(.expected(client))
        return expected[client] ?? .normal
    }

    func promptReady(_ client: ClientID, purpose: PromptPurpose, toneless: Bool, level: @Sendable (PromptGrant) -> PromptLevel?) -> PromptGrant {
        calls.append(.ready(client))
        let style = expected[client] ?? .normal
        if toneless, style == .short {
            return PromptGrant(verdict: .skip(reason: PromptPlayer.tonelessReason), style: style, activatedAt: nil, ducked: [], paused: [])
        }
        var grant = PromptGrant(
            verdict: verdicts[client] ?? .play(.normal), style: style, activatedAt: .now, ducked: [], paused: [.music],
            heldBack: heldBack.contains(client), gain: gain, bed: bed)
        // As the engine does: the deeper duck the prompt's level asks for goes with the grant.
        grant.level = level(grant)
        if let extra = grant.level?.plan.extraDuck, extra < 0 { deeper.append(extra) }
        return grant
    }

    func promptFinished(_ client: ClientID, anotherWaiting: Bool) -> ContinuousClock.Instant? {
        calls.append(.finished(client, anotherWaiting: anotherWaiting))
        return .now
    }

    func guidancePromptEnded(_ client: ClientID, session: UInt64, _ ending: GuidancePromptEnding) {
        calls.append(.guidanceEnded(client))
        endings.append(ending)
    }
}

/// Audio made at once: speech is 0.1 s of samples per word, the tone 0.2 s; the voice "xx" does not
/// exist. Speech of `maxSeconds` or more is over the budget, as with eSpeak NG.
final class InstantRenderer: PromptRenderer {
    static let sampleRate = 1000
    let maxSeconds: Double
    /// How long each speech takes to make, as eSpeak NG's few milliseconds do; nil: none.
    let delay: Duration?
    let rendered = Mutex<[(AudibleStyle, String)]>([])

    init(maxSeconds: Double = 6, delay: Duration? = nil) {
        self.maxSeconds = maxSeconds
        self.delay = delay
    }

    static func seconds(of text: String) -> Double { Double(text.split(separator: " ").count) * 0.1 }

    nonisolated(nonsending) func hasVoice(_ voice: String) async -> Bool { voice != "xx" }

    nonisolated(nonsending) func render(
        _ style: AudibleStyle, candidates wordings: [Wording], voice: String, prosody: VoiceProsody, overBudget: OverBudget, within: Double?
    ) async throws(EngineError)
        -> RenderedPrompt
    {
        let maxSeconds = min(maxSeconds, within ?? .infinity)
        if style == .normal, let delay { try? await Task.sleep(for: delay) }
        let candidates = wordings.map(\.text)
        var text = style == .short ? candidates.last! : candidates.first { Self.seconds(of: $0) < maxSeconds } ?? candidates.last!
        // As eSpeak NG through `PromptFitter`: a maneuver's plainest wording whatever its length, text's
        // spoken up to 1.25× as fast, else refused.
        var speed = 1.0
        if style == .normal, Self.seconds(of: text) >= maxSeconds {
            text = candidates.last!
            if overBudget == .quicken {
                guard Self.seconds(of: text) / PromptFitter.fastest < maxSeconds else {
                    throw .promptTooLong(
                        SpeechOverrun(limit: maxSeconds, made: Self.seconds(of: text), charactersSpoken: text.count, characters: text.count))
                }
                speed = PromptFitter.fastest
            }
        }
        rendered.withLock { $0.append((style, text)) }
        let seconds = style == .short ? 0.2 : Self.seconds(of: text) / speed
        return RenderedPrompt(
            style: style, text: text, audio: PCMBuffer(samples: Array(repeating: 1000, count: Int(seconds * 1000)), sampleRate: Self.sampleRate))
    }
}

/// `InstantRenderer`'s audio, each speech held in the making until the test opens the gate (or only
/// those whose words `holds` picks): what happens while a prompt is being made can be set up exactly.
final class GatedRenderer: PromptRenderer {
    private let made = InstantRenderer()
    private let gate = OneShot<Void>()
    private let held = Mutex(0)
    private let holds: @Sendable (String) -> Bool

    init(holding holds: @escaping @Sendable (String) -> Bool = { _ in true }) {
        self.holds = holds
    }

    /// Speeches being made, waiting for the gate.
    var waiting: Int { held.withLock { $0 } }

    /// Lets every speech held, and every later one, be made.
    func open() { _ = gate.set(()) }

    nonisolated(nonsending) func hasVoice(_ voice: String) async -> Bool { await made.hasVoice(voice) }

    nonisolated(nonsending) func render(
        _ style: AudibleStyle, candidates wordings: [Wording], voice: String, prosody: VoiceProsody, overBudget: OverBudget, within: Double?
    ) async throws(EngineError) -> RenderedPrompt {
        if wordings.contains(where: { holds($0.text) }) {
            held.withLock { $0 += 1 }
            Changes.shared.signal()
            await gate.value
            held.withLock { $0 -= 1 }
        }
        return try await made.render(style, candidates: wordings, voice: voice, prosody: prosody, overBudget: overBudget, within: within)
    }
}

/// An output that holds each prompt until the test lets it drain (or it is cancelled), so that
/// what happens while a prompt plays can be set up exactly.
final class HeldOutput: PromptOutput {
    private struct State {
        var playing: [(audio: BufferSource, done: OneShot<Bool>)] = []
        var played = 0
        var cancelled = 0
        var serverGone = false
    }

    private let state = Mutex(State())
    /// A fade lasts until the test drains it (as a real one takes its milliseconds), not at once.
    private let holdsFades: Bool
    /// Each call to `sink` waits for `releaseSink` (a sleeping sink being woken), counted.
    private let sinkGate: OneShot<Void>?
    private let sinkAsked = Mutex(0)

    /// What the output knows of its sink without asking: it may be suspended.
    let sinkMayBeSuspended: Bool

    init(holdsFades: Bool = false, holdsSink: Bool = false, sinkSuspended: Bool = false) {
        self.holdsFades = holdsFades
        sinkGate = holdsSink ? OneShot<Void>() : nil
        sinkMayBeSuspended = sinkSuspended
    }

    func fadeOut(_ audio: BufferSource) {
        if !holdsFades { cancel(audio) }
    }

    func sink(resume: Bool) async -> PromptSink {
        sinkAsked.withLock { $0 += 1 }
        await sinkGate?.value
        return PromptSink(name: nil, wasSuspended: false)
    }

    /// Lets every `sink` call, waiting or to come, return.
    func releaseSink() { sinkGate?.set(()) }
    var sinksAsked: Int { sinkAsked.withLock { $0 } }

    func play(_ audio: BufferSource, seconds: Double, after ducks: RampsSent) async -> PlaybackEnd {
        let done = OneShot<Bool>()
        let gone = state.withLock {
            $0.playing.append((audio, done))
            $0.played += 1
            return $0.serverGone
        }
        Changes.shared.signal()
        if gone { return .serverGone }
        return await done.value ? .drained : .serverGone
    }

    func cancel(_ audio: BufferSource) {
        let done = state.withLock { state -> OneShot<Bool>? in
            guard let index = state.playing.firstIndex(where: { $0.audio === audio }) else { return nil }
            state.cancelled += 1
            return state.playing.remove(at: index).done
        }
        done?.set(true)
        Changes.shared.signal()
    }

    /// Lets the prompt playing now drain.
    func drain() {
        let done = state.withLock { $0.playing.isEmpty ? nil : $0.playing.removeFirst().done }
        done?.set(true)
        Changes.shared.signal()
    }

    /// The server goes away: the next prompt's playback returns at once, not played.
    func loseServer() { state.withLock { $0.serverGone = true } }

    var played: Int { state.withLock { $0.played } }
    var cancelled: Int { state.withLock { $0.cancelled } }

    /// Returns once `count` prompts have started playing in all.
    /// Not within 15 s (as `EngineRig.waitFor`): an issue is recorded and it returns, so that the test fails rather than
    /// holding its part until the part's time limit (a prompt that expired never plays).
    func waitUntilPlaying(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        let deadline = ContinuousClock.now + .seconds(15)
        while true {
            // Read before looking: a prompt starting while `played` is read wakes the wait at once.
            let seen = Changes.shared.generation
            if played >= count { return }
            guard ContinuousClock.now < deadline, await Changes.shared.change(after: seen, before: deadline) else {
                Issue.record("\(played) prompts played in all, not \(count), within 15 s", sourceLocation: sourceLocation)
                return
            }
        }
    }
}

/// Records the events the player emits.
final class EventLog: Sendable {
    private let events = Mutex<[EventRecord]>([])

    init(_ bus: EventBus) {
        _ = bus.subscribe { event in
            self.events.withLock { $0.append(event) }
            Changes.shared.signal()
        }
    }

    var all: [EventRecord] { events.withLock { $0 } }
    func types(of prompt: PromptID) -> [String] { all.filter { $0.prompt == prompt.rawValue }.map(\.type.rawValue) }
}
