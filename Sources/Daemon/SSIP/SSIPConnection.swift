import AudioPolicy
import Engine
import Logging
import Prompts
import RPC
import SSIP
import Speech

/// One speech-dispatcher client's connection: one VoxNav client (`ssip-<id>`), with its own session
/// and settings. Its lines are taken one at a time, as SSIP is a protocol of a command and its reply
/// (`SSIPConversation` says what each asks).
struct SSIPConnection: DoorConnection {
    let id: Int
    let client: ClientID
    /// The program at the other end (`Peer.program`): its messages take fair turns with those of its
    /// other connections, so that a connection per message (`spd-say` without `-w`) earns nothing.
    let program: String
    var conversation: SSIPConversation
    let messages: SSIPMessages
    let engine: VoxNavEngine
    let logger: Logger

    var isBusy: Bool { messages.hasMessages(of: id) }

    mutating func take(_ frame: Frame, turn: RequestTurn, requests: inout DiscardingTaskGroup) async -> LineVerdict {
        defer { turn.release() }
        guard case .line(let line) = frame else {
            messages.send(.refused("a line longer than \(SSIPDoor.maxLineLength) bytes"), to: id)
            return .goOn
        }
        let step = conversation.take(Array(line.readableBytesView))
        if case .quit = step {
            messages.send(.bye, to: id)
            return .close
        }
        await carryOut(step)
        return .goOn
    }

    /// Its messages still play, as speech-dispatcher plays them: this returns once they have.
    func ended() async {
        messages.close(id, client: client)
        await engine.sessions.clientDisconnected(client)
    }

    private mutating func carryOut(_ step: SSIPConversation.Step) async {
        switch step {
        case .reply(let reply): messages.send(reply, to: id)
        case .receiving, .quit: return
        case .setLanguage(let asked):
            do {
                let resolved = try await engine.prompts.textLanguage(asked)
                messages.send(conversation.languageSet(asked, as: resolved), to: id)
            } catch {
                messages.send(.languageNotSet("\(error)"), to: id)
            }
        case .speak(let message): await speak(message)
        case .stop(let target):
            for (owner, prompt) in await messages.prompts(of: target, from: id, speakingOnly: true) {
                await engine.prompts.cancel(client: owner, id: prompt, reason: "stopped by a speech-dispatcher client (STOP)")
            }
            messages.send(.stopped, to: id)
        case .cancel(let target):
            for (owner, prompt) in await messages.prompts(of: target, from: id, speakingOnly: false) {
                await engine.prompts.cancel(client: owner, id: prompt, reason: "cancelled by a speech-dispatcher client (CANCEL)")
            }
            messages.send(.cancelled, to: id)
        }
    }

    /// Queues a message after SSIP's priority rules have ended what it outranks (or dropped it).
    private func speak(_ message: SSIPMessage) async {
        let (arrival, outranked) = await messages.arrival(of: message.priority)
        for (owner, prompt) in outranked {
            await engine.prompts.cancel(
                client: owner, id: prompt, reason: "a speech-dispatcher message of priority \(message.priority.rawValue) came (SSIP's priority rules)")
        }
        if arrival.dropped { return messages.dropped(client: id, notifications: message.notifications) }
        var options = PromptOptions(priority: message.priority.promptPriority, outlivesClient: true)
        options.saidAgainWhenOutranked = false
        // An app's own words: "in 200 meters" or "now" give the message its key and deadline.
        options.timingFromText = true
        // SSIP cannot tell a client its words were cut: never shortened (plain text longer than a
        // prompt is said in parts, markup too long refused with 300).
        options.keepsEveryWord = true
        options.takesTurnsAs = ClientID(rawValue: "ssip \(program) \(conversation.settings.clientName.prefix(100))")
        do {
            options.prosody = VoiceProsody(rate: message.rate, pitch: message.pitch, volume: message.volume)
            // SSML mode: the markup goes to eSpeak NG's own SSML, never said as words. Plain text
            // longer than a prompt is said as several in a row (`EnginePrompts.queueText`).
            let queued =
                message.ssml
                ? [
                    try await engine.prompts.queue(PromptRequest(content: .markup(message.text), language: message.language), client: client, options: options)
                        .id
                ]
                : try await engine.prompts.queueText(message.text, language: message.language, client: client, options: options)
            messages.queued(queued, client: id, engineClient: client, priority: message.priority, notifications: message.notifications)
        } catch {
            messages.refused(client: id, engineClient: client, .refused("\(error)"))
        }
    }
}

extension SSIPPriority {
    /// The priority of VoxNav's queue a message of this priority is queued with.
    var promptPriority: PromptPriority {
        switch self {
        case .important: .important
        case .message, .text: .normal
        case .notification, .progress: .low
        }
    }
}
