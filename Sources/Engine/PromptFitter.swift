import Guidance
import Prompts
import Speech

/// Picks the richest wording of a prompt whose synthesised audio fits the time budget.
/// Synthesis is far faster than real time, so measuring beats estimating syllables per language;
/// each wording's synthesis stops as soon as it passes the budget, so a long one costs little.
struct PromptFitter {
    let maxSeconds: Double
    /// eSpeak NG's pitch for every wording (`VoiceProsody.eSpeakPitch`); nil: the voice's own.
    var pitch: Int? = nil

    /// Faster rates tried, in turn, for text none of whose wordings fits (`OverBudget.quicken`): up
    /// to 1.25×, still easily understood; more would be gabbled.
    static let quickerRates = [1.1, 1.25]
    static var fastest: Double { quickerRates.last! }

    /// The first candidate shorter than the budget. When none is: a maneuver's plainest wording,
    /// whatever its length; for text, the plainest spoken faster, else `SpeechError.tooLong`.
    nonisolated(nonsending) func fit(
        _ candidates: [Wording], voice: String, rate: Int, overBudget: OverBudget, synthesizer: Synthesizer
    ) async throws(SpeechError) -> (
        text: String, audio: PCMBuffer
    ) {
        guard let plainest = candidates.last else { throw .emptyText }
        var overrun: SpeechOverrun?
        for wording in candidates {
            do {
                let audio = try await say(wording, voice: voice, rate: rate, limit: maxSeconds, synthesizer: synthesizer)
                if audio.duration < maxSeconds { return (wording.text, audio) }
                let text = wording.text
                overrun = SpeechOverrun(limit: maxSeconds, made: audio.duration, charactersSpoken: text.count, characters: text.count)
            } catch .tooLong(let over) {
                overrun = over
            }
        }
        switch overBudget {
        case .quicken:
            for factor in Self.quickerRates {
                let quicker = Int((Double(rate) * factor).rounded())
                if let audio = try? await say(plainest, voice: voice, rate: quicker, limit: maxSeconds, synthesizer: synthesizer),
                    audio.duration < maxSeconds
                {
                    return (plainest.text, audio)
                }
            }
            throw .tooLong(overrun!)
        case .shorten: return (plainest.text, try await say(plainest, voice: voice, rate: rate, limit: nil, synthesizer: synthesizer))
        }
    }

    /// What eSpeak NG is given for a wording: its SSML with phoneme input on when a name is said
    /// otherwise than written, else its text as it is.
    static func input(for wording: Wording) -> (text: String, markup: Bool) {
        wording.speech.map { ($0, true) } ?? (wording.text, false)
    }

    private nonisolated(nonsending) func say(_ wording: Wording, voice: String, rate: Int, limit: Double?, synthesizer: Synthesizer) async throws(SpeechError)
        -> PCMBuffer
    {
        let input = Self.input(for: wording)
        return try await synthesizer.synthesize(
            input.text, voice: voice, ssml: input.markup, phonemes: input.markup, rate: rate, pitch: pitch, limit: limit)
    }
}
