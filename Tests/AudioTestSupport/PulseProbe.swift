import Foundation
import ProcessSupport

/// Reads the sound server's state with `pactl`, independently of the code under test.
public enum PulseProbe {
    public struct SinkInput: Sendable {
        public var index: Int
        public var volumes: [Int]
        public var corked: Bool
        public var muted: Bool
        public var properties: [String: String]
        public var applicationName: String { properties["application.name"] ?? "" }
        /// pipewire-pulse shows a new stream for a few milliseconds before it is set up: corked, at
        /// volume 0 on every channel (its volume parameter has not arrived yet). That is not a level.
        public var isSetUp: Bool { !(corked && volumes.allSatisfy { $0 == 0 }) }
    }

    public struct ProbeError: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// Fails unless a PulseAudio server answers (tests run under scripts/with-pulse).
    public static func requireServer() throws {
        guard ProcessInfo.processInfo.environment["PULSE_SERVER"] != nil, (try? run("pactl", ["info"])) != nil else {
            throw ProbeError(description: "no PulseAudio server: run the tests with scripts/with-pulse (see README)")
        }
    }

    /// - Parameter server: another server than PULSE_SERVER's (a test's `NullSinkServer`).
    public static func sinkInputs(server: String? = nil) throws -> [SinkInput] {
        let data = try listing(server: server)
        guard let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return list.map { item in
            let volume = item["volume"] as? [String: [String: Any]] ?? [:]
            let values = volume.keys.sorted().compactMap { (volume[$0]?["value"] as? NSNumber)?.intValue }
            return SinkInput(
                index: (item["index"] as? NSNumber)?.intValue ?? -1,
                volumes: values,
                corked: item["corked"] as? Bool ?? false,
                muted: item["mute"] as? Bool ?? false,
                properties: item["properties"] as? [String: String] ?? [:])
        }
    }

    /// `pactl list sink-inputs`, asked again up to twice, 50 ms apart, when it fails: a stream that
    /// goes while the list is read fails the whole listing (seen on PipeWire just after a restart,
    /// as streams are made again), which says nothing of the streams still there.
    private static func listing(server: String?) throws -> Data {
        let arguments = (server.map { ["--server=\($0)"] } ?? []) + ["--format=json", "list", "sink-inputs"]
        for _ in 0..<2 {
            if let data = try? run("pactl", arguments) { return data }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return try run("pactl", arguments)
    }

    /// The first sink input whose application name contains `name`.
    public static func sinkInput(application name: String) throws -> SinkInput? {
        try sinkInputs().first { $0.applicationName.contains(name) }
    }

    public static func setVolume(sinkInput index: Int, percent: Int) throws {
        _ = try run("pactl", ["set-sink-input-volume", String(index), "\(percent)%"])
    }

    /// Sets every channel of a sink input to `value` (65536 = 100 %), as its user would, and returns it
    /// once pactl reads that back twice in a row, 50 ms apart (at most 2 s; set again each time it is
    /// not there: a server that restores a remembered level may apply it just after the stream appears).
    ///
    /// What a new stream plays at is the server's choice: PulseAudio's module-stream-restore and
    /// WirePlumber's restore-stream give it the level last set for its role (WirePlumber even over the
    /// level the client asked for), so a test that needs a known level sets it this way.
    @discardableResult
    public static func setVolume(sinkInput index: Int, to value: Int) async throws -> SinkInput {
        var steady = 0
        for _ in 0..<40 {
            guard let input = try sinkInputs().first(where: { $0.index == index }) else {
                throw ProbeError(description: "sink input \(index) is gone")
            }
            if !input.volumes.isEmpty && input.volumes.allSatisfy({ $0 == value }) {
                steady += 1
                if steady == 2 { return input }
            } else {
                steady = 0
                _ = try run("pactl", ["set-sink-input-volume", String(index), String(value)])
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw ProbeError(description: "sink input \(index) never read back at volume \(value)")
    }

    /// Runs `tool` (pactl, pacmd) for at most 20 s: what it printed, or an error naming it when it
    /// failed or still ran then (killed). A sound server that stops answering fails the test that
    /// asked instead of holding every test waiting for the server.
    @discardableResult
    public static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let (status, output) = try ChildProcess.run(tool, arguments, limit: 20)
        guard let status else { throw ProbeError(description: "\(tool) \(arguments.joined(separator: " ")) still ran after 20 s: killed") }
        guard status == 0 else { throw ProbeError(description: "\(tool) \(arguments.joined(separator: " ")) failed (\(status))") }
        return Data(output.utf8)
    }
}

extension PulseProbe {
    /// Whether the server remembers streams' volumes: PulseAudio with module-stream-restore (a
    /// desktop's default.pa), or PipeWire (WirePlumber's restore-stream). A bare test server does not.
    public static func serverRemembersStreams() throws -> Bool {
        let info = String(decoding: try run("pactl", ["info"]), as: UTF8.self)
        if info.contains("on PipeWire") { return true }
        let modules = String(decoding: try run("pactl", ["list", "short", "modules"]), as: UTF8.self)
        return modules.contains("module-stream-restore")
    }

    /// Which server the tests run on, as the scripts name it: pulse, pulse-desktop or pipewire.
    public static var serverName: String { ProcessInfo.processInfo.environment["VOXNAV_TEST_SERVER"] ?? "pulse" }

    public static func setVolume(sinkInput index: Int, raw value: Int) throws {
        _ = try run("pactl", ["set-sink-input-volume", String(index), String(value)])
    }
}
