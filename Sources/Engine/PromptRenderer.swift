import AudioPolicy
import Guidance
import Prompts
import Speech

/// Makes the audio of a prompt in an audible style. Called in the engine's isolation and awaited
/// there (`nonisolated(nonsending)`): the one hop is to eSpeak NG's queue and back.
protocol PromptRenderer: Sendable {
    nonisolated(nonsending) func hasVoice(_ voice: String) async -> Bool
    /// Speech fitted to the time budget, or the navigation tone. `within` lowers the budget for one
    /// prompt (a final instruction with little time left before its maneuver, `PromptOptions.wordBudget`).
    /// `prosody`: the rate and pitch its client asked for.
    nonisolated(nonsending) func render(
        _ style: AudibleStyle, candidates: [Wording], voice: String, prosody: VoiceProsody, overBudget: OverBudget, within: Double?
    ) async throws(EngineError) -> RenderedPrompt
}

/// eSpeak NG, fitted to the prompt budget.
struct SpeechRenderer: PromptRenderer {
    let synthesizer: Synthesizer
    let maxPromptSeconds: Double
    let rate: Int

    nonisolated(nonsending) func hasVoice(_ voice: String) async -> Bool { await synthesizer.hasVoice(voice) }

    nonisolated(nonsending) func render(
        _ style: AudibleStyle, candidates: [Wording], voice: String, prosody: VoiceProsody, overBudget: OverBudget, within: Double?
    ) async throws(EngineError) -> RenderedPrompt {
        switch style {
        case .short:
            return RenderedPrompt(
                style: style, text: (candidates.last ?? candidates[0]).text, audio: Earcon.navigationTone(sampleRate: synthesizer.sampleRate))
        case .normal:
            do {
                let fitter = PromptFitter(maxSeconds: min(maxPromptSeconds, within ?? .infinity), pitch: prosody.eSpeakPitch)
                let (text, audio) = try await fitter.fit(
                    candidates, voice: voice, rate: prosody.wordsPerMinute(around: rate), overBudget: overBudget, synthesizer: synthesizer)
                return RenderedPrompt(style: style, text: text, audio: audio)
            } catch .tooLong(let overrun) {
                throw .promptTooLong(overrun)
            } catch {
                throw .speech(error.description)
            }
        }
    }
}
