import AudioTestSupport
import Foundation
import RPC
import Testing

/// A client's requests are all handled before its disconnect is: the cleanup of a connection runs
/// after its requests in flight, so none reaches the engine afterwards and brings back a session
/// for a client that is gone.
@Suite struct ClientDisconnectTests {
    static let configure = #"{"jsonrpc":"2.0","id":1,"method":"session.configure","params":{"category":"playback","mode":"voicePrompt"}}"#
    static let activate = #"{"jsonrpc":"2.0","id":2,"method":"session.setActive","params":{"active":true}}"#

    @Test func aRequestSentJustBeforeDisconnectingLeavesNoSessionBehind() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await DaemonHarness.start()
            let clients = 200
            try await blocking {
                for _ in 0..<clients {
                    // Written and closed at once: the daemon reads the requests and the end together.
                    let client = try daemon.client()
                    try client.writeAll(Data((Self.configure + "\n" + Self.activate + "\n").utf8))
                }
            }
            let observer = try daemon.client()
            var sessions: [JSONValue] = []
            let end = Date().addingTimeInterval(10)
            repeat {
                try await Task.sleep(for: .milliseconds(100))
                sessions = try await blocking { try observer.call("state.get") }["sessions"]?.arrayValue ?? []
            } while !sessions.isEmpty && Date() < end
            #expect(sessions.count == 0, "\(sessions.count) of \(clients) departed clients still have a session")
            let active = try await blocking { try observer.call("state.get") }["sessionActive"]
            #expect(active == .bool(false), "a departed client's session is still active")
            await daemon.stop()
        }
    }
}
