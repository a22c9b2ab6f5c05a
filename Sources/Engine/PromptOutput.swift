import PulseAudio
import Synchronization

/// Where prompt audio is played.
protocol PromptOutput: Sendable {
    /// Plays `audio` (`seconds` long) to its end or its cancellation, and says how it ended. Its first
    /// sample comes after `ducks`' last steps (the ducks carried out with its grant).
    func play(_ audio: BufferSource, seconds: Double, after ducks: RampsSent) async -> PlaybackEnd
    /// Ends `audio` early, whether it plays now or is about to.
    func cancel(_ audio: BufferSource)
    /// Ends `audio` early with a short fade to silence (an interrupted prompt): no click.
    func fadeOut(_ audio: BufferSource)
    /// The sink the next prompt plays into; with `resume`, woken first if it is suspended.
    func sink(resume: Bool) async -> PromptSink
    /// Whether the sink may be suspended now, as far as the output knows without asking the server:
    /// then a prompt waits for it to be woken before its first sample.
    var sinkMayBeSuspended: Bool { get }
    /// Times the server ran out of a prompt's audio before it was all written (`PlaybackStream.underflows`).
    var underflows: Int { get }
}

extension PromptOutput {
    /// Where nothing is heard, a fade is a cancel.
    func fadeOut(_ audio: BufferSource) { cancel(audio) }
    /// Where nothing is heard, no sink.
    func sink(resume: Bool) async -> PromptSink { PromptSink(name: nil, wasSuspended: false) }
    var sinkMayBeSuspended: Bool { false }
    /// Where nothing is heard, nothing runs out.
    var underflows: Int { 0 }
}

/// How a prompt's playback ended.
enum PlaybackEnd: Sendable, Equatable {
    /// Played to its end, or to its cancellation.
    case drained
    /// The sound server went away meanwhile.
    case serverGone
    /// The output did not play it through within its length and `PromptStreamOutput.drainMargin`
    /// (a sink that does not run never drains): given up on, with the seconds of it the server
    /// still held by its last report, where known (none: the server played it all, and its answer
    /// to the drain did not come).
    case stalled(held: Double?)

    /// What a prompt that did not end `drained` ends with.
    var reason: String? {
        switch self {
        case .drained: nil
        case .serverGone: EngineError.serverUnavailableReason
        case .stalled(let held):
            "the output did not play it: not drained within its length and \(Int(PromptStreamOutput.drainMargin)) s (a sink that does not run)"
                + (held.map { "; the server still held \(($0 * 100).rounded() / 100) s of it" } ?? "")
        }
    }
}

/// The sink a prompt plays into, as found just before it plays.
struct PromptSink: Sendable, Equatable {
    /// Its name; nil when not known (no server, or it did not say).
    var name: String?
    /// It was suspended when the prompt came: it needs the pre-roll whatever the gap.
    var wasSuspended: Bool
}

/// How long an interrupted prompt takes to fade to silence: long enough not to click, short enough
/// that the prompt interrupting it is not held back.
let interruptionFadeSeconds = 0.015

/// The prompt stream on the sound server. Where the server ducks by role itself
/// (`ServerRolePolicy`), the stream exists only while a prompt plays and carries its Navigation role.
final class PromptStreamOutput: ServerPromptOutput {
    let stream: PlaybackStream
    private let connection: PulseConnection
    private let roles: Mutex<ServerRolePolicy>

    init(stream: PlaybackStream, connection: PulseConnection, rolePolicy: ServerRolePolicy) {
        self.stream = stream
        self.connection = connection
        roles = Mutex(rolePolicy)
    }

    /// The sink of the open prompt stream, else the default sink (where the stream will open).
    /// `pa_context_suspend_sink_by_name` ends a suspension a user or program asked for; one the
    /// server made for idleness ends as the stream starts, which is what the pre-roll is for.
    func sink(resume: Bool) async -> PromptSink {
        guard let sinks = try? await connection.sinkStates() else { return PromptSink(name: nil, wasSuspended: false) }
        var found: SinkState?
        if stream.isConnected, stream.sinkInputIndex != UInt32.max,
            let input = try? await connection.sinkInput(index: stream.sinkInputIndex)
        {
            found = sinks.first { $0.index == input.sink }
        }
        if found == nil, let name = try? await connection.defaultSinkName() { found = sinks.first { $0.name == name } }
        guard let found else { return PromptSink(name: nil, wasSuspended: false) }
        if resume, found.suspended { try? await connection.resumeSink(named: found.name) }
        return PromptSink(name: found.name, wasSuspended: found.suspended)
    }

    /// Known from the open stream (the server tells it when its sink suspends or resumes); a stream
    /// opened for each prompt knows nothing before it opens.
    var sinkMayBeSuspended: Bool { stream.sinkIsSuspended ?? true }

    /// Whether the server ducks by role itself; read again at each connection.
    var rolePolicy: ServerRolePolicy {
        get { roles.withLock { $0 } }
        set { roles.withLock { $0 = newValue } }
    }

    /// Opens the stream again after the server came back, where it stays open between prompts.
    func serverChanged(_ rolePolicy: ServerRolePolicy) async throws {
        self.rolePolicy = rolePolicy
        if rolePolicy.keepsPromptStreamOpen { try await stream.reopen(properties: rolePolicy.promptStreamProperties) }
    }

    /// How long past its length a prompt may take to drain before it is given up on: a sink that
    /// does not run (suspended under the stream, a stalled device) would otherwise hold the session
    /// active, and the car's sources ducked, for good.
    static let drainMargin = 3.0

    func play(_ audio: BufferSource, seconds: Double, after ducks: RampsSent) async -> PlaybackEnd {
        let roles = rolePolicy
        let openForThisPrompt = !roles.keepsPromptStreamOpen
        // Failing to open it is the server gone, seen just below.
        if openForThisPrompt { try? await stream.reopen(properties: roles.promptStreamProperties) }
        let stream = self.stream
        let stalled = await withTaskGroup(of: PlaybackEnd?.self) { group in
            // The timer that gives up on it is a child; the play itself runs in this task, so its
            // first samples are written and the stream uncorked with no hop on the way. It counts
            // from the uncork, which waits for the ducks' last steps (up to 5 s with a policy file).
            group.addTask {
                guard (try? await ducks.sent()) != nil, (try? await Task.sleep(for: .seconds(seconds + Self.drainMargin))) != nil else {
                    return nil
                }
                let held = stream.heldByServer
                return stream.abandon(audio) ? .stalled(held: held) : nil
            }
            await stream.play(audio, after: ducks)
            // Drained, or ended by the timer's `abandon`: either way the timer is not needed now.
            group.cancelAll()
            var gaveUp: PlaybackEnd?
            for await abandoned in group { gaveUp = gaveUp ?? abandoned }
            return gaveUp
        }
        // Returned early because the server went away (before the engine heard of it): not finished.
        let connected = stream.isConnected
        if openForThisPrompt { stream.close() }
        return stalled ?? (connected ? .drained : .serverGone)
    }

    var underflows: Int { stream.underflows }

    func cancel(_ audio: BufferSource) { stream.cancel(audio) }

    func fadeOut(_ audio: BufferSource) { stream.fadeOut(audio, seconds: interruptionFadeSeconds) }

    func close() { stream.close() }
}
