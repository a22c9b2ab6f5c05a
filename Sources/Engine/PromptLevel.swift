import AudioPolicy
import Prompts
import RPC
import Speech

/// A prompt's audio at the level it is played: its speech brought to the policy's `promptLevel`, its
/// client's gain and its own volume, and what the policy's `audibility:` target asks over the bed the
/// engine measured (`AudibilityPlan`), applied through a `PeakLimiter` so that no sample clips.
struct PromptLevel: Sendable {
    /// The audio as it is to be heard.
    let audio: PCMBuffer
    let plan: AudibilityPlan
    /// The speech level of the audio as made (dBFS); nil for a tone, silence, or where neither a
    /// level nor a bed asks for it.
    let speechLevel: Double?

    /// The prompt's audio as made, at its level under `grant`: speech is measured and levelled, a
    /// tone is played as made, at its client's gain.
    /// - Parameter volume: the prompt's own volume (`VoiceProsody.gainDecibels`), on top of its client's gain.
    init(_ rendered: RenderedPrompt, grant: PromptGrant, audibility: Audibility, volume: Double = 0) {
        let made = rendered.audio
        let measured = rendered.style == .normal && (audibility.promptLevel != nil || grant.bed != nil)
        speechLevel = measured ? SpeechLevel.level(of: made.samples, sampleRate: made.sampleRate) : nil
        plan = audibility.plan(prompt: speechLevel, clientGain: grant.gain.decibels + volume, bed: grant.bed)
        var audio = made
        if plan.totalGain != 0 { audio.samples = PeakLimiter().apply(gain: plan.totalGain, to: made.samples, sampleRate: made.sampleRate) }
        self.audio = audio
    }

    /// What `prompt.started` says of it: the gain applied, the level it plays at, and how far it
    /// stands out of the bed.
    var facts: EngineEvent.PromptLevelFacts {
        var facts = EngineEvent.PromptLevelFacts()
        if plan.gain != 0 { facts.gain = plan.gain }
        if plan.extraDuck < 0 { facts.extraDuck = plan.extraDuck }
        guard let speechLevel else { return facts }
        facts.speechLevel = Self.tenth(speechLevel + plan.totalGain)
        if let margin = plan.margin(promptLevel: speechLevel) { facts.aboveBed = Self.tenth(margin) }
        return facts
    }

    private static func tenth(_ x: Double) -> Double { (x * 10).rounded() / 10 }
}
