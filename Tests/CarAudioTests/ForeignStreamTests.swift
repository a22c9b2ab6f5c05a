import AudioPolicy
import AudioTestSupport
import BuiltInPolicy
import CarAudio
import Foundation
import PulseAudio
import Testing

/// Other programs' streams: classified from what the server reports, seen as they appear, and silenced on request.
@Suite struct ForeignStreamTests {
    @Test func realPaplayStreamsAreClassifiedByTheirProperties() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let connection = try await PulseConnection(applicationName: "CarAudioTests")
            let players: [(ForeignPlayer, SourceKind?)] = [
                (try ForeignPlayer(applicationName: "Foreign music", properties: ["media.role": "music"]), .music),
                (try ForeignPlayer(applicationName: "Foreign softphone", properties: ["media.role": "phone"]), .phoneCall),
                (try ForeignPlayer(applicationName: "Foreign video", properties: ["media.role": "video"]), .music),
                (try ForeignPlayer(applicationName: "gPodder", properties: ["media.role": "music"]), .spokenAudio),
                (try ForeignPlayer(applicationName: "Foreign screen reader", properties: ["media.role": "a11y"]), nil),
                // What speech-dispatcher's pulse output sends: no role, its module in the name.
                (try ForeignPlayer(applicationName: "speech-dispatcher-espeak-ng", properties: ["media.name": "playback"]), nil),
                (try ForeignPlayer(applicationName: "Foreign test tone", properties: ["media.role": "test"]), nil),
                (try ForeignPlayer(applicationName: "Foreign no role", properties: [:]), .music),
                (
                    try ForeignPlayer(applicationName: "Foreign declared", properties: ["media.role": "music", "voxnav.source.kind": "spokenAudio"]),
                    .spokenAudio
                ),
            ]
            defer { for (player, _) in players { player.stop() } }
            let radio = try await CarSources.start(kind: .fmRadio, on: connection)
            defer { radio.stop() }
            for (player, _) in players { _ = try await player.waitForSinkInput() }

            let classifier = Policy.builtIn.classify
            let inputs = try await connection.sinkInputs()
            for (player, expected) in players {
                let input = try #require(inputs.first { $0.properties["application.name"] == player.applicationName })
                #expect(classifier.kind(properties: input.properties) == expected, "\(player.applicationName) (role \(input.role ?? "none"))")
            }
            // VoxNav's own streams are the engine's, not foreign sources.
            let own = try #require(inputs.first { $0.index == radio.sinkInputIndex })
            #expect(classifier.kind(properties: own.properties) == nil)
        }
    }

    @Test func theSubscriptionReportsANewStreamWithin200msAndItsRemoval() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let connection = try await PulseConnection(applicationName: "CarAudioTests")
            let events = try await connection.sinkInputEvents()
            let clock = ContinuousClock()
            // The latency counts from when the stream can first be listed (a second connection polls
            // every 10 ms), not from starting the player: on a loaded machine starting a process alone
            // may take longer than the bound.
            let lister = try await PulseConnection(applicationName: "CarAudioTests lister")
            let listed = Task { () -> ContinuousClock.Instant? in
                while !Task.isCancelled {
                    if let inputs = try? await lister.sinkInputs(), inputs.contains(where: { $0.properties["application.name"] == "Foreign subscribed" }) {
                        return clock.now
                    }
                    try? await Task.sleep(for: .milliseconds(10))
                }
                return nil
            }
            let player = try ForeignPlayer(applicationName: "Foreign subscribed", properties: ["media.role": "music"])
            defer { player.stop() }

            var iterator = events.makeAsyncIterator()
            var newIndex: UInt32?
            var reportedAt: ContinuousClock.Instant?
            while newIndex == nil, let event = await iterator.next() {
                guard event.change == .new else { continue }
                let now = clock.now
                let input = try await connection.sinkInput(index: event.index)
                if input?.properties["application.name"] == "Foreign subscribed" {
                    newIndex = event.index
                    reportedAt = now
                }
            }
            let index = try #require(newIndex)
            let reported = try #require(reportedAt)
            let seen = try #require(await listed.value, "the stream was never listed")
            let took = reported - seen
            #expect(took < .milliseconds(200), "the new sink input was reported \(took) after it could be listed")
            #expect(try PulseProbe.sinkInput(application: "Foreign subscribed")?.index == Int(index))

            // Changes to it are reported too, and its end.
            try PulseProbe.setVolume(sinkInput: Int(index), percent: 40)
            var sawChange = false
            var sawRemove = false
            let stopper = Task {
                try await Task.sleep(for: .milliseconds(200))
                player.stop()
            }
            while !sawRemove, let event = await iterator.next() {
                guard event.index == index else { continue }
                if event.change == .change { sawChange = true }
                if event.change == .remove { sawRemove = true }
            }
            _ = try? await stopper.value
            #expect(sawChange)
            #expect(sawRemove)
        }
    }

    @Test func aCorkRequestMutesAForeignStreamAndTheReleaseUnmutesIt() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let connection = try await PulseConnection(applicationName: "CarAudioTests")
            // At 100 %, whatever level the server remembers for role music (another test set one).
            let player = try ForeignPlayer(applicationName: "Foreign audiobook", properties: ["media.role": "music"], volume: 65536)
            defer { player.stop() }
            let shown = try await player.waitForSinkInput()
            #expect(!shown.muted)

            let capture = try MonitorCapture()
            try await capture.waitForAudio(seconds: 0.4)
            let loud = capture.samples().count
            try await connection.setSinkInputMute(index: UInt32(shown.index), muted: true)
            let muted = try #require(try PulseProbe.sinkInput(application: "Foreign audiobook"))
            #expect(muted.muted, "pactl should show the foreign stream muted")
            try await Task.sleep(for: .milliseconds(500))
            let mutedUntil = capture.samples().count
            try await connection.setSinkInputMute(index: UInt32(shown.index), muted: false)
            let released = try #require(try PulseProbe.sinkInput(application: "Foreign audiobook"))
            #expect(!released.muted)
            let recorded = capture.stop()

            let playing = LevelAnalysis(samples: Array(recorded[..<loud]), sampleRate: capture.sampleRate)
            #expect(playing.medianLevel(from: 0.1, to: Double(loud) / Double(capture.sampleRate)) > 0.1, "paplay was not audible (volume \(shown.volumes))")
            // Skip 0.1 s for the mute to reach the sink, then it is silent.
            let quiet = LevelAnalysis(samples: Array(recorded[(loud + capture.sampleRate / 10)..<mutedUntil]), sampleRate: capture.sampleRate)
            #expect((quiet.levels.max() ?? 1) < 0.001, "the muted stream was still heard: \(quiet.levels.max() ?? 1)")
        }
    }
}
