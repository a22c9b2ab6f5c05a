import AudioTestSupport
import Foundation
import Testing

/// The programs a `voxnav drive` starts (the real binaries): voxnavd next to voxnav, else on PATH, and
/// the headless server's. On a machine without PulseAudio's programs it says which Debian packages to
/// install, and leaves no directory behind (it once pointed to a `pulse.log` that did not exist, and
/// left the directory that should have held it).
@Suite struct HelperProgramTests {
    @Test func aDriveWithoutPulseaudioOnPathNamesThePackagesToInstall() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-no-pulse-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: work + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: work + "/tmp", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        let scenario = Executables.directory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/city-commute.yaml").path
        // PATH holds no program at all: neither pulseaudio nor pactl.
        let (status, output) = try Executables.run(
            "voxnav", ["drive", scenario, "--out", work + "/report"], environment: ["PATH": work + "/bin", "TMPDIR": work + "/tmp"], limit: 60)
        #expect(status != 0, "\(output)")
        #expect(output.contains("pulseaudio and pactl not found on PATH"), "\(output)")
        #expect(output.contains("sudo apt-get install pulseaudio pulseaudio-utils"), "\(output)")
        #expect(!output.contains("pulse.log"), "\(output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work + "/tmp").isEmpty)

        // With pulseaudio there but not pactl, only pulseaudio-utils is named.
        try FileManager.default.createSymbolicLink(atPath: work + "/bin/pulseaudio", withDestinationPath: "/usr/bin/pulseaudio")
        let (_, partial) = try Executables.run(
            "voxnav", ["drive", scenario, "--out", work + "/report"], environment: ["PATH": work + "/bin", "TMPDIR": work + "/tmp"], limit: 60)
        #expect(partial.contains("pactl not found on PATH") && partial.contains("sudo apt-get install pulseaudio-utils"), "\(partial)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work + "/tmp").isEmpty)
    }

    /// A voxnav with no voxnavd beside it (a copy alone in a directory) takes the one on PATH, and says
    /// where it looked when there is none.
    @Test func voxnavdIsFoundOnPathWhenItIsNotBesideVoxnav() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-alone-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: work + "/alone", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: work + "/data", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        try Executables.copyProgram(Executables.path("voxnav"), to: work + "/alone/voxnav")
        let checkout = Executables.directory.deletingLastPathComponent().deletingLastPathComponent().path
        // The copy is in no checkout: its data comes from XDG_DATA_HOME, here the checkout's.
        try FileManager.default.createSymbolicLink(atPath: work + "/data/voxnav", withDestinationPath: checkout)
        let scenario = checkout + "/examples/city-commute.yaml"
        let system = "/usr/local/bin:/usr/bin:/bin"

        let (status, output) = try Executables.run(
            path: work + "/alone/voxnav", ["drive", scenario, "--out", work + "/none"],
            environment: ProcessInfo.processInfo.environment.merging(["PATH": system, "XDG_DATA_HOME": work + "/data"]) { $1 }, limit: 60)
        #expect(status != 0, "\(output)")
        #expect(output.contains("voxnavd was found neither next to voxnav (\(work)/alone/voxnavd) nor on PATH"), "\(output)")

        try PulseProbe.requireServer()
        let drive = try Executables.run(
            path: work + "/alone/voxnav", ["drive", scenario, "--out", work + "/report", "--quiet"],
            environment: ProcessInfo.processInfo.environment.merging(["PATH": Executables.directory.path + ":" + system, "XDG_DATA_HOME": work + "/data"]) {
                $1
            }, limit: 120)
        #expect(drive.status == 0, "\(drive.output)")
        #expect(FileManager.default.fileExists(atPath: work + "/report/timeline.json"), "\(drive.output)")
    }
}
