import AudioPolicy
import Guidance
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

/// What becomes of speech longer than a prompt may take.
enum OverBudget: Sendable {
    /// A maneuver: the next, plainer wording is tried; the plainest is said whatever its length.
    case shorten
    /// Text and alerts: the plainest wording spoken faster, up to `PromptFitter.fastest` (1.25×);
    /// refused (`EngineError.promptTooLong`) only if it still does not fit, with how long it would
    /// have been.
    case quicken
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
