import AudioPolicy
import Guidance

/// A prompt accepted into the queue: validated, with its wordings and voice.
struct AdmittedPrompt: Sendable {
    let id: PromptID
    let client: ClientID
    /// The wordings it may be said with, richest first (a text prompt has one).
    let candidates: [Wording]
    let voice: String
    let overBudget: OverBudget
    let options: PromptOptions
    let ticket: PromptTicket
    /// When the request arrived: a prompt's timings count from here.
    let receivedAt: ContinuousClock.Instant
    /// A maneuver is an instruction; text is an alert (the user's voice-guidance level tells them apart).
    let purpose: PromptPurpose
    /// Its speech, made when it was admitted, kept when it was to play next.
    let prepared: RenderedPrompt?
}
