import AudioPolicy
import AudioTestSupport
import CarAudio
import Engine
import Foundation
import PulseAudio
import Testing

/// Another program's stream that the policy stops can only be muted (PulseAudio gives a client no
/// way to pause another's stream). It must not stay muted once its user plays it again.
@Suite struct StoppedForeignStreamTests {
    /// A music player of its own: a PulseAudio client apart from the engine, which pauses and plays
    /// its stream itself (corks and uncorks it), as a real player does.
    final class Player: @unchecked Sendable {
        let name: String
        let connection: PulseConnection
        let stream: PlaybackStream

        init(_ name: String) async throws {
            self.name = name
            connection = try await PulseConnection(applicationName: name)
            stream = try await PlaybackStream(
                connection: connection, name: "\(name) music",
                properties: ["media.role": "music", "application.name": name, "application.id": "org.example.\(name.filter(\.isLetter))"],
                format: StreamFormat(sampleRate: 44100, channels: 1), targetLatency: nil, startCorked: true)
            stream.start(MusicProgramme(sampleRate: 44100))
        }

        var muted: Bool? { (try? PulseProbe.sinkInput(application: name))?.muted }
    }

    private func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        for _ in 0..<200 {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("not within 2 s: \(what)")
    }

    @Test func aStoppedPlayerIsUnmutedWhenItsUserPlaysItAgain() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let engine = try await VoxNavEngine.started()
            let first = try await Player("Player One")
            try await waitUntil("the engine manages the first player") { first.muted == false }
            try await Task.sleep(for: .milliseconds(200))

            // A second player starts: the newest choice wins, the first is stopped (muted).
            let second = try await Player("Player Two")
            try await waitUntil("the first player muted when the second starts") { first.muted == true }
            #expect(second.muted == false)

            // The user pauses the first player and plays it again: now it is the newest choice.
            first.stream.setCorked(true)
            try await Task.sleep(for: .milliseconds(300))
            first.stream.setCorked(false)
            try await waitUntil("the first player unmuted when its user plays it again") { first.muted == false }
            try await waitUntil("the second player muted in turn") { second.muted == true }
            let state = try await engine.state()
            let states = Dictionary(state.sources.filter { !$0.simulated }.map { ($0.name, $0.state) }) { a, _ in a }
            #expect(states["Player One"] == "playing" && states["Player Two"] == "stopped", "\(states)")

            await engine.shutdown()
            // Nothing is left muted by the daemon after it is gone.
            #expect(first.muted == false && second.muted == false)
            first.stream.close()
            second.stream.close()
        }
    }
}
