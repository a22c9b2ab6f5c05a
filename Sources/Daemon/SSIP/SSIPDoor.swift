import AudioPolicy
import Engine
import RPC
import SSIP
import Synchronization

/// What the SSIP connections share: their ids, their messages waiting or speaking (for SSIP's
/// priority rules, `STOP` and `CANCEL` across clients), and the way back to each connection. Every
/// reply and event block of a connection is sent here, in one order: a message's `225` reply is
/// sent before any event of it, even one the engine emitted while the reply was on its way.
final class SSIPDoor: Sendable {
    /// A message the engine has queued.
    struct Message: Sendable {
        let id: Int
        let client: Int
        let engineClient: ClientID
        let priority: SSIPPriority
        let notifications: Set<SSIPEvent>
        var speaking = false
    }

    private struct State {
        var nextClient = 1
        var nextMessage = 1
        /// The open connections' ways back, by client id.
        var outlets: [Int: AsyncStream<SSIPReply>.Continuation] = [:]
        /// The open connections' engine clients.
        var clients: [ClientID: Int] = [:]
        var messages: [PromptID: Message] = [:]
        /// Events of an open connection's prompt that came before the prompt was known here (its
        /// `engine.queue` had not returned yet), given out once it is.
        var early: [ClientID: [EngineEvent]] = [:]

        mutating func apply(_ event: EngineEvent, to prompt: PromptID) {
            guard var message = messages[prompt] else { return }
            let told: SSIPEvent
            if event.type == .promptStarted {
                message.speaking = true
                messages[prompt] = message
                told = .begin
            } else if let end = event.type.ssipEvent {
                messages[prompt] = nil
                told = end
            } else {
                return
            }
            if message.notifications.contains(told) { outlets[message.client]?.yield(told.block(message: message.id, client: message.client)) }
        }
    }

    private let state = Mutex(State())

    /// A new connection: its client id and the engine client it speaks as.
    func open(_ outlet: AsyncStream<SSIPReply>.Continuation) -> (id: Int, client: ClientID) {
        state.withLock { state in
            let id = state.nextClient
            state.nextClient += 1
            let client = ClientID(rawValue: "ssip-\(id)")
            state.outlets[id] = outlet
            state.clients[client] = id
            return (id, client)
        }
    }

    /// The connection has gone: what it sent is written, nothing more is sent to it. Its messages
    /// still play (speech-dispatcher says a message whose client has gone).
    func close(_ id: Int, client: ClientID) {
        let outlet = state.withLock { state in
            state.clients[client] = nil
            state.early[client] = nil
            return state.outlets.removeValue(forKey: id)
        }
        outlet?.finish()
    }

    func send(_ reply: SSIPReply, to id: Int) {
        _ = state.withLock { $0.outlets[id]?.yield(reply) }
    }

    /// What SSIP's priority rules do if a message of `priority` comes now.
    func arrival(of priority: SSIPPriority) -> (SSIPArrival, toCancel: [(ClientID, PromptID)]) {
        state.withLock { state in
            let others = state.messages.values.map { SSIPMessageState(id: $0.id, priority: $0.priority, speaking: $0.speaking) }
            let arrival = SSIPArrival.of(priority, among: others)
            let prompts = state.messages.filter { arrival.cancelled.contains($0.value.id) }.map { ($0.value.engineClient, $0.key) }
            return (arrival, prompts)
        }
    }

    /// The prompts of the messages `target` names from client `id`'s connection: every one, or
    /// only those speaking.
    func prompts(of target: SSIPTarget, from id: Int, speakingOnly: Bool) -> [(ClientID, PromptID)] {
        state.withLock { state in
            state.messages.filter { entry in
                let message = entry.value
                guard !speakingOnly || message.speaking else { return false }
                switch target {
                case .own: return message.client == id
                case .all: return true
                case .client(let other): return message.client == other
                }
            }.map { ($0.value.engineClient, $0.key) }
        }
    }

    /// The engine queued `prompt` for client `id`: its `225` goes out, then what the engine has
    /// already told of it.
    func queued(_ prompt: PromptID, client id: Int, engineClient: ClientID, priority: SSIPPriority, notifications: Set<SSIPEvent>) {
        state.withLock { state in
            let message = Message(
                id: state.nextMessage, client: id, engineClient: engineClient, priority: priority, notifications: notifications)
            state.nextMessage += 1
            state.messages[prompt] = message
            state.outlets[id]?.yield(.queued(message.id))
            let early = state.early.removeValue(forKey: engineClient) ?? []
            for event in early where event.prompt == prompt.rawValue { state.apply(event, to: prompt) }
        }
    }

    /// A message SSIP's priority rules drop as it comes: it gets an id, and ends at once.
    func dropped(client id: Int, notifications: Set<SSIPEvent>) {
        state.withLock { state in
            let message = state.nextMessage
            state.nextMessage += 1
            state.outlets[id]?.yield(.queued(message))
            if notifications.contains(.cancel) { state.outlets[id]?.yield(SSIPEvent.cancel.block(message: message, client: id)) }
        }
    }

    /// The engine refused a message: `reply` says why; what it told of it is dropped.
    func refused(client id: Int, engineClient: ClientID, _ reply: SSIPReply) {
        state.withLock { state in
            state.early[engineClient] = nil
            state.outlets[id]?.yield(reply)
        }
    }

    /// An engine event: the begin or end of a message, told to its client if it asked.
    func event(_ event: EngineEvent) {
        guard event.type.ssipEvent != nil || event.type == .promptStarted, let prompt = event.prompt.map(PromptID.init(rawValue:)) else { return }
        state.withLock { state in
            if state.messages[prompt] != nil {
                state.apply(event, to: prompt)
            } else if let client = event.client.map(ClientID.init(rawValue:)), state.clients[client] != nil {
                state.early[client, default: []].append(event)
            }
        }
    }
}

extension EventType {
    /// How a prompt's end is told in SSIP: `702 END` when it was said, `703 CANCELED` when it was
    /// not, or not to its end.
    fileprivate var ssipEvent: SSIPEvent? {
        switch self {
        case .promptFinished, .promptShortened: .end
        case .promptSkipped, .promptExpired, .promptInterrupted, .promptRefused: .cancel
        default: nil
        }
    }
}
