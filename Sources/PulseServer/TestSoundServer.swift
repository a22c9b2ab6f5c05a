import FoundationEssentials
import Glibc
import Installation
import ProcessSupport
import TextFormat

/// A private sound server with a null sink `car` (the default sink), in a runtime directory of its
/// own, that speaks the PulseAudio protocol on `<runtime>/pulse/native` and can be killed with
/// SIGKILL, as a crash would, and started again on the same socket: a bare PulseAudio
/// (`NullSinkServer`) or a PipeWire stack with pipewire-pulse (`PipeWireServer`).
public protocol TestSoundServer: AnyObject, Sendable {
    var runtimeDirectory: URL { get }
    /// What PULSE_SERVER (or `pactl --server`) takes.
    var address: String { get }
    /// Starts the server (again: whatever `kill()` killed) and returns once it answers, with the
    /// null sink `car` there and the default sink.
    func start() throws
    /// Kills the server with SIGKILL, as a crash would, and returns once it is gone.
    func kill()
    /// Kills the server and removes its directory.
    func stop()
}

extension TestSoundServer {
    public var address: String { "unix:\(runtimeDirectory.path)/pulse/native" }

    /// Whether the server has a sink of that name.
    public func hasSink(named name: String) -> Bool { ServerTools.hasSink(address, named: name) }
}

/// Why a private server did not start.
public struct ServerError: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}

/// What both servers do alike: the runtime directory, pactl, waiting, killing.
enum ServerTools {
    /// The sink every private server has, and makes the default.
    static let sinkName = "car"

    /// A new directory only the user may enter, under the temporary directory.
    static func makeRuntimeDirectory(name: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return directory
    }

    /// Fails, naming the Debian package to install, unless every one of `programs` (the servers and
    /// pactl) is on PATH: started through `/usr/bin/env`, a missing one would only exit 127 later.
    static func requireOnPath(_ programs: [(program: String, package: String)]) throws(ServerError) {
        let missing = programs.filter { ExecutableSearch.onPath($0.program) == nil }
        guard !missing.isEmpty else { return }
        let packages = missing.map(\.package).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        throw ServerError(
            description:
                "\(missing.map(\.program).joined(separator: " and ")) not found on PATH. Install \(packages.joined(separator: " and ")) (sudo apt-get install \(packages.joined(separator: " "))), or run scripts/setup from a checkout"
        )
    }

    /// Runs pactl against `address`, quietly; its output when it succeeds, else nil.
    @discardableResult
    static func pactl(_ address: String, _ arguments: [String]) -> String? {
        guard let (status, output) = try? run("pactl", ["--server=\(address)"] + arguments), status == 0 else { return nil }
        return output
    }

    /// Runs `program` (found on PATH), with `environment` if given, its errors discarded; its exit
    /// status and output.
    static func run(_ program: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
        try ChildProcess.run(program, arguments, environment: environment)
    }

    /// Calls `body` every `interval` until it is true or `seconds` have passed; true if it became true.
    static func wait(seconds: Double, interval: Double = 0.02, until body: () -> Bool) -> Bool {
        Blocking.wait(seconds: seconds, interval: interval, until: body)
    }

    /// Whether the server at `address` has the sink `name` (by default `car`).
    static func hasSink(_ address: String, named name: String = sinkName) -> Bool {
        pactl(address, ["list", "short", "sinks"])?.split(separator: "\n").contains {
            $0.split(separator: "\t").dropFirst().first == Substring(name)
        } ?? false
    }

    /// Makes `car` the default sink, and checks that it is (retried: on PipeWire the setting goes
    /// through WirePlumber's metadata, which may not be there yet just after a start).
    static func makeSinkTheDefault(_ address: String, seconds: Double = 5) -> Bool {
        wait(seconds: seconds, interval: 0.05) {
            if pactl(address, ["get-default-sink"])?.trimmingWhitespace() == sinkName { return true }
            pactl(address, ["set-default-sink", sinkName])
            return pactl(address, ["get-default-sink"])?.trimmingWhitespace() == sinkName
        }
    }

    /// True while the process runs (a zombie does not).
    static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        // "pid (comm) S ...": the state follows the command name.
        guard let state = stat.split(separator: ")").last?.split(separator: " ").first else { return false }
        return state != "Z" && state != "X"
    }

    /// Sends SIGKILL to every process of `pids` at once, then waits (up to 2 s) until they are gone.
    static func killAndWait(_ pids: [Int32]) {
        for pid in pids { _ = Glibc.kill(pid, SIGKILL) }
        for pid in pids {
            for _ in 0..<200 where isAlive(pid) { Blocking.sleep(0.01) }
        }
    }
}
