import Speech

/// Picks the richest wording of a prompt whose synthesised audio fits the time budget.
/// Synthesis is far faster than real time, so measuring beats estimating syllables per language;
/// each wording's synthesis stops as soon as it passes the budget, so a long one costs little.
struct PromptFitter {
    let maxSeconds: Double

    /// The first candidate shorter than the budget. When none is: a maneuver's plainest wording,
    /// whatever its length; for text, `SpeechError.tooLong`.
    func fit(_ candidates: [String], voice: String, rate: Int, overBudget: OverBudget, synthesizer: Synthesizer) async throws(SpeechError) -> (
        text: String, audio: PCMBuffer
    ) {
        guard let plainest = candidates.last else { throw .emptyText }
        var overrun: SpeechOverrun?
        for text in candidates {
            do {
                let audio = try await synthesizer.synthesize(text, voice: voice, rate: rate, limit: maxSeconds)
                if audio.duration < maxSeconds { return (text, audio) }
                overrun = SpeechOverrun(limit: maxSeconds, made: audio.duration, charactersSpoken: text.count, characters: text.count)
            } catch .tooLong(let over) {
                overrun = over
            }
        }
        switch overBudget {
        case .refuse: throw .tooLong(overrun!)
        case .shorten: return (plainest, try await synthesizer.synthesize(plainest, voice: voice, rate: rate))
        }
    }
}
