import AudioPolicy
import Speech

/// Makes the audio of a prompt in an audible style.
protocol PromptRenderer: Sendable {
    func hasVoice(_ voice: String) async -> Bool
    /// Speech fitted to the time budget (the richest wording that fits), or the navigation tone.
    func render(_ style: AudibleStyle, candidates: [String], voice: String) async throws(EngineError) -> RenderedPrompt
}

/// A prompt's words and audio in one audible style.
struct RenderedPrompt: Sendable {
    let style: AudibleStyle
    let text: String
    let audio: PCMBuffer
}

/// eSpeak NG, fitted to the prompt budget.
struct SpeechRenderer: PromptRenderer {
    let synthesizer: Synthesizer
    let maxPromptSeconds: Double
    let rate: Int

    func hasVoice(_ voice: String) async -> Bool { await synthesizer.hasVoice(voice) }

    func render(_ style: AudibleStyle, candidates: [String], voice: String) async throws(EngineError) -> RenderedPrompt {
        switch style {
        case .short:
            return RenderedPrompt(
                style: style, text: candidates.last ?? candidates[0], audio: Earcon.navigationTone(sampleRate: synthesizer.sampleRate))
        case .normal:
            do {
                let (text, audio) = try await PromptFitter(maxSeconds: maxPromptSeconds)
                    .fit(candidates, voice: voice, rate: rate, synthesizer: synthesizer)
                return RenderedPrompt(style: style, text: text, audio: audio)
            } catch {
                throw .speech(error.description)
            }
        }
    }
}
