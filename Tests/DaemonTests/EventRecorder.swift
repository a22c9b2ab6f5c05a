import Foundation
import RPC
import RPCSocket

/// A subscriber connection that records every event notification it receives, on its own thread.
final class EventRecorder: @unchecked Sendable {
    private let client: RPCClient
    private let lock = NSLock()
    private var received: [JSONValue] = []

    init(socketPath: String, types: [String]? = nil) throws {
        client = try RPCClient(socketPath: socketPath)
        let params: JSONValue? = types.map { .object(["types": .array($0.map(JSONValue.string))]) }
        _ = try client.call("events.subscribe", params)
        let thread = Thread { [self] in
            while let line = try? client.readLine() {
                guard let value = try? JSONDecoder().decode(JSONValue.self, from: line), value["method"] == .string("event"),
                    let params = value["params"]
                else { continue }
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
