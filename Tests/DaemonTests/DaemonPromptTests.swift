import AudioTestSupport
import Daemon
import Foundation
import Logging
import RPC
import RPCSocket
import Testing

/// The prompt path through the socket, read back from PulseAudio: the real voxnavd for what is
/// heard, an in-process daemon for the socket's own life.
@Suite struct DaemonPromptTests {
    @Test func speakOverTheSocketDucksAndRestoresTheRadio() async throws {
        try await AudioServerLock.shared.withLock {
            let daemon = try await RealDaemon.start()
            let client = daemon.client
            let started = try await blocking { try client.call("source.start", .object(["kind": .string("fmRadio")])) }
            #expect(started["kind"] == .string("fmRadio"))
            let radio = try #require(try PulseProbe.sinkInput(application: "Car FM Radio"))
            #expect(radio.properties["media.role"] == "music")
            #expect(Int(started["sinkInput"]?.doubleValue ?? -1) == radio.index)

            let outcome = try await blocking {
                try client.call("prompt.speak", .object(["text": .string("Turn left onto Main Street."), "language": .string("en-US")]))
            }
            #expect(outcome["result"] == .string("finished"))
            #expect(outcome["style"] == .string("normal"))
            #expect((outcome["audioDuration"]?.doubleValue ?? 0) > 0.5)
            let ducked = try #require(outcome["ducked"]?.arrayValue?.first)
            #expect(ducked["kind"] == .string("fmRadio"))
            #expect(ducked["from"]?.arrayValue?.compactMap(\.doubleValue).map { Int($0) } == radio.volumes)

            let after = try #require(try PulseProbe.sinkInput(application: "Car FM Radio"))
            #expect(after.volumes == radio.volumes)
            let state = try await blocking { try client.call("state.get") }
            #expect(state["promptsSpoken"] == .number(1))
            #expect(state["sources"]?.arrayValue?.first?["state"] == .string("playing"))

            _ = try await blocking { try client.call("source.stop", .object(["kind": .string("fmRadio")])) }
            #expect(try PulseProbe.sinkInput(application: "Car FM Radio") == nil)
            await daemon.stop()
        }
    }

    @Test func aSecondDaemonRefusesALiveSocketAndAStaleOneIsReused() async throws {
        try await AudioServerLock.shared.withLock {
            let daemon = try await DaemonHarness.start()
            await #expect(throws: DaemonError.self) {
                _ = try await DaemonServer.bind(socketPath: daemon.socketPath, engine: daemon.engine, logger: Logger(label: "second"))
            }
            // The first daemon is unharmed.
            let state = try await blocking { try daemon.client().call("state.get") }
            #expect(state["sessionActive"] == .bool(false))
            await daemon.server.stop()

            // A stale socket file (nobody listening) is replaced.
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                Array(daemon.socketPath.utf8CString).withUnsafeBytes { raw.copyMemory(from: $0) }
            }
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            close(fd)
            #expect(FileManager.default.fileExists(atPath: daemon.socketPath))
            let again = try await DaemonServer.bind(socketPath: daemon.socketPath, engine: daemon.engine, logger: Logger(label: "again"))
            let serving = Task { await again.run() }
            let reply = try await blocking { try RPCClient(socketPath: daemon.socketPath).call("state.get") }
            #expect(reply["sessionActive"] == .bool(false))
            await again.stop()
            again.closeConnections()
            await serving.value
            await daemon.stop()
        }
    }
}
