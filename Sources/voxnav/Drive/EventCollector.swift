import Dispatch
import DriveSimulation
import FoundationEssentials
import ProcessSupport
import RPC
import RPCSocket
import Synchronization

/// Collects the daemon's events on a connection of its own, on a thread of its own, while the
/// drive's requests go over another connection. Once the drive has begun (`begin`), each event is
/// folded into the report as it arrives and not kept: a 44-hour drive has some 70,000.
final class EventCollector: @unchecked Sendable {
    private let client: RPCClient
    private let lock = Mutex(())
    /// The events before the drive's start is known.
    private var early: [EventRecord] = []
    private var builder: TimelineBuilder?
    /// The drains waiting for their barrier's reply, by the barrier's id.
    private var barriers: [String: DispatchSemaphore] = [:]
    private var closed = false
    /// Told every event as it arrives (the progress display).
    private let onEvent: @Sendable (EventRecord) -> Void

    init(socketPath: String, onEvent: @escaping @Sendable (EventRecord) -> Void) throws {
        client = try RPCClient(socketPath: socketPath)
        self.onEvent = onEvent
        _ = try client.call(EventsSubscribe.self, .init())
        OSThread.start(name: "voxnav events") { [self] in read() }
    }

    /// The drive starts at `origin` on the daemon's clock: the report counts from there.
    func begin(name: String, origin: Double) {
        lock.withLock { _ in
            var builder = TimelineBuilder(name: name, origin: origin)
            for event in early { builder.add(event) }
            early = []
            self.builder = builder
        }
    }

    /// The report of every event so far, ending at `end` (drive time).
    func report(end: Double) -> TimelineReport {
        lock.withLock { _ in (builder ?? TimelineBuilder()).report(end: end) }
    }

    /// Returns once every event the daemon emitted before this call has arrived: a request on the
    /// event connection is answered after the events already queued on it.
    func drain(timeout: Double = 10) throws {
        let id = "barrier-\(UUID().uuidString)"
        let arrived = DispatchSemaphore(value: 0)
        guard lock.withLock({ _ in self.closed ? false : barriers.updateValue(arrived, forKey: id) == nil }) else {
            throw CLIError("the daemon closed the event connection")
        }
        try client.send(RPCRequest(id: .string(id), method: StateGet.name, params: nil))
        _ = arrived.wait(timeout: .now() + timeout)
        // The reader takes a barrier out when its reply arrives: one still here was not answered.
        let (unanswered, closed) = lock.withLock { _ in (barriers.removeValue(forKey: id) != nil, self.closed) }
        guard unanswered else { return }
        throw CLIError(closed ? "the daemon closed the event connection" : "the daemon's events did not arrive within \(Int(timeout)) s")
    }

    private func read() {
        let decoder = JSONDecoder()
        while let line = try? client.readLine() {
            // One pass: an event notification's params straight into a EventRecord.
            guard let message = try? decoder.decode(EventLine.self, from: line) else { continue }
            if message.method == EventRecord.notificationMethod, let event = message.params {
                lock.withLock { _ in
                    if builder != nil { builder?.add(event) } else { early.append(event) }
                }
                onEvent(event)
            } else if case .string(let id)? = message.id {
                lock.withLock { _ in barriers.removeValue(forKey: id) }?.signal()
            }
        }
        // Every drain still waiting learns that no reply will come.
        for waiting in lock.withLock({ _ in
            closed = true
            return Array(barriers.values)
        }) { waiting.signal() }
    }
}

/// A line on the event connection: an event notification, or the reply to a barrier request.
private struct EventLine: Decodable {
    let method: String?
    let id: RPCID?
    let params: EventRecord?

    private enum CodingKeys: String, CodingKey { case method, id, params }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        method = try container.decodeIfPresent(String.self, forKey: .method)
        id = try container.decodeIfPresent(RPCID.self, forKey: .id)
        // Another notification's params are not an event; an event that does not decode is skipped.
        params = method == EventRecord.notificationMethod ? try? container.decodeIfPresent(EventRecord.self, forKey: .params) : nil
    }
}
