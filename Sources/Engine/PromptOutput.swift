import PulseAudio
import Synchronization

/// Where prompt audio is played.
protocol PromptOutput: Sendable {
    /// Plays `audio` to its end or its cancellation; false when the sound server went away meanwhile.
    func play(_ audio: BufferSource) async -> Bool
    /// Ends `audio` early, whether it plays now or is about to.
    func cancel(_ audio: BufferSource)
    /// Ends `audio` early with a short fade to silence (an interrupted prompt): no click.
    func fadeOut(_ audio: BufferSource)
}

extension PromptOutput {
    /// Where nothing is heard, a fade is a cancel.
    func fadeOut(_ audio: BufferSource) { cancel(audio) }
}

/// How long an interrupted prompt takes to fade to silence: long enough not to click, short enough
/// that the prompt interrupting it is not held back.
let interruptionFadeSeconds = 0.015

/// The prompt stream on the sound server. Where the server ducks by role itself
/// (`ServerRolePolicy`), the stream exists only while a prompt plays and carries its Navigation role.
final class PromptStreamOutput: PromptOutput {
    let stream: PlaybackStream
    private let roles: Mutex<ServerRolePolicy>

    init(stream: PlaybackStream, rolePolicy: ServerRolePolicy) {
        self.stream = stream
        roles = Mutex(rolePolicy)
    }

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

    func play(_ audio: BufferSource) async -> Bool {
        let roles = rolePolicy
        let openForThisPrompt = !roles.keepsPromptStreamOpen
        // Failing to open it is the server gone, seen just below.
        if openForThisPrompt { try? await stream.reopen(properties: roles.promptStreamProperties) }
        await stream.play(audio)
        // Returned early because the server went away (before the engine heard of it): not finished.
        let connected = stream.isConnected
        if openForThisPrompt { stream.close() }
        return connected
    }

    func cancel(_ audio: BufferSource) { stream.cancel(audio) }

    func fadeOut(_ audio: BufferSource) { stream.fadeOut(audio, seconds: interruptionFadeSeconds) }

    func close() { stream.close() }
}
