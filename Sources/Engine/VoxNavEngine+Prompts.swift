import AudioPolicy
import EngineTime
import Guidance
import RPC
import Speech
import StrictCoding

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

    /// Queues a prompt with the player. Everything that can be refused (language, voice, a full
    /// queue, too long a text, the server away) is refused here, changing nothing but the
    /// `prompt.refused` event that says so.
    func enqueue(_ request: PromptRequest, client: ClientID, options: PromptOptions) async throws(EngineError) -> (PromptTicket, Int) {
        do {
            return try await admit(request, client: client, options: options)
        } catch {
            emitRefused(request, client: client, options: options, error)
            throw error
        }
    }

    /// Queues a text that may be longer than one prompt, as a speech-dispatcher client sends one:
    /// cut at sentence, then clause ends into parts of about `partSeconds` of speech at its rate
    /// (`TextParts`), said as several prompts in a row under one duck, whole or refused before any
    /// part is said (`PromptPlayer.enqueue(parts:)`). A text that fits one prompt is one. Never
    /// shortened (`PromptOptions.keepsEveryWord`). Returns the prompts' ids in order.
    public func queueText(_ text: String, language: String?, client: ClientID, options: PromptOptions) async throws -> [PromptID] {
        var options = options
        options.keepsEveryWord = true
        let request = PromptRequest(content: .text(text), language: language)
        let said = PromptWordings.tidied(text)
        let budget = PromptWordings.partCharacters(at: options.prosody)
        guard said.count > budget, text.count <= configuration.policy.prompts.maxTextCharacters else {
            return [try await queue(request, client: client, options: options).id]
        }
        do throws(EngineError) {
            guard serverAvailable else { throw .serverUnavailable }
            let tag = wording.language(of: request)
            let voice = PromptWordings.textVoice(pack: voices.pack(for: tag), language: tag)
            let parts = TextParts.split(said, maxCharacters: budget)
            return try await prompts.enqueue(parts: parts, client: client, voice: voice, options: options, receivedAt: .now, gate: self).0.map(\.id)
        } catch {
            emitRefused(request, client: client, options: options, error)
            throw error
        }
    }

    /// `prompt.refused`, for a request refused before it was queued.
    private func emitRefused(_ request: PromptRequest, client: ClientID, options: PromptOptions, _ error: EngineError) {
        var text: String?
        if case .text(let said) = request.content { text = said }
        emit(.promptRefused(client: client.rawValue, text: text, priority: options.priority, reason: "\(error)"))
    }

    private func admit(_ request: PromptRequest, client: ClientID, options: PromptOptions) async throws(EngineError) -> (PromptTicket, Int) {
        let receivedAt = ContinuousClock.now
        // Refused at once rather than queued to wait for a server that may not come back soon.
        guard serverAvailable else { throw .serverUnavailable }
        let (candidates, voice) = try wording.wordings(for: request, everyWord: options.keepsEveryWord)
        let options = wording.timed(options, request)
        let kind: Prompt.Kind =
            switch request.content {
            case .maneuver: .maneuver
            case .alert, .alertText: .alert
            case .text, .textVariants, .markup: .text
            }
        do {
            return try await prompts.enqueue(
                client: client, candidates: candidates, voice: voice, kind: kind, options: options, receivedAt: receivedAt, gate: self)
        } catch {
            // Text in a language with neither a pack nor an eSpeak NG voice: say which pack was likely
            // meant, and where the packs and the voices are listed.
            guard case .speech(let why) = error, why == SpeechError.unknownVoice(voice).description, let language = request.language,
                voices.pack(for: language) == nil
            else { throw error }
            throw noVoiceNorPack(voice, language: language)
        }
    }

    /// The language text is said in for a client that names one as speech-dispatcher's clients do
    /// ("de", "en_US", or "C" for the locale's default): nil for the default language, the tag of a
    /// phrase pack of that language, else the eSpeak NG voice of that name. Throws when there is
    /// neither, naming the nearest pack.
    public func textLanguage(_ asked: String) async throws(EngineError) -> String? {
        // Bounded before it is looked up or edit-distanced (SSIP's SET SELF LANGUAGE comes here unchecked).
        if let problem = InputLimits.lengthProblem(asked, limit: InputLimits.tagCharacters) { throw .nameTooLong("language \(problem)") }
        let tag = asked.replacing("_", with: "-")
        if tag.isEmpty || ["c", "posix"].contains(tag.lowercased()) { return nil }
        if let pack = voices.pack(for: tag) { return pack.language }
        if await prompts.hasVoice(tag.lowercased()) { return tag.lowercased() }
        throw noVoiceNorPack(tag.lowercased(), language: asked)
    }

    /// Text in a language with neither a pack nor an eSpeak NG voice: which pack was likely meant,
    /// and where the packs and the voices are listed.
    private func noVoiceNorPack(_ voice: String, language: String) -> EngineError {
        .speech(
            SpeechError.unknownVoice(voice).description + ", nor a phrase pack for that language"
                + NearestName.didYouMean(language, among: voices.languages)
                + " (`voxnav voices` lists each pack with its file; `espeak-ng --voices` lists every voice)")
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
