import AudioPolicy
import EngineTime
import Guidance
import Prompts
import RPC
import Speech
import StrictCoding

/// Where prompt requests come in, on the engine's loop: what each says and in which voice
/// (`PromptWordings`), refused here or queued with the prompt player, with a `prompt.refused` event
/// for each refusal.
///
/// A part of `VoxNavEngine`, owned by it and run only in its turns: each method is handed the engine
/// as its isolated context.
final class PromptDesk {
    /// What each request says, and in which voice.
    let wording: PromptWordings

    init(wording: PromptWordings) {
        self.wording = wording
    }

    /// Queues a prompt with the player. Everything that can be refused (language, voice, a full
    /// queue, too long a text, the server away) is refused here, changing nothing but the
    /// `prompt.refused` event that says so.
    func enqueue(_ request: PromptRequest, client: ClientID, options: PromptOptions, on engine: isolated VoxNavEngine) async throws(EngineError)
        -> (PromptTicket, Int)
    {
        do {
            return try await admit(request, client: client, options: options, on: engine)
        } catch {
            refused(request, client: client, options: options, error, on: engine)
            throw error
        }
    }

    /// Queues a text that may be longer than one prompt (`EnginePrompts.queueText`): cut into parts of
    /// about `partSeconds` of speech at its rate (`TextParts`), said as several prompts in a row under
    /// one duck, whole or refused before any part is said (`PromptPlayer.enqueue(parts:)`).
    func queueText(_ text: String, language: String?, client: ClientID, options: PromptOptions, on engine: isolated VoxNavEngine) async throws
        -> [PromptID]
    {
        var options = options
        options.keepsEveryWord = true
        let request = PromptRequest(content: .text(text), language: language)
        let said = PromptWordings.tidied(text)
        let budget = PromptWordings.partCharacters(at: options.prosody)
        guard said.count > budget, text.count <= engine.configuration.policy.prompts.maxTextCharacters else {
            return [try await enqueue(request, client: client, options: options, on: engine).0.id]
        }
        do throws(EngineError) {
            guard engine.supervisor.available else { throw .serverUnavailable }
            let tag = wording.language(of: request)
            let voice = PromptWordings.textVoice(pack: engine.voices.pack(for: tag), language: tag)
            let parts = TextParts.split(said, maxCharacters: budget)
            return try await engine.player.enqueue(parts: parts, client: client, voice: voice, options: options, receivedAt: .now, gate: engine).0
                .map(\.id)
        } catch {
            refused(request, client: client, options: options, error, on: engine)
            throw error
        }
    }

    /// `prompt.refused`, for a request refused before it was queued.
    private func refused(_ request: PromptRequest, client: ClientID, options: PromptOptions, _ error: EngineError, on engine: isolated VoxNavEngine) {
        var text: String?
        if case .text(let said) = request.content { text = said }
        engine.emit(.promptRefused(client: client.rawValue, text: text, priority: options.priority, reason: "\(error)"))
    }

    private func admit(_ request: PromptRequest, client: ClientID, options: PromptOptions, on engine: isolated VoxNavEngine) async throws(EngineError)
        -> (PromptTicket, Int)
    {
        let receivedAt = ContinuousClock.now
        // Refused at once rather than queued to wait for a server that may not come back soon.
        guard engine.supervisor.available else { throw .serverUnavailable }
        let (candidates, voice) = try wording.wordings(for: request, everyWord: options.keepsEveryWord)
        let options = wording.timed(options, request)
        let kind: Prompt.Kind =
            switch request.content {
            case .maneuver: .maneuver
            case .alert, .alertText: .alert
            case .text, .textVariants, .markup: .text
            }
        do {
            return try await engine.player.enqueue(
                client: client, candidates: candidates, voice: voice, kind: kind, options: options, receivedAt: receivedAt, gate: engine)
        } catch {
            // Text in a language with neither a pack nor an eSpeak NG voice: say which pack was likely
            // meant, and where the packs and the voices are listed.
            guard case .speech(let why) = error, why == SpeechError.unknownVoice(voice).description, let language = request.language,
                engine.voices.pack(for: language) == nil
            else { throw error }
            throw noVoiceNorPack(voice, language: language)
        }
    }

    /// The language text is said in for a client that names one as speech-dispatcher's clients do
    /// (`VoxNavEngine.textLanguage`). Throws when there is neither a pack nor a voice, naming the
    /// nearest pack.
    func textLanguage(_ asked: String, on engine: isolated VoxNavEngine) async throws(EngineError) -> String? {
        // Bounded before it is looked up or edit-distanced (SSIP's SET SELF LANGUAGE comes here unchecked).
        if let problem = InputLimits.lengthProblem(asked, limit: InputLimits.tagCharacters) { throw .nameTooLong("language \(problem)") }
        let tag = asked.replacing("_", with: "-")
        if tag.isEmpty || ["c", "posix"].contains(tag.lowercased()) { return nil }
        if let pack = engine.voices.pack(for: tag) { return pack.language }
        if await engine.player.hasVoice(tag.lowercased()) { return tag.lowercased() }
        throw noVoiceNorPack(tag.lowercased(), language: asked)
    }

    /// Text in a language with neither a pack nor an eSpeak NG voice: which pack was likely meant,
    /// and where the packs and the voices are listed.
    private func noVoiceNorPack(_ voice: String, language: String) -> EngineError {
        .speech(
            SpeechError.unknownVoice(voice).description + ", nor a phrase pack for that language"
                + NearestName.didYouMean(language, among: wording.voices.languages)
                + " (`voxnav voices` lists each pack with its file; `espeak-ng --voices` lists every voice)")
    }
}
