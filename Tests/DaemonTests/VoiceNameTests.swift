import AudioTestSupport
import Foundation
import RPC
import RPCSocket
import Testing

/// A prompt's language names a voice, never a file: a hostile name is refused at once and every
/// prompt after it plays (the real voxnavd).
@Suite struct VoiceNameTests {
    @Test func aVoiceNameThatIsAPathIsRefusedAndNothingHangs() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-fifo-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let fifo = directory.appendingPathComponent("fifo").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let socket = directory.appendingPathComponent("run/voxnav.sock").path
            let (daemon, client) = try await startDaemon(socket: socket)
            defer {
                kill(daemon.processIdentifier, SIGTERM)
                daemon.waitUntilExit()
            }
            for hostile in ["../../../../../../..\(fifo)", "../../../../../../../etc/passwd"] {
                let started = Date()
                do {
                    _ = try await blocking {
                        try client.call("prompt.speak", .object(["text": .string("Hello."), "language": .string(hostile)]))
                    }
                    Issue.record("'\(hostile)' was taken for a voice")
                } catch let error as RPCError {
                    #expect(error.code == -32000 && error.message.contains("no eSpeak NG voice named"), "\(error)")
                }
                #expect(Date().timeIntervalSince(started) < 2)
            }
            // A second client's prompt plays: nothing waits behind a hung synthesis.
            let other = try RPCClient(socketPath: socket)
            let outcome = try await blocking { try other.call("prompt.speak", .object(["text": .string("Turn left.")])) }
            #expect(outcome["result"] == .string("finished"))
        }
    }
}
