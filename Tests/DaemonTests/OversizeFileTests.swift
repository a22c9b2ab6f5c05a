import Foundation
import Testing

/// Every file a user gives is read bounded (the real binaries): a file over its cap is refused before
/// it is read whole, naming the file, its size and the cap (a 100 MB policy file once took minutes and
/// gigabytes); a FIFO or a device is refused at once as not a regular file (a FIFO as the policy, the
/// scenario or the user lexicon once hung voxnavd's start, `voxnav drive` and `voxnav voices`).
@Suite struct OversizeFileTests {
    private func sparseFile(_ name: String, size: Int) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("version: 1\n".utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
        return path
    }

    @Test func voxnavdRefusesAPolicyFileOverItsCap() throws {
        let policy = try sparseFile("policy.yaml", size: 100 << 20)
        defer { try? FileManager.default.removeItem(atPath: policy) }
        let socket = FileManager.default.temporaryDirectory.appendingPathComponent("voxnavd-\(UUID().uuidString.prefix(8))/voxnav.sock").path
        let started = Date()
        let (status, output) = try Executables.run("voxnavd", ["--policy", policy, "--socket", socket])
        #expect(status != 0)
        #expect(output.contains("the policy file \(policy) is 104857600 bytes (100 MiB), over the 256 KiB cap"), "\(output)")
        #expect(output.utf8.count < 2000, "\(output.utf8.count) bytes of output")
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func voxnavDriveRefusesARouteOverItsCap() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-drive-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let route = try sparseFile("route", size: 50 << 20)
        try FileManager.default.moveItem(atPath: route, toPath: directory + "/route.json")
        let scenario = directory + "/drive.yaml"
        try "name: x\nlanguage: en-US\nspeed: 50 km/h\nroute: {osrm: route.json}\n".write(toFile: scenario, atomically: true, encoding: .utf8)
        let (status, output) = try Executables.run("voxnav", ["drive", scenario])
        #expect(status != 0)
        #expect(output.contains("the route file \(directory)/route.json is 52428800 bytes (50 MiB), over the 32 MiB cap"), "\(output)")
    }

    /// A FIFO nobody writes to, in a directory of its own.
    private func fifo(_ name: String) throws -> (directory: String, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-fifo-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + name
        #expect(mkfifo(path, 0o600) == 0)
        return (directory, path)
    }

    @Test func aFIFOAsThePolicyTheScenarioOrTheUserLexiconIsRefusedAtOnce() throws {
        let refusal = "it is a FIFO (named pipe), not a regular file"
        let (directory, policy) = try fifo("policy.yaml")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let socket = directory + "/run/voxnav.sock"
        var started = Date()
        let daemon = try Executables.run("voxnavd", ["--policy", policy, "--socket", socket], limit: 20)
        #expect(daemon.status != 0 && daemon.output.contains("the policy file \(policy): \(refusal)"), "\(daemon.output)")
        #expect(Date().timeIntervalSince(started) < 10)

        // The scenario itself, and a scenario's policy.
        let scenario = directory + "/scenario.yaml"
        #expect(mkfifo(scenario, 0o600) == 0)
        started = Date()
        let drive = try Executables.run("voxnav", ["drive", scenario], limit: 20)
        #expect(drive.status != 0 && drive.output.contains("the scenario \(scenario): \(refusal)"), "\(drive.output)")
        let withPolicy = directory + "/with-policy.yaml"
        try "name: x\nlanguage: en-US\nspeed: 50\npolicy: policy.yaml\nroute: {maneuvers: [{type: startRoute}, {distance: 100, type: arriveAtDestination}]}\n"
            .write(
                toFile: withPolicy, atomically: true, encoding: .utf8)
        let policyDrive = try Executables.run("voxnav", ["drive", withPolicy], limit: 20)
        #expect(policyDrive.status != 0 && policyDrive.output.contains(refusal), "\(policyDrive.output)")
        #expect(Date().timeIntervalSince(started) < 20)

        // The user lexicon: the pack loads without it, and `voxnav voices` says why.
        let data = directory + "/data"
        try FileManager.default.createDirectory(atPath: data + "/voxnav/lexicon", withIntermediateDirectories: true)
        #expect(mkfifo(data + "/voxnav/lexicon/en-US.yaml", 0o600) == 0)
        let voices = try Executables.run("voxnav", ["voices"], environment: ["XDG_DATA_HOME": data], limit: 20)
        #expect(voices.output.contains("en-US") && voices.output.contains(refusal), "\(voices.output)")
    }

    @Test func aDeviceOrADirectoryIsRefusedAsNotARegularFile() throws {
        let socket = FileManager.default.temporaryDirectory.appendingPathComponent("voxnavd-\(UUID().uuidString.prefix(8))/voxnav.sock").path
        let device = try Executables.run("voxnavd", ["--policy", "/dev/zero", "--socket", socket], limit: 20)
        #expect(device.status != 0 && device.output.contains("the policy file /dev/zero: it is a character device, not a regular file"), "\(device.output)")
        let directory = try Executables.run("voxnavd", ["--policy", "/tmp", "--socket", socket], limit: 20)
        #expect(directory.status != 0 && directory.output.contains("the policy file /tmp: it is a directory, not a regular file"), "\(directory.output)")
    }

    /// YAML whose keys are `count` aliases of one 20 KB key: 24 KB for 500, 235 KB for 30,000.
    private func aliasBomb(_ name: String, count: Int, prefix: String = "") throws -> (directory: String, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-bomb-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + name
        let text = prefix + "x: &k " + String(repeating: "k", count: 20_000) + "\n" + String(repeating: "*k : 1\n", count: count)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (directory, path)
    }

    /// How long `run` takes beyond what `baseline` (the same program refusing a one-line file) took:
    /// what the file itself cost, without the start of a debug binary on a loaded machine.
    private func cost(of run: () throws -> Void, beyond baseline: () throws -> Void) rethrows -> Double {
        var started = Date()
        try baseline()
        let start = Date().timeIntervalSince(started)
        started = Date()
        try run()
        return Date().timeIntervalSince(started) - start
    }

    /// Issue 50, row 7, the real voxnavd: a 24 KB policy of 500 aliases of a 20 KB key was refused
    /// after 20 s, and a 235 KB one hung the start (voxnavd never listened). Both are refused, with
    /// the YAML budget's reason, within a second more than a one-line bad policy.
    @Test func voxnavdRefusesAnAliasBombPolicyWithinASecond() throws {
        for count in [500, 30_000] {
            let (directory, policy) = try aliasBomb("policy.yaml", count: count)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try "version: 99\n".write(toFile: directory + "/bad.yaml", atomically: true, encoding: .utf8)
            let socket = directory + "/run/voxnav.sock"
            var daemon: (status: Int32, output: String) = (0, "")
            let elapsed = try cost {
                daemon = try Executables.run("voxnavd", ["--policy", policy, "--socket", socket], limit: 60)
            } beyond: {
                _ = try Executables.run("voxnavd", ["--policy", directory + "/bad.yaml", "--socket", socket], limit: 60)
            }
            #expect(daemon.status == 64, "\(daemon.output)")
            #expect(daemon.output.contains("its aliases add over 256 KiB of text to the document"), "\(daemon.output)")
            #expect(elapsed < 1, "\(count) aliases: refused \(elapsed) s later than a one-line bad policy")
        }
    }

    /// Issue 50, row 7, the real `voxnav drive` and `voxnav voices`: a 24 KB scenario of aliases was
    /// refused after 100 s. A scenario, a pack and a user lexicon of aliases are each refused within a
    /// second more than a one-line file (the pack and the lexicon listed by `voxnav voices` with why).
    @Test func voxnavRefusesAnAliasBombScenarioPackOrLexiconWithinASecond() throws {
        let (directory, scenario) = try aliasBomb("drive.yaml", count: 500, prefix: "name: x\n")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "name: x\n".write(toFile: directory + "/bad.yaml", atomically: true, encoding: .utf8)
        var drive: (status: Int32, output: String) = (0, "")
        let driveCost = try cost {
            drive = try Executables.run("voxnav", ["drive", scenario, "--out", directory + "/out"], limit: 60)
        } beyond: {
            _ = try Executables.run("voxnav", ["drive", directory + "/bad.yaml", "--out", directory + "/out"], limit: 60)
        }
        #expect(drive.status == 2 && drive.output.contains("its aliases add over 256 KiB of text to the document"), "\(drive.output)")
        #expect(driveCost < 1, "the scenario refused \(driveCost) s later than a one-line bad one")

        let data = directory + "/data/voxnav"
        try FileManager.default.createDirectory(atPath: data + "/voices", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: data + "/lexicon", withIntermediateDirectories: true)
        let (bombs, pack) = try aliasBomb("xx.yaml", count: 500, prefix: "language: xx\n")
        defer { try? FileManager.default.removeItem(atPath: bombs) }
        try FileManager.default.copyItem(atPath: pack, toPath: data + "/voices/xx.yaml")
        try FileManager.default.copyItem(atPath: pack, toPath: data + "/lexicon/en-US.yaml")
        var voices: (status: Int32, output: String) = (0, "")
        let voicesCost = try cost {
            voices = try Executables.run("voxnav", ["voices"], environment: ["XDG_DATA_HOME": directory + "/data"], limit: 60)
        } beyond: {
            _ = try Executables.run("voxnav", ["voices"], environment: ["XDG_DATA_HOME": directory + "/none"], limit: 60)
        }
        #expect(voices.output.components(separatedBy: "its aliases add over 256 KiB of text to the document").count == 3, "\(voices.output)")
        #expect(voicesCost < 1, "the pack and the lexicon refused \(voicesCost) s later than no user data at all")
    }
}
