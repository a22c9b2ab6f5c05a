import Foundation
import Testing

/// Item 7 of issue 21: the real binaries refuse a file over its cap before reading it whole, naming
/// the file, its size and the cap (a 100 MB policy file once took minutes and gigabytes).
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
}
