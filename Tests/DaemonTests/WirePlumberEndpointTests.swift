import AudioTestSupport
import Foundation
import PulseServer
import RPC
import Testing

/// WirePlumber's role-based endpoints (scripts/wireplumber-endpoints: WirePlumber 0.4's own
/// endpoint configuration, enabled) duck and cork streams by role themselves. VoxNav defers to them
/// (`ServerRolePolicy`): its prompt stream has the role Navigation and exists only while it plays,
/// and VoxNav ducks nothing itself. The real voxnavd and a real player (paplay, role music) on a
/// private PipeWire stack with that configuration; read back with pactl and pw-dump. PipeWire runs
/// only (scripts/test --server pipewire).
@Suite struct WirePlumberEndpointTests {
    static let configuration = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/wireplumber-endpoints")
    static let multimedia = "control.endpoint.multimedia"
    static let prompt = "In 800 meters, at the roundabout, take the third exit onto Solar Circle, then keep left towards the airport."

    @Test(.enabled(if: RestartedServer.inThisRun.contains(.pipewireStack)))
    func musicIsDuckedOnceByTheServerAndNeverCorkedByAnIdleDaemon() async throws {
        try await AudioServerLock.shared.withLock {
            let server = try PipeWireServer(wireplumberConfig: Self.configuration)
            defer { server.stop() }
            #expect(server.hasSink(named: Self.multimedia), "the endpoints are not configured: the test shows nothing")
            let player = try MusicStream(server: server.address)
            defer { player.stop() }
            let playing = try #require(
                try await poll(seconds: 5) { try player.sinkInput().flatMap { $0.corked ? nil : $0 } },
                "the player never started playing")
            try await Task.sleep(for: .milliseconds(300))
            let own = try #require(try player.sinkInput()).volumes

            let socket = FileManager.default.temporaryDirectory.appendingPathComponent("voxnavd-\(UUID().uuidString.prefix(8))/voxnav.sock").path
            let (daemon, control) = try await startDaemon(socket: socket, pulseServer: server.address, arguments: ServerMemoryTests.longPromptPolicy)
            defer { if daemon.isRunning { kill(daemon.processIdentifier, SIGKILL) } }
            // Idle: no prompt stream linked, so WirePlumber neither corks nor ducks the music.
            try await Task.sleep(for: .milliseconds(1000))
            let idle = try #require(try player.sinkInput())
            #expect(!idle.corked, "the music was corked by an idle voxnavd")
            #expect(try server.monitorVolumes(ofNode: Self.multimedia) == [1, 1], "the music's endpoint was ducked by an idle voxnavd")
            #expect(
                try PulseProbe.sinkInputs(server: server.address).allSatisfy { $0.applicationName != "VoxNav" },
                "the prompt stream is open while idle")

            // A prompt: the server ducks the music's endpoint; VoxNav leaves the music's own volume alone.
            _ = try await blocking { try control.call("prompt.speak", .object(["text": .string(Self.prompt), "wait": .bool(false)])) }
            let ducked = try await poll(seconds: 3) { try server.monitorVolumes(ofNode: Self.multimedia).flatMap { $0.allSatisfy { $0 < 0.5 } ? $0 : nil } }
            #expect(ducked != nil, "the server did not duck the music under the Navigation prompt")
            let promptStream = try PulseProbe.sinkInputs(server: server.address).first { $0.applicationName == "VoxNav" }
            #expect(promptStream?.properties["media.role"] == "Navigation", "the prompt stream is not in the Navigation role")
            var lowest = own
            var endpointBack: [Double]?
            let end = Date().addingTimeInterval(15)
            while Date() < end, endpointBack == nil {
                if let now = try player.sinkInput()?.volumes, now.max()! < lowest.max()! { lowest = now }
                endpointBack = try server.monitorVolumes(ofNode: Self.multimedia).flatMap { $0 == [1, 1] ? $0 : nil }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(lowest == own, "VoxNav ducked the music too (down to \(lowest) from \(own)): a double duck")
            #expect(endpointBack != nil, "the music's endpoint was not given back its volume after the prompt")

            // After it: the music plays on at its own volume, and so does its next start (nothing remembered).
            let after = try #require(try player.sinkInput())
            #expect(!after.corked && after.volumes == own)
            player.stop()
            let next = try MusicStream(server: server.address)
            defer { next.stop() }
            let started = try await poll(seconds: 5) { try next.sinkInput().flatMap { $0.corked ? nil : $0 } }
            try await Task.sleep(for: .milliseconds(300))
            let settled = try next.sinkInput()?.volumes
            #expect(started != nil && settled == own, "the next start is at \(String(describing: settled)), not at the music's own volume \(own)")
            #expect(playing.index != started?.index)
        }
    }
}
