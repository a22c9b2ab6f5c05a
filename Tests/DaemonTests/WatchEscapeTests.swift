import AudioTestSupport
import Foundation
import ProcessSupport
import RPC
import Testing

/// Issue 50, row 13: `voxnav watch` printed a client's text raw, so a prompt's text could retitle
/// the watcher's terminal and clear its screen. The real voxnavd over its socket and the real
/// `voxnav watch`: the event's line carries the text with its control characters written out, and no
/// control character but the line's end.
@Suite struct WatchEscapeTests {
    @Test func aClientsEscapeSequencesArePrintedWrittenOut() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-watch-\(UUID().uuidString.prefix(8)).log")
            defer { try? FileManager.default.removeItem(at: log) }
            let watch = try ChildProcess(
                Executables.path("voxnav"), ["watch", "--socket", daemon.socket, "--types", "prompt", "--seconds", "8"],
                output: .file(log.path), error: .output)
            defer {
                watch.signal(SIGKILL)
                watch.waitUntilExit()
            }
            try await Task.sleep(for: .milliseconds(800))
            let text = "Hello\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[H there"
            let client = daemon.client
            let spoken = try await blocking { try client.call("prompt.speak", .object(["text": .string(text)])) }
            #expect(spoken["result"] == .string("finished"), "\(spoken)")
            try await Task.sleep(for: .milliseconds(500))
            watch.terminate()
            watch.waitUntilExit()
            await daemon.stop()
            let printed = try String(contentsOf: log, encoding: .utf8)
            #expect(printed.contains(#""Hello\u001B]0;pwned\u0007\u001B[2J\u001B[H there""#), "\(printed)")
            let controls = printed.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
            #expect(controls.isEmpty, "watch printed \(controls.map { String($0.value, radix: 16) }): \(printed)")
        }
    }
}
