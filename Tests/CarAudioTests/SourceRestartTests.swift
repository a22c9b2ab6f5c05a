import AudioPolicy
import AudioTestSupport
import CarAudio
import Foundation
import PulseAudio
import Testing

/// A source started again after a crash or a server restart: at its place, and paused when the
/// policy holds it so, without a sound until it is resumed.
@Suite struct SourceRestartTests {
    @Test func aPodcastStartedPausedAtItsPlaceIsSilentThenPlaysOnFromThere() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let connection = try await PulseConnection(applicationName: "CarAudioTests")
            let podcast = try await CarSources.start(kind: .spokenAudio, at: 42, paused: true, on: connection)
            defer { podcast.stop() }
            try await Task.sleep(for: .milliseconds(500))
            let waiting = try #require(try PulseProbe.sinkInputs().first { $0.index == Int(podcast.sinkInputIndex) })
            #expect(waiting.corked, "a podcast started paused is heard")
            #expect(podcast.isPaused)
            #expect(podcast.position == 42)

            let resumed = ContinuousClock.now
            podcast.resume()
            try await Task.sleep(for: .milliseconds(1000))
            let playing = try #require(try PulseProbe.sinkInputs().first { $0.index == Int(podcast.sinkInputIndex) })
            #expect(!playing.corked)
            let place = try #require(podcast.position)
            // Judged against the time that really passed (a loaded machine sleeps longer than asked):
            // never ahead of it, and not far behind.
            let elapsed = (ContinuousClock.now - resumed).inSeconds
            #expect(place > 42.6 && place < 42 + elapsed + 0.2, "\(elapsed) s after resuming at 42 s the position is \(place)")
        }
    }

    @Test func theRadioStartedPausedIsCorkedUntilResumed() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let connection = try await PulseConnection(applicationName: "CarAudioTests")
            let radio = try await CarSources.startFMRadio(on: connection, paused: true)
            defer { radio.stop() }
            try await Task.sleep(for: .milliseconds(300))
            #expect(try PulseProbe.sinkInputs().first { $0.index == Int(radio.sinkInputIndex) }?.corked == true)
            radio.resume()
            try await Task.sleep(for: .milliseconds(300))
            #expect(try PulseProbe.sinkInputs().first { $0.index == Int(radio.sinkInputIndex) }?.corked == false)
        }
    }
}
