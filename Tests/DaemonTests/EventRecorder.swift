import Foundation
import RPC
import RPCSocket

/// A subscriber connection that records every event notification it receives, on its own thread.
final class EventRecorder: @unchecked Sendable {
    private let client: RPCClient
    private let lock = NSLock()
    private var received: [JSONValue] = []
    /// Ids of the replies read, to `caughtUp()`'s requests.
    private var replies: Set<String> = []

    init(socketPath: String, types: [String]? = nil) throws {
        client = try RPCClient(socketPath: socketPath)
        let params: JSONValue? = types.map { .object(["types": .array($0.map(JSONValue.string))]) }
        _ = try client.call("events.subscribe", params)
        let thread = Thread { [self] in
            while let line = try? client.readLine() {
                guard let value = try? JSONDecoder().decode(JSONValue.self, from: line) else { continue }
                if let id = value["id"]?.stringValue {
                    lock.lock()
                    replies.insert(id)
                    lock.unlock()
                }
                guard value["method"] == .string("event"), let params = value["params"] else { continue }
                lock.lock()
                received.append(params)
                lock.unlock()
            }
        }
        thread.start()
    }

    var events: [JSONValue] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Returns once every event the daemon sent this subscriber before now has been read: a
    /// `state.get` goes on the subscriber's own connection, whose reply the daemon writes after them.
    /// What another connection was told before now (an SSIP client's `702 END`) was sent to this one
    /// first, so it is then in `events`. False when no reply came within `seconds`.
    @discardableResult
    func caughtUp(seconds: Double = 10) async -> Bool {
        let id = "caught-up-\(UUID().uuidString)"
        guard (try? client.send(RPCRequest(id: .string(id), method: "state.get"))) != nil else { return false }
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if (lock.withLock { replies.contains(id) }) { return true }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return false
    }

    /// Types of the events about one prompt, in order.
    func types(ofPrompt id: String) -> [String] {
        events.filter { $0["prompt"] == .string(id) }.compactMap { $0["type"]?.stringValue }
    }

    /// Waits (at most `seconds`) until `condition` holds for the events so far, looking `every` so often.
    func wait(seconds: Double = 20, every: Duration = .milliseconds(50), until condition: ([JSONValue]) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(events) { return true }
            try? await Task.sleep(for: every)
        }
        return condition(events)
    }
}
