import AudioTestSupport
import Foundation
import ProcessSupport
import RPC
import RPCSocket
import Testing

/// Desktop servers remember each program's volume (PulseAudio's module-stream-restore, WirePlumber's
/// restore-stream) and save every change to it, whoever made it. A duck must leave no trace there:
/// a user's player started again comes in at its own volume, during a prompt, after voxnavd exits
/// and after it is killed mid-duck. Read back from the server with pactl: the volume each new stream
/// of the player starts with is what the server remembers for it. On the bare test server (nothing
/// remembered) the same checks hold trivially; run them with scripts/with-pulse-desktop and
/// scripts/with-pipewire (scripts/test does).
@Suite(.serialized) struct ServerMemoryTests {
    static let playerName = "Memory test player"
    static let longPrompt = "In 800 meters, at the roundabout, take the third exit onto Solar Circle, then keep left towards the airport and the harbour."
    /// The long prompt speaks about 8 s, longer than a prompt may by default (6 s): these daemons allow 12.
    static let longPromptPolicy: [String] = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-long-prompts-\(UUID().uuidString.prefix(8)).yaml").path
        try? "prompts:\n  maxSeconds: 12\n".write(toFile: path, atomically: true, encoding: .utf8)
        return ["--policy", path]
    }()

    /// The user's music player, as a real paplay whose stream the server restores and remembers
    /// (no volume of its own on the command line, so the server's memory decides it).
    private func startPlayer() throws -> ForeignPlayer {
        try ForeignPlayer(applicationName: Self.playerName, properties: ["media.role": "music"], seconds: 60)
    }

    /// The volume a new stream of the player settles at (the server may apply its memory just after
    /// the stream appears): the same value over 300 ms.
    /// The player's stream as it starts playing (pipewire-pulse shows it corked for a few ms first).
    private func firstPlaying(_ player: ForeignPlayer) async throws -> PulseProbe.SinkInput {
        let found = try await poll(seconds: 5) { try PulseProbe.sinkInput(application: Self.playerName).flatMap { $0.corked ? nil : $0 } }
        return try #require(found, "the player never started playing")
    }

    /// Starts the player once, sets its volume as its user would, and returns the volume its next
    /// stream starts with: the server's memory of it (full volume where nothing is remembered).
    private func playerWithRememberedVolume() async throws -> (player: ForeignPlayer, trueVolume: [Int]) {
        let first = try startPlayer()
        let stream = try await first.waitForSinkInput()
        try PulseProbe.setVolume(sinkInput: stream.index, raw: 40000)
        try await Task.sleep(for: .milliseconds(1200))  // WirePlumber saves its state a second after a change
        first.stop()
        let player = try startPlayer()
        let settled = try await player.settledSinkInput()
        if try PulseProbe.serverRemembersStreams() {
            #expect(settled.volumes.allSatisfy { $0 == 40000 }, "the server did not remember the user's volume: \(settled.volumes); the test shows nothing")
        }
        return (player, settled.volumes)
    }

    /// Asks the daemon for the long prompt and returns the player's stream once it is ducked (an
    /// expectation fails when it never is).
    @discardableResult
    private func speakLongPrompt(on connection: RPCClient, untilDucked player: ForeignPlayer, from trueVolume: [Int]) async throws
        -> PulseProbe.SinkInput
    {
        _ = try await blocking { try connection.call("prompt.speak", .object(["text": .string(Self.longPrompt), "wait": .bool(false)])) }
        let playing = try await player.waitForSinkInput()
        #expect(try await waitUntilDucked(playing.index, from: trueVolume) != nil, "the player was never ducked")
        return playing
    }

    /// SIGKILLs the daemon (no shutdown runs) and gives the server a moment to notice its client gone.
    private func killMidDuck(_ daemon: ChildProcess) async throws {
        kill(daemon.processIdentifier, SIGKILL)
        daemon.waitUntilExit()
        try await Task.sleep(for: .milliseconds(300))
    }

    private func waitUntilDucked(_ index: Int, from volumes: [Int], seconds: Double = 5) async throws -> [Int]? {
        try await poll(seconds: seconds) {
            guard let now = try PulseProbe.sinkInputs().first(where: { $0.index == index }) else { return nil }
            return now.volumes.max()! < volumes.max()! * 7 / 10 ? now.volumes : nil
        }
    }

    /// The lowest volume a stream goes down to before it is back at `volumes` (or `seconds` pass),
    /// and each volume read that differs from the one before, with its time: what a failure prints.
    private func lowestBeforeBack(index: Int, at volumes: [Int], seconds: Double) async throws -> (lowest: [Int], seen: [String]) {
        var lowest: [Int] = []
        var seen: [String] = []
        var last: [Int]?
        let start = Date()
        while Date() < start.addingTimeInterval(seconds) {
            if let now = try PulseProbe.sinkInputs().first(where: { $0.index == index }) {
                if now.volumes != last { seen.append("\(String(format: "%.2f", Date().timeIntervalSince(start))) s: \(now.volumes)") }
                last = now.volumes
                if lowest.isEmpty || now.volumes.max()! < lowest.max()! { lowest = now.volumes }
                if now.volumes == volumes && lowest != volumes { break }
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return (lowest, seen)
    }

    /// Runs a test body, then sets the music group's memory back to full volume for later tests.
    private func withLockAndReset(_ body: @Sendable () async throws -> Void) async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            do {
                try await body()
            } catch {
                try? await ForeignPlayer.resetRememberedVolume(role: "music")
                throw error
            }
            try await ForeignPlayer.resetRememberedVolume(role: "music")
        }
    }

    private static func decibels(_ value: Int) -> Double { 60 * log10(Double(value) / 65536) }

    private func socketPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("voxnavd-\(UUID().uuidString.prefix(8))/voxnav.sock").path
    }

    @Test func aPlayerRestartedDuringAPromptComesInAtItsTrueVolumeIsDuckedOnceAndKeepsIt() async throws {
        try await withLockAndReset {
            var (player, trueVolume) = try await playerWithRememberedVolume()
            defer { player.stop() }
            let (daemon, connection) = try await startDaemon(socket: socketPath(), arguments: Self.longPromptPolicy)
            defer { if daemon.isRunning { kill(daemon.processIdentifier, SIGKILL) } }
            try await speakLongPrompt(on: connection, untilDucked: player, from: trueVolume)

            // The user's player starts its stream again while the prompt plays.
            player.stop()
            player = try startPlayer()
            let restarted = try await firstPlaying(player)
            // Where it starts playing: at its own volume, or already ducked once from it (VoxNav took
            // it up first), never below. On PipeWire a stream that starts within a few tens of
            // milliseconds of a duck step may be handed a level between the two (see
            // docs/SOUND-SERVERS.md); it is still ducked from its own volume.
            let arrival = Self.decibels(restarted.volumes.max()!) - Self.decibels(trueVolume.max()!)
            print(
                "ServerMemoryTests on \(PulseProbe.serverName): the restarted player came in at \(restarted.volumes) (\(arrival) dB from its own \(trueVolume))"
            )
            #expect(arrival <= 0.01 && arrival > -15.5, "it came in at \(restarted.volumes), not its own \(trueVolume)")
            let (lowest, seen) = try await lowestBeforeBack(index: restarted.index, at: trueVolume, seconds: 15)
            let duckLevel = Self.decibels(lowest.max()!) - Self.decibels(trueVolume.max()!)
            #expect(duckLevel > -16 && duckLevel < -14, "ducked by \(duckLevel) dB, not once by the policy's -15 dB; read: \(seen)")

            // After the prompt it is exactly where it was.
            let back = try await poll(seconds: 10) { try PulseProbe.sinkInputs().first { $0.index == restarted.index && $0.volumes == trueVolume } }
            #expect(back != nil, "not restored to \(trueVolume); read: \(seen)")

            // Its next start is at its own volume, with voxnavd running and after it exits.
            player.stop()
            player = try startPlayer()
            #expect(try await player.settledSinkInput().volumes == trueVolume)
            kill(daemon.processIdentifier, SIGTERM)
            daemon.waitUntilExit()
            player.stop()
            player = try startPlayer()
            #expect(try await player.settledSinkInput().volumes == trueVolume)
        }
    }

    @Test func aDaemonKilledMidDuckLeavesNoDuckedLevelRemembered() async throws {
        try await withLockAndReset {
            var (player, trueVolume) = try await playerWithRememberedVolume()
            defer { player.stop() }
            let (daemon, connection) = try await startDaemon(socket: socketPath(), arguments: Self.longPromptPolicy)
            defer { if daemon.isRunning { kill(daemon.processIdentifier, SIGKILL) } }
            let playing = try await speakLongPrompt(on: connection, untilDucked: player, from: trueVolume)
            try await Task.sleep(for: .milliseconds(700))

            try await killMidDuck(daemon)
            let abandoned = try #require(try PulseProbe.sinkInputs().first { $0.index == playing.index })
            #expect(abandoned.volumes != trueVolume, "nothing was left ducked: the test shows nothing")

            // No daemon runs: what the server remembers decides the player's next start.
            player.stop()
            player = try startPlayer()
            let next = try await player.settledSinkInput()
            #expect(next.volumes == trueVolume, "the ducked level \(next.volumes) was remembered as the player's own \(trueVolume)")

        }
    }

    /// VoxNav's own simulated sources are not the user's programs: the server neither gives them a
    /// player's remembered volume nor keeps a ducked level for them after a crash.
    @Test func simulatedSourcesKilledMidDuckLeaveNothingRemembered() async throws {
        try await withLockAndReset {
            let (daemon, connection) = try await startDaemon(socket: socketPath(), arguments: Self.longPromptPolicy)
            defer { if daemon.isRunning { kill(daemon.processIdentifier, SIGKILL) } }
            _ = try await blocking { try connection.call("source.start", .object(["kind": .string("fmRadio")])) }
            let radio = try #require(try await poll(seconds: 5) { try PulseProbe.sinkInput(application: "Car FM Radio (simulated)") })
            _ = try await blocking { try connection.call("prompt.speak", .object(["text": .string(Self.longPrompt), "wait": .bool(false)])) }
            #expect(try await waitUntilDucked(radio.index, from: radio.volumes) != nil, "the radio was never ducked")
            try await Task.sleep(for: .milliseconds(700))
            try await killMidDuck(daemon)

            // A stream presenting itself exactly as the simulated radio starts at the radio's own volume.
            let properties = radio.properties.filter {
                ["media.role", "application.id", "media.name", "module-stream-restore.id", "state.restore-props"].contains($0.key)
            }
            let impostor = try ForeignPlayer(applicationName: "Car FM Radio (simulated)", properties: properties, seconds: 10)
            defer { impostor.stop() }
            _ = try await impostor.waitForSinkInput()
            try await Task.sleep(for: .milliseconds(300))
            let settled = try #require(try PulseProbe.sinkInput(application: "Car FM Radio (simulated)"))
            #expect(settled.volumes.max() == radio.volumes.max(), "the radio's group remembers \(settled.volumes), not \(radio.volumes)")
        }
    }

    @Test func aUsersOwnChangeDuringADuckIsKeptAndRemembered() async throws {
        try await withLockAndReset {
            var (player, trueVolume) = try await playerWithRememberedVolume()
            defer { player.stop() }
            let (daemon, connection) = try await startDaemon(socket: socketPath(), arguments: Self.longPromptPolicy)
            defer { if daemon.isRunning { kill(daemon.processIdentifier, SIGKILL) } }
            let playing = try await speakLongPrompt(on: connection, untilDucked: player, from: trueVolume)
            try await Task.sleep(for: .milliseconds(300))
            try PulseProbe.setVolume(sinkInput: playing.index, raw: 20000)

            // The prompt ends: the user's level stands (it is not "restored" over).
            let state = try await poll(seconds: 15) { () -> JSONValue? in
                let state = try connection.call("state.get")
                return state["promptPlaying"] == .bool(false) && state["sessionActive"] == .bool(false) ? state : nil
            }
            #expect(state != nil, "the prompt did not end")
            try await Task.sleep(for: .milliseconds(500))
            let after = try #require(try PulseProbe.sinkInputs().first { $0.index == playing.index })
            #expect(after.volumes.allSatisfy { $0 == 20000 }, "the user's level was not kept: \(after.volumes)")

            // And the server remembers it as the player's volume, where it remembers at all.
            kill(daemon.processIdentifier, SIGTERM)
            daemon.waitUntilExit()
            player.stop()
            player = try startPlayer()
            let next = try await player.settledSinkInput()
            if try PulseProbe.serverRemembersStreams() {
                #expect(next.volumes.allSatisfy { $0 == 20000 }, "the user's change was not remembered: \(next.volumes)")
            } else {
                #expect(next.volumes == trueVolume)
            }
        }
    }
}
