import Foundation
import ProcessSupport

/// Another program's podcast: a real `mpv` with the `mpv-mpris` plugin, playing a spoken-word WAV
/// file into the car (role `spoken`, named as a podcast) and answering MPRIS on a session bus.
/// Its status and position are read back, and the user's presses sent, with `dbus-send`: a reader
/// independent of VoxNav's own MPRIS code.
public final class MPVPodcast: @unchecked Sendable {
    public static let busName = "org.mpris.MediaPlayer2.mpv"
    public static let applicationName = "VoxNav test podcast"
    /// Where Debian's mpv-mpris puts the plugin.
    static let plugin = "/usr/lib/mpv-mpris/mpris.so"

    private let process: ChildProcess
    private let busAddress: String

    /// - Parameters:
    ///   - file: a WAV file to play (it is not looped; it should outlast the test).
    ///   - busAddress: the session bus it registers its player on; nil: none (no MPRIS player).
    public init(file: URL, busAddress: String?) throws {
        guard FileManager.default.fileExists(atPath: Self.plugin) else {
            throw ForeignPlayerError(description: "\(Self.plugin) is missing: scripts/setup --tests installs mpv-mpris")
        }
        self.busAddress = busAddress ?? ""
        let arguments = [
            "--no-config", "--no-video", "--no-terminal", "--ao=pulse", "--keep-open=yes",
            "--audio-client-name=\(Self.applicationName)", "--script=\(Self.plugin)", file.path,
        ]
        var environment = ProcessInfo.processInfo.environment
        // libpulse lays these client properties over the stream's: the role a podcast app would give.
        environment["PULSE_PROP"] = "media.role=spoken"
        if let busAddress { environment["DBUS_SESSION_BUS_ADDRESS"] = busAddress } else { environment["DBUS_SESSION_BUS_ADDRESS"] = nil }
        process = try ChildProcess("mpv", arguments, environment: environment, output: .discard, error: .discard)
    }

    public var processID: Int32 { process.processIdentifier }

    /// Waits (at most 10 s) until its stream is on the sound server and, with a bus, its player says Playing.
    public func waitUntilPlaying() async throws -> PulseProbe.SinkInput {
        for _ in 0..<1000 {
            if let input = try PulseProbe.sinkInput(application: Self.applicationName), input.isSetUp,
                busAddress.isEmpty || (try? status()) == "Playing"
            {
                return input
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw ForeignPlayerError(description: "mpv never showed up playing")
    }

    /// `PlaybackStatus`, read with dbus-send.
    public func status() throws -> String {
        let reply = try property("PlaybackStatus")
        guard let start = reply.firstIndex(of: "\""), let end = reply.lastIndex(of: "\""), start < end else {
            throw ForeignPlayerError(description: "PlaybackStatus: \(reply)")
        }
        return String(reply[reply.index(after: start)..<end])
    }

    /// `Position` in seconds, read with dbus-send.
    public func position() throws -> Double {
        let reply = try property("Position")
        guard let word = reply.split(whereSeparator: \.isWhitespace).last, let microseconds = Double(word) else {
            throw ForeignPlayerError(description: "Position: \(reply)")
        }
        return microseconds / 1_000_000
    }

    /// The user presses play or pause on the player.
    public func press(_ member: String) throws {
        _ = try send(["/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player.\(member)"])
    }

    private func property(_ name: String) throws -> String {
        try send(["/org/mpris/MediaPlayer2", "org.freedesktop.DBus.Properties.Get", "string:org.mpris.MediaPlayer2.Player", "string:\(name)"])
    }

    private func send(_ arguments: [String]) throws -> String {
        let (status, output) = try ChildProcess.run(
            "dbus-send", ["--bus=\(busAddress)", "--print-reply", "--reply-timeout=2000", "--dest=\(Self.busName)"] + arguments, limit: 10)
        guard status == 0 else {
            throw ForeignPlayerError(description: "dbus-send \(arguments) failed (\(status.map(String.init) ?? "still running after 10 s"))")
        }
        return output
    }

    /// Quits at once, as a player the user closes.
    public func quit() {
        process.stop(within: 1)
    }

    deinit { quit() }
}

/// A WAV file (16-bit mono PCM) in the temporary directory; removed by the caller.
public func writeWAV(_ samples: [Int16], sampleRate: Int) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-podcast-\(UUID().uuidString.prefix(8)).wav")
    var data = Data()
    func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    let bytes = UInt32(samples.count * 2)
    data.append(contentsOf: Array("RIFF".utf8))
    append(36 + bytes)
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    append(UInt32(16))
    append(UInt16(1))
    append(UInt16(1))
    append(UInt32(sampleRate))
    append(UInt32(sampleRate * 2))
    append(UInt16(2))
    append(UInt16(16))
    data.append(contentsOf: Array("data".utf8))
    append(bytes)
    samples.withUnsafeBytes { data.append(contentsOf: $0) }
    try data.write(to: url)
    return url
}
