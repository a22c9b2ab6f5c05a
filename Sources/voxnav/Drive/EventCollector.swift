import DriveSimulation
import Foundation
import RPC

/// Collects the daemon's events on a connection of its own, on a thread of its own, while the
/// drive's requests go over another connection. Once the drive has begun (`begin`), each event is
/// folded into the report as it arrives and not kept: a 44-hour drive has some 70,000.
final class EventCollector: @unchecked Sendable {
    private let client: RPCClient
    private let lock = NSLock()
    /// The events before the drive's start is known.
    private var early: [EngineEvent] = []
    private var builder: TimelineBuilder?
    private var barriers: Set<String> = []
    private var closed = false
    private let changed = NSCondition()
    /// Told every event as it arrives (the progress display).
    private let onEvent: @Sendable (EngineEvent) -> Void

    init(socketPath: String, onEvent: @escaping @Sendable (EngineEvent) -> Void) throws {
        client = try RPCClient(socketPath: socketPath)
        self.onEvent = onEvent
        _ = try client.call(EventsSubscribe.self, .init())
        let thread = Thread { [self] in read() }
        thread.name = "voxnav drive events"
        thread.start()
    }

    /// The drive starts at `origin` on the daemon's clock: the report counts from there.
    func begin(name: String, origin: Double) {
        lock.withLock {
            var builder = TimelineBuilder(name: name, origin: origin)
            for event in early { builder.add(event) }
            early = []
            self.builder = builder
        }
    }

    /// The report of every event so far, ending at `end` (drive time).
    func report(end: Double) -> TimelineReport {
        lock.withLock { (builder ?? TimelineBuilder()).report(end: end) }
    }

    /// Returns once every event the daemon emitted before this call has arrived: a request on the
    /// event connection is answered after the events already queued on it.
    func drain(timeout: Double = 10) throws {
        let id = "barrier-\(UUID().uuidString)"
        try client.send(RPCRequest(id: .string(id), method: StateGet.name, params: nil))
        let deadline = Date().addingTimeInterval(timeout)
        changed.lock()
        defer { changed.unlock() }
        while !barriers.contains(id) {
            if closed { throw CLIError("the daemon closed the event connection") }
            guard changed.wait(until: deadline) else { throw CLIError("the daemon's events did not arrive within \(Int(timeout)) s") }
        }
    }

    private func read() {
        let decoder = JSONDecoder()
        while let line = try? client.readLine() {
            // One pass: an event notification's params straight into a EngineEvent.
            guard let message = try? decoder.decode(EventLine.self, from: line) else { continue }
            if message.method == EngineEvent.notificationMethod, let event = message.params {
                lock.withLock {
                    if builder != nil { builder?.add(event) } else { early.append(event) }
                }
                onEvent(event)
            } else if case .string(let id)? = message.id {
                changed.lock()
                barriers.insert(id)
                changed.broadcast()
                changed.unlock()
            }
        }
        changed.lock()
        closed = true
        changed.broadcast()
        changed.unlock()
    }
}

/// A line on the event connection: an event notification, or the reply to a barrier request.
private struct EventLine: Decodable {
    let method: String?
    let id: RPCID?
    let params: EngineEvent?

    private enum CodingKeys: String, CodingKey { case method, id, params }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        method = try container.decodeIfPresent(String.self, forKey: .method)
        id = try container.decodeIfPresent(RPCID.self, forKey: .id)
        // Another notification's params are not an event; an event that does not decode is skipped.
        params = method == EngineEvent.notificationMethod ? try? container.decodeIfPresent(EngineEvent.self, forKey: .params) : nil
    }
}
