import AudioPolicy
import Engine
import Logging
import NIOCore
import RPC
import SSIP

/// One speech-dispatcher client's connection: one VoxNav client (`ssip-<id>`), with its own session
/// and settings. Its lines are taken one at a time, as SSIP is a protocol of a command and its reply
/// (`SSIPConversation` says what each asks); its replies and events are written in order by one task.
struct SSIPConnection {
    let channel: NIOAsyncChannel<Frame, ByteBuffer>
    let door: SSIPDoor
    let engine: VoxNavEngine
    let catalog: SSIPCatalog
    let logger: Logger

    /// How long after a message's `225` reply its first event waits: speech-dispatcher's Python
    /// client registers a message's callback only once it has read the reply, and drops an event
    /// that comes before (a race its own code notes). VoxNav begins a prompt within a few
    /// milliseconds, sooner than that client is ready; the audio is not held, only the event.
    static let eventHold = Duration.milliseconds(50)

    func serve() async {
        let (outgoing, outlet) = AsyncStream.makeStream(of: SSIPReply.self)
        let (id, client) = door.open(outlet)
        var conversation = SSIPConversation(clientID: id, catalog: catalog)
        var gain = GuidanceGain.normal
        do {
            try await channel.executeThenClose { inbound, outbound in
                await withDiscardingTaskGroup { group in
                    group.addTask {
                        var queuedAt: ContinuousClock.Instant?
                        for await reply in outgoing {
                            // An event is not written within `eventHold` of a message's 225 (see there).
                            if reply.code >= 700, let queuedAt { try? await Task.sleep(until: queuedAt + Self.eventHold) }
                            try? await outbound.write(ByteBuffer(string: reply.wire))
                            if reply.code == 225 { queuedAt = .now }
                        }
                    }
                    do {
                        lines: for try await frame in inbound {
                            guard case .line(let line) = frame else {
                                door.send(.refused("a line longer than \(SSIPServer.maxLineLength) bytes"), to: id)
                                continue
                            }
                            let step = conversation.take(Array(line.readableBytesView))
                            if case .quit = step {
                                door.send(.bye, to: id)
                                break lines
                            }
                            if case .speak(let message) = step, message.volume.gain != gain {
                                gain = message.volume.gain
                                await engine.setGuidanceGain(client: client, gain)
                            }
                            await carryOut(step, id: id, client: client, conversation: &conversation)
                        }
                    } catch {
                        logger.debug("SSIP connection failed", metadata: ["client": "\(client.rawValue)", "error": "\(error)"])
                    }
                    // What was sent is written; then the connection closes.
                    door.close(id, client: client)
                }
            }
        } catch {
            logger.debug("SSIP connection could not close cleanly", metadata: ["error": "\(error)"])
        }
        // Its messages still play, as speech-dispatcher plays them: this returns once they have.
        await engine.clientDisconnected(client)
    }

    private func carryOut(_ step: SSIPConversation.Step, id: Int, client: ClientID, conversation: inout SSIPConversation) async {
        switch step {
        case .reply(let reply): door.send(reply, to: id)
        case .receiving, .quit: return
        case .setLanguage(let asked):
            do {
                let resolved = try await engine.textLanguage(asked)
                door.send(conversation.languageSet(asked, as: resolved), to: id)
            } catch {
                door.send(.languageNotSet("\(error)"), to: id)
            }
        case .speak(let message): await speak(message, id: id, client: client)
        case .stop(let target):
            for (owner, prompt) in door.prompts(of: target, from: id, speakingOnly: true) {
                await engine.cancelPrompts(client: owner, id: prompt, reason: "stopped by a speech-dispatcher client (STOP)")
            }
            door.send(.stopped, to: id)
        case .cancel(let target):
            for (owner, prompt) in door.prompts(of: target, from: id, speakingOnly: false) {
                await engine.cancelPrompts(client: owner, id: prompt, reason: "cancelled by a speech-dispatcher client (CANCEL)")
            }
            door.send(.cancelled, to: id)
        }
    }

    /// Queues a message after SSIP's priority rules have ended what it outranks (or dropped it).
    private func speak(_ message: SSIPMessage, id: Int, client: ClientID) async {
        let (arrival, outranked) = door.arrival(of: message.priority)
        for (owner, prompt) in outranked {
            await engine.cancelPrompts(
                client: owner, id: prompt, reason: "a speech-dispatcher message of priority \(message.priority.rawValue) came (SSIP's priority rules)")
        }
        if arrival.dropped { return door.dropped(client: id, notifications: message.notifications) }
        var options = PromptOptions(priority: message.priority.promptPriority, outlivesClient: true)
        options.saidAgainWhenOutranked = false
        // An app's own words: "in 200 meters" or "now" give the message its key and deadline.
        options.timingFromText = true
        do {
            let queued = try await engine.queue(PromptRequest(text: message.text, language: message.language), client: client, options: options)
            door.queued(queued.id, client: id, engineClient: client, priority: message.priority, notifications: message.notifications)
        } catch {
            door.refused(client: id, engineClient: client, .refused("\(error)"))
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

extension Int {
    /// SSIP's volume (-100...100) as the gain of the client's prompts: softer below -33, louder above 33.
    fileprivate var gain: GuidanceGain {
        switch self {
        case ..<(-33): .softer
        case 34...: .louder
        default: .normal
        }
    }
}
