import Foundation

/// Reads the sound server's state with `pactl`, independently of the code under test.
public enum PulseProbe {
    public struct SinkInput: Sendable {
        public var index: Int
        public var volumes: [Int]
        public var corked: Bool
        public var muted: Bool
        public var properties: [String: String]
        public var applicationName: String { properties["application.name"] ?? "" }
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
        let data = try run("pactl", (server.map { ["--server=\($0)"] } ?? []) + ["--format=json", "list", "sink-inputs"])
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

    /// The first sink input whose application name contains `name`.
    public static func sinkInput(application name: String) throws -> SinkInput? {
        try sinkInputs().first { $0.applicationName.contains(name) }
    }

    public static func setVolume(sinkInput index: Int, percent: Int) throws {
        _ = try run("pactl", ["set-sink-input-volume", String(index), "\(percent)%"])
    }

    @discardableResult
    public static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ProbeError(description: "\(tool) \(arguments.joined(separator: " ")) failed (\(process.terminationStatus))")
        }
        return data
    }
}
