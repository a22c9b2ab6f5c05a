import AudioPolicy
import Foundation
import ProcessSupport
import RPC

#if canImport(Glibc)
    import Glibc
#endif

/// What the bed meter costs while nothing is said (issue 53 measured the full run's idle CPU go from
/// about 1 % to 2 % of a core once the built-in policy set a target over the bed): voxnavd's CPU with
/// the FM radio playing and no prompt, as built in (the meter records `car.monitor` whenever a source
/// it manages is audible) and with the meter off (`audibility.promptAboveBed: off`), a fresh daemon
/// for each round, the two alternating so that the machine's drift falls on both alike.
struct IdleMeterCost {
    let voxnavd: String
    let rounds: Int
    let seconds: Double
    /// Seconds after the radio starts before measuring: the meter's stream opens, the radio's buffer fills.
    static let settle = 3.0

    struct Result {
        var builtIn: [Double] = []
        var meterOff: [Double] = []

        var lines: [String] {
            let on = Stats(builtIn)
            let off = Stats(meterOff)
            return [
                "idle CPU with the radio playing, % of a core per round: built-in policy \(builtIn.map { fmt($0, 2) }.joined(separator: ", ")); meter off \(meterOff.map { fmt($0, 2) }.joined(separator: ", "))",
                "  mean: built-in \(fmt(on.mean, 2)) %, meter off \(fmt(off.mean, 2)) %: the meter costs \(fmt(on.mean - off.mean, 2)) % of a core (\(fmt(on.mean / off.mean, 2))×)",
            ]
        }
    }

    func run(say: (String) -> Void) throws -> Result {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-bench-idle-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let off = dir + "/meter-off.yaml"
        // Every key of a policy file is optional: this one changes the target alone.
        try "version: \(Policy.fileVersion)\naudibility:\n  promptAboveBed: off\n".write(toFile: off, atomically: true, encoding: .utf8)
        var result = Result()
        for round in 1...max(rounds, 1) {
            let on = try measure(policy: nil, in: dir)
            let without = try measure(policy: off, in: dir)
            result.builtIn.append(on)
            result.meterOff.append(without)
            say("  round \(round): built-in \(fmt(on, 2)) %, meter off \(fmt(without, 2)) %")
        }
        return result
    }

    /// One fresh voxnavd (with `policy`, or the built-in one), the radio started, its CPU over `seconds`.
    private func measure(policy: String?, in dir: String) throws -> Double {
        let socket = dir + "/voxnav.sock"
        try? FileManager.default.removeItem(atPath: socket)
        var argv = [voxnavd, "--socket", socket, "--ssip-socket", dir + "/ssip.sock", "--log-level", "error"]
        if let policy { argv += ["--policy", policy] }
        let (daemon, _) = try spawn(argv, quiet: false)
        defer {
            daemon.terminate()
            daemon.waitUntilExit()
        }
        let vox = try LineClient.connecting(to: socket)
        _ = try vox.call(SourceStart.self, .init(kind: .fmRadio))
        usleep(UInt32(Self.settle * 1e6))
        let percent = cpuPercent(of: daemon.processIdentifier, over: seconds)
        _ = try? vox.call(SourceStop.self, .init(kind: .fmRadio))
        return percent
    }
}
