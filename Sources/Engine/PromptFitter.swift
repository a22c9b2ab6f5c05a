import Speech

/// Picks the richest wording of a prompt whose synthesised audio fits the time budget.
/// Synthesis is far faster than real time, so measuring beats estimating syllables per language.
struct PromptFitter {
    let maxSeconds: Double

    /// The first candidate shorter than the budget, or the shortest one when none is.
    func fit(_ candidates: [String], voice: String, rate: Int, synthesizer: Synthesizer) async throws(SpeechError) -> (text: String, audio: PCMBuffer) {
        var shortest: (text: String, audio: PCMBuffer)?
        for text in candidates {
            let audio = try await synthesizer.synthesize(text, voice: voice, rate: rate)
            if audio.duration < maxSeconds { return (text, audio) }
            if shortest == nil || audio.duration < shortest!.audio.duration { shortest = (text, audio) }
        }
        guard let shortest else { throw .emptyText }
        return shortest
    }
}
