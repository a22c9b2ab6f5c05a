import Foundation
import ProcessSupport

/// Another program playing into the car: a real `paplay --raw` process playing a generated tone, with
/// the properties given on its command line (e.g. `media.role=music`).
public final class ForeignPlayer: @unchecked Sendable {
    public let applicationName: String
    private let process: ChildProcess
    private let file: URL

    /// The volume asked for (65536 = 100 %), which `waitForSinkInput()` makes sure the stream has.
    public let volume: Int?

    /// - Parameter volume: the stream's own volume (65536 = 100 %), to check a restore lands on it
    ///   exactly, or that it plays at a known level; nil leaves it to the server.
    public init(applicationName: String, properties: [String: String], seconds: Double = 20, volume: Int? = nil) throws {
        self.applicationName = applicationName
        self.volume = volume
        file = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-foreign-\(UUID().uuidString).raw")
        // A steady 500 Hz tone at half scale, 16 kHz mono.
        let rate = 16000.0
        let samples = (0..<Int(seconds * rate)).map { Int16(0.5 * 32767 * sin(2 * .pi * 500 * Double($0) / rate)) }
        try samples.withUnsafeBytes { Data($0) }.write(to: file)
        var arguments = [
            "--raw", "--format=s16le", "--rate=16000", "--channels=1",
            "--property=application.name=\(applicationName)",
        ]
        for (key, value) in properties.sorted(by: { $0.key < $1.key }) { arguments.append("--property=\(key)=\(value)") }
        if let volume { arguments.append("--volume=\(volume)") }
        process = try ChildProcess("paplay", arguments + [file.path], output: .discard, error: .discard)
    }

    /// Waits until pactl shows the stream set up (at most 5 s) and returns it; with a `volume`, once it
    /// has that volume (not before it is set up, see `PulseProbe.SinkInput.isSetUp`). paplay asks for its volume, but a server may give the stream the level it
    /// remembers for the stream's role instead (WirePlumber's restore-stream does): then it is set as
    /// its user would.
    public func waitForSinkInput() async throws -> PulseProbe.SinkInput {
        for _ in 0..<500 {
            if let input = try PulseProbe.sinkInput(application: applicationName), input.isSetUp {
                guard let volume else { return input }
                return try await PulseProbe.setVolume(sinkInput: input.index, to: volume)
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw ForeignPlayerError(description: "paplay \(applicationName) never showed up in pactl")
    }

    /// Its stream once its volume has held for 0.3 s: a desktop server may set the level it remembers
    /// for the stream's group a moment after the stream appears.
    public func settledSinkInput() async throws -> PulseProbe.SinkInput {
        var last = try await waitForSinkInput()
        var stableSince = Date()
        while Date().timeIntervalSince(stableSince) < 0.3 {
            try await Task.sleep(for: .milliseconds(30))
            guard let now = try PulseProbe.sinkInput(application: applicationName) else { continue }
            if now.volumes != last.volumes { stableSince = Date() }
            last = now
        }
        return last
    }

    public func stop() {
        process.stop(within: 1)
        try? FileManager.default.removeItem(at: file)
    }

    deinit { stop() }
}

public struct ForeignPlayerError: Error, CustomStringConvertible {
    public let description: String
}

extension ForeignPlayer {
    /// Sets what a desktop server remembers for streams of `role` back to full volume, unmuted, as
    /// a user would: a stream of that role is set so. A test that leaves a user's volume remembered
    /// (as it should be) calls this at its end, so that the next test's players start at full
    /// volume. Changes nothing on a server that remembers nothing.
    public static func resetRememberedVolume(role: String) async throws {
        guard try PulseProbe.serverRemembersStreams() else { return }
        let player = try ForeignPlayer(applicationName: "Remembered volume reset", properties: ["media.role": role], seconds: 3)
        defer { player.stop() }
        let stream = try await player.waitForSinkInput()
        try PulseProbe.setVolume(sinkInput: stream.index, raw: 65536)
        _ = try PulseProbe.run("pactl", ["set-sink-input-mute", String(stream.index), "0"])
        try await Task.sleep(for: .milliseconds(200))  // WirePlumber saves after reading the change back
    }
}
