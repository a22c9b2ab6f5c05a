import AudioPolicy
import Engine
import NIOCore
import Prompts
import RPC
import SSIP
import Synchronization

/// What the SSIP connections share: their ids, the SSIP side of each message the engine queued for
/// them (its SSIP id and priority, the events its client asked for), and the way back to each
/// connection. Where a message stands (waiting, speaking, ended) is the engine's to say
/// (`VoxNavEngine.standing(of:)`): SSIP's priority rules, `STOP` and `CANCEL` ask it. Every reply
/// and event block of a connection is sent here, in one order: a message's `225` reply is sent
/// before any event of it, even one the engine emitted while the reply was on its way.
final class SSIPMessages: Sendable {
    /// A message the engine has queued: one prompt, or several in a row for a text longer than one
    /// (`EnginePrompts.queueText`), begun with its first and ended with its last.
    struct Message: Sendable {
        let id: Int
        let client: Int
        let engineClient: ClientID
        let priority: SSIPPriority
        let notifications: Set<SSIPEvent>
        let first: PromptID
        let last: PromptID
    }

    /// How long after a message's `225` reply its first event waits: speech-dispatcher's Python
    /// client registers a message's callback only once it has read the reply, and drops an event
    /// that comes before (a race its own code notes). VoxNav begins a prompt within a few
    /// milliseconds, sooner than that client is ready; the audio is not held, only the event.
    static let eventHold = Duration.milliseconds(50)

    private struct State {
        var nextClient = 1
        var nextMessage = 1
        /// The open connections' outputs, by client id.
        var outputs: [Int: ConnectionOutput] = [:]
        /// The open connections' engine clients.
        var clients: [ClientID: Int] = [:]
        /// The messages not yet ended, by the engine's prompts (each part of one).
        var messages: [PromptID: Message] = [:]
        /// Messages told ended (cancelled) while parts of them were still to end.
        var ended: Set<Int> = []
        /// Events of an open connection's prompt that came before the prompt was known here (its
        /// `engine.prompts.queue` had not returned yet), given out once it is.
        var early: [ClientID: [EventRecord]] = [:]

        func send(_ reply: SSIPReply, to client: Int) {
            let line = ConnectionOutput.Line(
                ByteBuffer(string: reply.wire), holdAfterMark: reply.code >= 700 ? SSIPMessages.eventHold : nil, marks: reply.code == 225)
            outputs[client]?.send(line)
        }

        /// A part's event, told as its message's: begun with its first part, ended with its last
        /// said, or cancelled with the first part not said (once; the rest are not said either).
        mutating func apply(_ event: EventRecord, to prompt: PromptID) {
            guard let message = messages[prompt] else { return }
            let told: SSIPEvent
            if event.type == .promptStarted {
                guard prompt == message.first, !ended.contains(message.id) else { return }
                told = .begin
            } else if let end = event.type.ssipEvent {
                messages[prompt] = nil
                let rest = messages.values.contains { $0.id == message.id }
                if ended.contains(message.id) {
                    if !rest { ended.remove(message.id) }
                    return
                }
                if end == .end && prompt != message.last { return }
                if rest { ended.insert(message.id) }
                told = end
            } else {
                return
            }
            if message.notifications.contains(told) { send(told.block(message: message.id, client: message.client), to: message.client) }
        }
    }

    private let state = Mutex(State())
    private let engine: VoxNavEngine

    init(engine: VoxNavEngine) { self.engine = engine }

    /// A new connection: its client id and the engine client it speaks as.
    func open(_ output: ConnectionOutput) -> (id: Int, client: ClientID) {
        state.withLock { state in
            let id = state.nextClient
            state.nextClient += 1
            let client = ClientID(rawValue: "ssip-\(id)")
            state.outputs[id] = output
            state.clients[client] = id
            return (id, client)
        }
    }

    /// The connection has gone: nothing more is sent to it. Its messages still play
    /// (speech-dispatcher says a message whose client has gone).
    func close(_ id: Int, client: ClientID) {
        state.withLock { state in
            state.clients[client] = nil
            state.early[client] = nil
            state.outputs[id] = nil
        }
    }

    func send(_ reply: SSIPReply, to id: Int) {
        state.withLock { $0.send(reply, to: id) }
    }

    /// Whether messages of client `id` have not ended yet: its connection is not idle.
    func hasMessages(of id: Int) -> Bool {
        state.withLock { state in state.messages.values.contains { $0.client == id } }
    }

    /// The messages not ended, each with where the engine says it stands; one the engine no longer
    /// holds is ending (its event is on its way) and left out.
    private func standing() async -> [(prompt: PromptID, message: Message, speaking: Bool)] {
        let messages = state.withLock { $0.messages }
        guard !messages.isEmpty else { return [] }
        let standing = await engine.prompts.standing(of: Set(messages.keys))
        return messages.compactMap { prompt, message in standing[prompt].map { (prompt, message, $0 == .speaking) } }
    }

    /// What SSIP's priority rules do if a message of `priority` comes now.
    func arrival(of priority: SSIPPriority) async -> (SSIPArrival, toCancel: [(ClientID, PromptID)]) {
        let standing = await standing()
        let arrival = SSIPArrival.of(
            priority, among: standing.map { SSIPMessageState(id: $0.message.id, priority: $0.message.priority, speaking: $0.speaking) })
        let prompts = standing.filter { arrival.cancelled.contains($0.message.id) }.map { ($0.message.engineClient, $0.prompt) }
        return (arrival, prompts)
    }

    /// The prompts of the messages `target` names from client `id`'s connection: every one, or
    /// only the one speaking.
    func prompts(of target: SSIPTarget, from id: Int, speakingOnly: Bool) async -> [(ClientID, PromptID)] {
        await standing().filter { entry in
            guard !speakingOnly || entry.speaking else { return false }
            switch target {
            case .own: return entry.message.client == id
            case .all: return true
            case .client(let other): return entry.message.client == other
            }
        }.map { ($0.message.engineClient, $0.prompt) }
    }

    /// The engine queued `prompts` (one, or a long text's parts in order) for client `id`: the
    /// message's `225` goes out, then what the engine has already told of them.
    func queued(_ prompts: [PromptID], client id: Int, engineClient: ClientID, priority: SSIPPriority, notifications: Set<SSIPEvent>) {
        guard let first = prompts.first, let last = prompts.last else { return }
        state.withLock { state in
            let message = Message(
                id: state.nextMessage, client: id, engineClient: engineClient, priority: priority, notifications: notifications, first: first,
                last: last)
            state.nextMessage += 1
            for prompt in prompts { state.messages[prompt] = message }
            state.send(.queued(message.id), to: id)
            let early = state.early.removeValue(forKey: engineClient) ?? []
            for event in early {
                if let prompt = event.prompt.map(PromptID.init(rawValue:)), prompts.contains(prompt) { state.apply(event, to: prompt) }
            }
        }
    }

    /// A message SSIP's priority rules drop as it comes: it gets an id, and ends at once.
    func dropped(client id: Int, notifications: Set<SSIPEvent>) {
        state.withLock { state in
            let message = state.nextMessage
            state.nextMessage += 1
            state.send(.queued(message), to: id)
            if notifications.contains(.cancel) { state.send(SSIPEvent.cancel.block(message: message, client: id), to: id) }
        }
    }

    /// The engine refused a message: `reply` says why; what it told of it is dropped.
    func refused(client id: Int, engineClient: ClientID, _ reply: SSIPReply) {
        state.withLock { state in
            state.early[engineClient] = nil
            state.send(reply, to: id)
        }
    }

    /// An engine event: the begin or end of a message, told to its client if it asked.
    func event(_ event: EventRecord) {
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
