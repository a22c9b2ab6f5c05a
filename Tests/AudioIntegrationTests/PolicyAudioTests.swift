import AudioPolicy
import AudioTestSupport
import Engine
import Foundation
import Prompts
import PulseAudio
import Testing

/// The policy carried out on real streams, read back from the server with pactl and parec.
@Suite struct PolicyAudioTests {
    @Test func duringACallAPromptBecomesAShortTonalEarcon() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let engine = try await VoxNavEngine.started()
            _ = try await engine.sources.start(.phoneCall)
            let call = try #require(try PulseProbe.sinkInput(application: "Phone Call"))
            let capture = try MonitorCapture()
            try await capture.waitForAudio(seconds: 0.5)
            let before = capture.samples().count
            #expect(await engine.sessions.promptStyle(client: VoxNavEngine.localClient) == .short)

            let outcome = try await engine.prompts.speak(PromptRequest(text: "In 300 meters, turn right onto Solar Circle."))
            try await Task.sleep(for: .milliseconds(300))
            let recorded = capture.stop()
            let callAfter = try #require(try PulseProbe.sinkInputs().first { $0.index == call.index })
            await engine.shutdown()

            #expect(outcome.result == .finished)
            #expect(outcome.style == .short)
            #expect(outcome.audioDuration > 0.2 && outcome.audioDuration < 1.0, "earcon of \(outcome.audioDuration) s")
            // The call mixes with the prompt: not ducked, not paused.
            #expect(outcome.ducked.isEmpty)
            #expect(callAfter.volumes == call.volumes && !callAfter.corked)
            // The capture holds the chime's first note (1318.5 Hz) standing far above the call, for under a second.
            let tone = LevelAnalysis.toneLevels(samples: Array(recorded.dropFirst(before)), sampleRate: capture.sampleRate, frequency: 1318.5)
            let baseline = LevelAnalysis.toneLevels(samples: Array(recorded.prefix(before)), sampleRate: capture.sampleRate, frequency: 1318.5)
            let callLevel = baseline.sorted()[baseline.count * 9 / 10]
            let loud = tone.filter { $0 > max(callLevel * 4, 0.01) }
            #expect(!loud.isEmpty, "no chime in the capture (call at \(callLevel), loudest \(tone.max() ?? 0))")
            #expect(Double(loud.count) * 0.05 < 1.0, "the tone lasted \(Double(loud.count) * 0.05) s")
        }
    }

    @Test func whileTheAssistantListensNothingPlaysAndTheRadioIsUntouched() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let engine = try await VoxNavEngine.started()
            _ = try await engine.sources.start(.fmRadio)
            _ = try await engine.sources.start(.voiceAssistant, activity: .listening)
            try await Task.sleep(for: .milliseconds(400))
            let radioBefore = try #require(try PulseProbe.sinkInput(application: "Car FM Radio"))
            #expect(await engine.sessions.promptStyle(client: VoxNavEngine.localClient) == PromptStyle.none)

            let outcome = try await engine.prompts.speak(PromptRequest(text: "Turn left now."))
            let radioAfter = try #require(try PulseProbe.sinkInput(application: "Car FM Radio"))
            let prompt = try #require(try PulseProbe.sinkInput(application: "VoxNav"))
            let state = try await engine.state()
            await engine.shutdown()

            #expect(outcome.result == .skipped)
            #expect(outcome.reason?.contains("none") == true, "\(outcome.reason ?? "")")
            #expect(outcome.audioDuration == 0)
            #expect(outcome.timings.activated == nil)
            #expect(prompt.corked, "the prompt stream played")
            #expect(radioAfter.volumes == radioBefore.volumes)
            #expect(radioAfter.corked == radioBefore.corked && radioAfter.muted == radioBefore.muted)
            #expect(state.sessionActive == false)
            #expect(state.promptsSkipped == 1)
        }
    }

    @Test func thePodcastIsCorkedDuringThePromptAndResumesWhereItPaused() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let engine = try await VoxNavEngine.started()
            _ = try await engine.sources.start(.spokenAudio)
            let podcast = try #require(try PulseProbe.sinkInput(application: "Podcast"))
            // With only 2 s-buffer streams the null sink runs ~1.5 s behind: give the podcast time to be heard.
            try await Task.sleep(for: .milliseconds(3000))
            let positionBefore = try #require(try await engine.state().sources.first { $0.kind == .spokenAudio }?.position)
            let readBefore = ContinuousClock.now
            #expect(positionBefore > 0.8)

            let watcher = Task.detached { () -> [Bool] in
                var corked: [Bool] = []
                while !Task.isCancelled {
                    if let input = try? PulseProbe.sinkInputs().first(where: { $0.index == podcast.index }) { corked.append(input.corked) }
                    try? await Task.sleep(for: .milliseconds(40))
                }
                return corked
            }
            try await Task.sleep(for: .milliseconds(100))
            let outcome = try await engine.prompts.speak(PromptRequest(text: "In 500 meters, keep left."))
            let positionAfter = try #require(try await engine.state().sources.first { $0.kind == .spokenAudio }?.position)
            let elapsed = (ContinuousClock.now - readBefore) / .seconds(1)
            watcher.cancel()
            let corkedReadings = await watcher.value
            // It plays on: its played position moves again (on a loaded machine the server's timing
            // reports can lag a second behind, so this waits up to 4 s for 0.6 s of progress).
            var positionLater = positionAfter
            for _ in 0..<20 where positionLater - positionAfter <= 0.6 {
                try await Task.sleep(for: .milliseconds(200))
                positionLater = try #require(try await engine.state().sources.first { $0.kind == .spokenAudio }?.position)
            }
            let podcastAfter = try #require(try PulseProbe.sinkInputs().first { $0.index == podcast.index })
            await engine.shutdown()

            #expect(outcome.result == .finished)
            // Corked (paused for real) while the prompt played, not ducked.
            #expect(corkedReadings.filter { $0 }.count >= 10, "corked readings: \(corkedReadings)")
            #expect(outcome.ducked.allSatisfy { $0.kind != .spokenAudio })
            // Back where it paused: what advanced is only the moments before the pause (the prompt's
            // synthesis, slower on a loaded machine) and after the resume, not the prompt's audio
            // (half its length is the margin: the server's position reports are coarse under load).
            #expect(
                positionAfter - positionBefore < elapsed - outcome.audioDuration / 2,
                "position went from \(positionBefore) to \(positionAfter) in \(elapsed) s, over a \(outcome.audioDuration) s prompt")
            #expect(positionAfter >= positionBefore)
            #expect(!podcastAfter.corked)
            #expect(positionLater - positionAfter > 0.6, "the podcast did not play on: \(positionAfter) → \(positionLater)")
        }
    }

    @Test func aNonMixingPlaybackSessionStopsTheRadioAndTheAuditRecordsIt() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let engine = try await VoxNavEngine.started()
            _ = try await engine.sources.start(.fmRadio)
            #expect(try PulseProbe.sinkInput(application: "Car FM Radio") != nil)
            let app = ClientID("music-app")
            try await engine.sessions.configure(client: app, SessionConfiguration(category: .playback))
            let effects = try await engine.sessions.setActive(client: app, active: true)
            try await Task.sleep(for: .milliseconds(200))
            #expect(try PulseProbe.sinkInput(application: "Car FM Radio") == nil, "the radio stream is still on the server")
            #expect(effects.contains { $0.contains("fmRadio") && $0.contains("stopped") }, "\(effects)")
            let violations = await engine.sessions.violations(of: app)
            #expect(violations.contains { $0.rule == .nonMixingSessionStoppedRadio })
            _ = try await engine.sessions.setActive(client: app, active: false)
            await engine.shutdown()
        }
    }

    @Test func anImpossibleSessionIsRefusedAndChangesNothing() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let engine = try await VoxNavEngine.started()
            _ = try await engine.sources.start(.fmRadio)
            let before = try #require(try PulseProbe.sinkInput(application: "Car FM Radio"))
            await #expect(throws: EngineError.self) {
                try await engine.sessions.configure(client: "bad", SessionConfiguration(category: .record, options: [.duckOthers]))
            }
            await #expect(throws: EngineError.self) {
                _ = try await engine.sessions.setActive(client: "bad", active: true)
            }
            let after = try #require(try PulseProbe.sinkInput(application: "Car FM Radio"))
            #expect(after.volumes == before.volumes && after.corked == before.corked)
            #expect(try await engine.state().sessionActive == false)
            await engine.shutdown()
        }
    }

    @Test func anotherProgramsMusicIsDuckedDuringThePromptAndRestored() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let engine = try await VoxNavEngine.started()
            let player = try ForeignPlayer(applicationName: "Third-party player", properties: ["media.role": "music"], volume: 40000)
            defer { player.stop() }
            let before = try await player.waitForSinkInput()
            try await Task.sleep(for: .milliseconds(200))  // the engine sees it through its subscription
            let state = try await engine.state()
            #expect(state.sources.contains { !$0.simulated && $0.kind == .music && Int($0.sinkInput) == before.index })

            let expected = ChannelVolumes(before.volumes.map(UInt32.init)).scaled(byDecibels: -15).values.map(Int.init)
            let index = before.index
            let watcher = VolumeWatcher { try PulseProbe.sinkInputs().first { $0.index == index } }
            let outcome = try await engine.prompts.speak(PromptRequest(text: "In 200 meters, turn left onto Main Street."))
            let seen = await watcher.stop()
            let after = try #require(try PulseProbe.sinkInputs().first { $0.index == before.index })
            await engine.shutdown()

            let playing = try #require(outcome.timings.playbackStarted)
            let drained = try #require(outcome.timings.drained)
            let during = seen.filter { $0.ms > playing + 15 && $0.ms < drained - 15 }
            #expect(during.count >= 10)
            // The policy's duck at least; deeper where the built-in audibility target asked for it
            // over this loud tone, and steady through the prompt.
            #expect(during.allSatisfy { $0.volumes == during.first?.volumes }, "\(during.map(\.volumes))")
            #expect(during.allSatisfy { zip($0.volumes, expected).allSatisfy { $0 <= $1 } }, "\(during.map(\.volumes)) expected \(expected) or less")
            #expect(after.volumes == before.volumes)
            #expect(!after.muted)
        }
    }
}

/// What the user does to a ducked stream is kept.
@Suite struct UserVolumeTests {
    @Test func aVolumeTheUserSetsDuringADuckIsKeptAndRepeatedDucksDoNotRatchet() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let engine = try await VoxNavEngine.started()
            _ = try await engine.sources.start(.fmRadio)
            let radio = try #require(try PulseProbe.sinkInput(application: "Car FM Radio"))

            // Repeated ducks: the radio comes back to the same level every time.
            for _ in 0..<3 {
                _ = try await engine.prompts.speak(PromptRequest(text: "Keep left."))
                #expect(try PulseProbe.sinkInput(application: "Car FM Radio")?.volumes == radio.volumes)
            }

            // The user turns the radio to 30 % while a prompt plays: after the prompt it stays at 30 %.
            let prompt = Task { try await engine.prompts.speak(PromptRequest(text: "In 800 meters, at the roundabout, take the third exit.")) }
            var ducked = false
            for _ in 0..<100 where !ducked {
                ducked = try PulseProbe.sinkInput(application: "Car FM Radio")?.volumes != radio.volumes
                if !ducked { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(ducked)
            try await Task.sleep(for: .milliseconds(200))  // the 30 ms duck ramp is over; a person is slower
            try PulseProbe.setVolume(sinkInput: radio.index, percent: 30)
            let usersLevel = try #require(try PulseProbe.sinkInput(application: "Car FM Radio")).volumes
            _ = try await prompt.value
            try await Task.sleep(for: .milliseconds(300))
            let afterPrompt = try PulseProbe.sinkInput(application: "Car FM Radio")?.volumes
            #expect(afterPrompt == usersLevel, "after the prompt \(afterPrompt ?? []), the user set \(usersLevel), before \(radio.volumes)")

            // And the next duck starts from the user's level and returns to it.
            _ = try await engine.prompts.speak(PromptRequest(text: "Turn right."))
            #expect(try PulseProbe.sinkInput(application: "Car FM Radio")?.volumes == usersLevel)
            await engine.shutdown()
            // A desktop server remembers the user's 30 % for music streams, as it should; later tests
            // expect players to start at full volume.
            try await ForeignPlayer.resetRememberedVolume(role: "music")
        }
    }
}
