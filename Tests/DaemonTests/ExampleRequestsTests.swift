import AudioTestSupport
import Foundation
import RPC
import Testing

/// Every request in examples/requests.jsonl (the ones docs/PROTOCOL.md points users to) succeeds.
@Suite struct ExampleRequestsTests {
    @Test func everyExampleRequestSucceeds() async throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/requests.jsonl")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count >= 8)
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await DaemonHarness.start()
            let client = try daemon.client()
            for line in lines {
                let reply = try await blocking { try client.exchange(line) }
                #expect(reply["error"] == nil, "\(line) → \(reply)")
                #expect(reply["result"] != nil)
            }
            await daemon.stop()
        }
    }
}
