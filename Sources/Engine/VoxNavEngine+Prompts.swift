import AudioPolicy
import EngineTime
import RPC

/// The prompt requests, taken by the engine's `PromptDesk` in the engine's turn.
extension VoxNavEngine {
    /// Speaks a prompt and returns once it has finished, been skipped or expired, with every source
    /// the prompt affected restored, or taken over by the prompt that followed it within the hold
    /// (`ramps.hold`). The player goes on to the next prompt meanwhile: only this reply waits.
    public func speak(_ request: PromptRequest, client: ClientID = VoxNavEngine.localClient, options: PromptOptions = PromptOptions()) async throws
        -> PromptOutcome
    {
        let (ticket, _) = try await enqueue(request, client: client, options: options)
        var outcome = try await ticket.outcome()
        // Asked whatever this prompt ducked: one that played in a lingering session ducked nothing
        // itself, and its session's hold is the one that keeps the music down.
        let finished = ContinuousClock.now
        await untilReleased(client)
        if let restored = outcome.timings.restored { outcome.timings.restored = restored + (ContinuousClock.now - finished).milliseconds }
        return outcome
    }

    /// Queues a prompt and returns at once with its id and its place in the queue (0 = next to play);
    /// events tell the rest.
    public func queue(_ request: PromptRequest, client: ClientID, options: PromptOptions) async throws -> (id: PromptID, position: Int) {
        let (ticket, position) = try await enqueue(request, client: client, options: options)
        return (ticket.id, position)
    }

    /// Queues a prompt, or refuses it with a `prompt.refused` event (`PromptDesk.enqueue`).
    func enqueue(_ request: PromptRequest, client: ClientID, options: PromptOptions) async throws(EngineError) -> (PromptTicket, Int) {
        try await promptDesk.enqueue(request, client: client, options: options, on: self)
    }

    /// Queues a text that may be longer than one prompt, as a speech-dispatcher client sends one:
    /// cut at sentence, then clause ends into parts said as several prompts in a row under one
    /// duck, whole or refused before any part is said (`PromptDesk.queueText`). A text that fits one
    /// prompt is one. Never shortened (`PromptOptions.keepsEveryWord`). Returns the prompts' ids in order.
    public func queueText(_ text: String, language: String?, client: ClientID, options: PromptOptions) async throws -> [PromptID] {
        try await promptDesk.queueText(text, language: language, client: client, options: options, on: self)
    }

    /// The language text is said in for a client that names one as speech-dispatcher's clients do
    /// ("de", "en_US", or "C" for the locale's default): nil for the default language, the tag of a
    /// phrase pack of that language, else the eSpeak NG voice of that name. Throws when there is
    /// neither, naming the nearest pack.
    public func textLanguage(_ asked: String) async throws(EngineError) -> String? {
        try await promptDesk.textLanguage(asked, on: self)
    }

    /// Cancels prompts: one by id (whoever queued it: the socket is the user's own), or all of a
    /// client's. Waiting ones are skipped; the one playing stops at once.
    @discardableResult
    public func cancelPrompts(client: ClientID, id: PromptID? = nil, reason: String = "cancelled by the client") -> [PromptID] {
        prompts.cancel(client: client, id: id, reason: reason)
    }

    /// Where each of the prompts `ids` stands now, as the prompt player has it (the one record of
    /// what waits and what speaks); an id absent has ended.
    public func standing(of ids: Set<PromptID>) -> [PromptID: PromptStanding] {
        prompts.standing(of: ids)
    }
}
