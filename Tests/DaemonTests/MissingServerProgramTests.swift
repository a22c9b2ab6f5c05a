import Foundation
import Testing

/// A headless `voxnav drive` (the real binary) on a machine without PulseAudio's programs says which
/// Debian packages to install, and leaves no directory behind (it once pointed to a `pulse.log` that
/// did not exist, and left the directory that should have held it).
@Suite struct MissingServerProgramTests {
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
}
