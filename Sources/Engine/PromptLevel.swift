import AudioPolicy
import RPC
import Speech

/// A prompt's audio at the level it is played: its client's gain and its own volume, and what the policy's
/// `audibility:` target asks over the bed the engine measured (`AudibilityPlan`), applied through a
/// `PeakLimiter` so that no sample clips.
struct PromptLevel: Sendable {
    /// The audio as it is to be heard.
    let audio: PCMBuffer
    let plan: AudibilityPlan
    /// The speech level of the audio as made (dBFS); nil for silence, or with no bed to measure against.
    let speechLevel: Double?

    /// - Parameter volume: the prompt's own volume (`VoiceProsody.gainDecibels`), on top of its client's gain.
    init(_ rendered: PCMBuffer, grant: PromptGrant, audibility: Audibility, volume: Double = 0) {
        // Measured only against a bed (there is one only while a target is set): every other prompt
        // plays at its client's gain, and its level would change nothing.
        speechLevel = grant.bed == nil ? nil : SpeechLevel.level(of: rendered.samples, sampleRate: rendered.sampleRate)
        let clientGain = grant.gain.decibels + volume
        plan =
            speechLevel.map { audibility.plan(prompt: $0, clientGain: clientGain, bed: grant.bed) }
            ?? AudibilityPlan(gain: clientGain, extraDuck: 0, bedUnderPrompt: nil)
        var audio = rendered
        if plan.gain != 0 { audio.samples = PeakLimiter().apply(gain: plan.gain, to: rendered.samples, sampleRate: rendered.sampleRate) }
        self.audio = audio
    }

    /// What `prompt.started` says of it: the gain applied, and how far it stands out of the bed.
    func describe(in event: inout EngineEvent) {
        if plan.gain != 0 { event.gain = plan.gain }
        if plan.extraDuck < 0 { event.extraDuck = plan.extraDuck }
        if let speechLevel, let margin = plan.margin(promptLevel: speechLevel) { event.aboveBed = (margin * 10).rounded() / 10 }
    }
}
