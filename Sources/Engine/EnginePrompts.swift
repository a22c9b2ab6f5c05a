import AudioPolicy
import EngineTime
import Prompts
import RPC

/// The engine's prompt requests (`engine.prompts`): each one turn of its loop, taken by the
/// `PromptDesk` (what a request says, in which voice) and the `PromptPlayer` (the queue and the
/// prompt playing).
public struct EnginePrompts: Sendable {
    let engine: VoxNavEngine

    /// Speaks a prompt and returns once it has finished, been skipped or expired, with every source
    /// the prompt affected restored, or taken over by the prompt that followed it within the hold
    /// (`ramps.hold`). The player goes on to the next prompt meanwhile: only this reply waits.
    public func speak(_ request: PromptRequest, client: ClientID = VoxNavEngine.localClient, options: PromptOptions = PromptOptions()) async throws
        -> PromptOutcome
    {
        try await engine.turn { engine in
            let (ticket, _) = try await engine.promptDesk.enqueue(request, client: client, options: options, on: engine)
            var outcome = try await ticket.outcome()
            // Asked whatever this prompt ducked: one that played in a lingering session ducked nothing
            // itself, and its session's hold is the one that keeps the music down. Counted from the
            // request, as its other timings are (not from when this task resumed: a busy machine
            // resumes it late).
            await engine.untilReleased(client)
            if outcome.timings.restored != nil { outcome.timings.restored = (ContinuousClock.now - ticket.receivedAt).milliseconds }
            return outcome
        }
    }

    /// Queues a prompt, or refuses it with a `prompt.refused` event (`PromptDesk.enqueue`), and
    /// returns at once with its id and its place in the queue (0 = next to play); events tell the rest.
    public func queue(_ request: PromptRequest, client: ClientID, options: PromptOptions) async throws(EngineError) -> (id: PromptID, position: Int) {
        try await engine.turn { (engine) throws(EngineError) in
            let (ticket, position) = try await engine.promptDesk.enqueue(request, client: client, options: options, on: engine)
            return (ticket.id, position)
        }
    }

    /// Queues a text that may be longer than one prompt, as a speech-dispatcher client sends one:
    /// cut at sentence, then clause ends into parts said as several prompts in a row under one
    /// duck, whole or refused before any part is said (`PromptDesk.queueText`). A text that fits one
    /// prompt is one. Never shortened (`PromptOptions.keepsEveryWord`). Returns the prompts' ids in order.
    public func queueText(_ text: String, language: String?, client: ClientID, options: PromptOptions) async throws -> [PromptID] {
        try await engine.turn { engine in try await engine.promptDesk.queueText(text, language: language, client: client, options: options, on: engine) }
    }

    /// The language text is said in for a client that names one as speech-dispatcher's clients do
    /// ("de", "en_US", or "C" for the locale's default): nil for the default language, the tag of a
    /// phrase pack of that language, else the eSpeak NG voice of that name. Throws when there is
    /// neither, naming the nearest pack.
    public func textLanguage(_ asked: String) async throws(EngineError) -> String? {
        try await engine.turn { (engine) throws(EngineError) in try await engine.promptDesk.textLanguage(asked, on: engine) }
    }

    /// Cancels prompts: one by id (whoever queued it: the socket is the user's own), or all of a
    /// client's. Waiting ones are skipped; the one playing stops at once.
    @discardableResult
    public func cancel(client: ClientID, id: PromptID? = nil, reason: String = "cancelled by the client") async -> [PromptID] {
        await engine.turn { engine in engine.player.cancel(client: client, id: id, reason: reason) }
    }

    /// Where each of the prompts `ids` stands now, as the prompt player has it (the one record of
    /// what waits and what speaks); an id absent has ended.
    public func standing(of ids: Set<PromptID>) async -> [PromptID: PromptStanding] {
        await engine.turn { engine in engine.player.standing(of: ids) }
    }
}
