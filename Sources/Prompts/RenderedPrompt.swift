import AudioPolicy
import Speech

/// What becomes of speech longer than a prompt may take.
package enum OverBudget: Sendable {
    /// A maneuver: the next, plainer wording is tried; the plainest is said whatever its length.
    case shorten
    /// Text and alerts: the plainest wording spoken faster, up to `PromptFitter.fastest` (1.25×);
    /// refused (`EngineError.promptTooLong`) only if it still does not fit, with how long it would
    /// have been.
    case quicken
}

/// A prompt's words and audio in one audible style.
package struct RenderedPrompt: Sendable {
    package let style: AudibleStyle
    package let text: String
    package let audio: PCMBuffer

    package init(style: AudibleStyle, text: String, audio: PCMBuffer) {
        self.style = style
        self.text = text
        self.audio = audio
    }
}
