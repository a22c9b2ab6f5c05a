import AudioPolicy
import AudioTestSupport
import CarAudio
import Foundation
import PulseAudio
import Testing

/// Every simulated source is a real stream on the server, with the role and name it claims, and audible.
@Suite struct CarSourceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var kind: SourceKind
        var activity: SourceActivity
        var role: String
        var application: String
        var testDescription: String { "\(kind.rawValue)/\(activity.rawValue)" }
    }

    static let cases: [Case] = [
        Case(kind: .fmRadio, activity: .default, role: "music", application: "Car FM Radio (simulated)"),
        Case(kind: .music, activity: .default, role: "music", application: "Music Player (simulated)"),
        Case(kind: .spokenAudio, activity: .default, role: "spoken", application: "Podcast Player (simulated)"),
        Case(kind: .spokenAudio, activity: .voicemail, role: "spoken", application: "Phone Voicemail (simulated)"),
        Case(kind: .phoneCall, activity: .default, role: "phone", application: "Phone Call (simulated)"),
        Case(kind: .voiceAssistant, activity: .speaking, role: "a11y", application: "Voice Assistant (simulated)"),
        Case(kind: .nativeNavigation, activity: .default, role: "event", application: "Car Navigation Voice (simulated)"),
    ]

    @Test(arguments: cases)
    func startsAnAudibleStreamWithItsRoleAndName(_ c: Case) async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let connection = try await PulseConnection(applicationName: "CarAudioTests")
            let capture = try MonitorCapture()
            try await capture.waitForAudio(seconds: 0.2)
            let source = try await CarSources.start(kind: c.kind, activity: c.activity, on: connection)
            defer { source.stop() }
            // The level it starts at is the server's: one with stream restore gives it the level last set
            // for its role (a test's user turned a music stream down to 40 %). Heard at 100 %, as its user set.
            let started = try #require(try PulseProbe.sinkInputs().first { $0.index == Int(source.sinkInputIndex) })
            try await PulseProbe.setVolume(sinkInput: Int(source.sinkInputIndex), to: 65536)
            let before = capture.samples().count
            try await Task.sleep(for: .milliseconds(900))
            let input = try #require(try PulseProbe.sinkInputs().first { $0.index == Int(source.sinkInputIndex) })
            let recorded = capture.stop()

            #expect(input.properties["media.role"] == c.role)
            #expect(input.applicationName == c.application)
            #expect(input.properties["voxnav.source.kind"] == c.kind.rawValue)
            #expect(input.properties["voxnav.source.activity"] == c.activity.rawValue)
            #expect(input.properties["application.id"] == "org.voxnav.car.\(c.kind.rawValue)")
            #expect(!input.corked)
            #expect(source.kind == c.kind && source.activity == c.activity)
            let levels = LevelAnalysis(samples: Array(recorded.dropFirst(before)), sampleRate: capture.sampleRate)
            #expect(levels.duration(above: 0.01) > 0.2, "\(c.kind) was not audible: loudest \(levels.levels.max() ?? 0) (started at volume \(started.volumes))")
        }
    }

    @Test func theListeningAssistantHoldsTheMicrophoneOpenAfterAQuietEarcon() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let connection = try await PulseConnection(applicationName: "CarAudioTests")
            let capture = try MonitorCapture()
            try await capture.waitForAudio(seconds: 0.2)
            let before = capture.samples().count
            let source = try await CarSources.start(kind: .voiceAssistant, activity: .listening, on: connection)
            try await Task.sleep(for: .milliseconds(700))
            let recorded = capture.stop()

            let microphone = try #require(source.sourceOutputIndex)
            let output = try #require(try SourceOutputProbe.sourceOutputs().first { $0.index == Int(microphone) })
            #expect(output.properties["media.role"] == "phone")
            #expect(output.properties["application.name"] == "Voice Assistant (simulated)")
            #expect(output.properties["voxnav.source.activity"] == "listening")
            // The earcon's stream stays, corked once the blip has played (idle streams are corked).
            let earcon = try #require(try PulseProbe.sinkInputs().first { $0.index == Int(source.sinkInputIndex) })
            #expect(earcon.properties["media.role"] == "a11y")
            #expect(earcon.corked)
            // A quiet blip of about 0.2 s, then silence.
            let levels = LevelAnalysis(samples: Array(recorded.dropFirst(before)), sampleRate: capture.sampleRate)
            let heard = levels.duration(above: 0.005)
            #expect(heard > 0.08 && heard < 0.35, "earcon heard for \(heard) s")
            #expect((levels.levels.max() ?? 0) < 0.2, "the earcon should be quiet")

            source.stop()
            try await Task.sleep(for: .milliseconds(100))
            #expect(try SourceOutputProbe.sourceOutputs().contains { $0.index == Int(microphone) } == false)
        }
    }

    @Test func aChimePlaysOnceAndItsStreamEnds() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let connection = try await PulseConnection(applicationName: "CarAudioTests")
            let capture = try MonitorCapture()
            try await capture.waitForAudio(seconds: 0.2)
            let before = capture.samples().count
            let chime = try await CarSources.start(kind: .vehicleChime, on: connection)
            let index = Int(chime.sinkInputIndex)
            try await Task.sleep(for: .milliseconds(200))
            let playing = try #require(try PulseProbe.sinkInputs().first { $0.index == index })
            #expect(playing.properties["media.role"] == "event")
            #expect(playing.applicationName == "Vehicle Chime (simulated)")

            let clock = ContinuousClock()
            let start = clock.now
            await chime.finished()
            #expect(clock.now - start < .seconds(2))
            try await Task.sleep(for: .milliseconds(50))
            #expect(try PulseProbe.sinkInputs().contains { $0.index == index } == false, "the chime's stream should be gone")
            // Listen on for a while: it must not play again.
            try await Task.sleep(for: .milliseconds(800))
            let recorded = capture.stop()
            let levels = LevelAnalysis(samples: Array(recorded.dropFirst(before)), sampleRate: capture.sampleRate)
            let span = levels.span(above: 0.01)
            #expect(span > 0.5 && span < 1.0, "chime heard over \(span) s (it is 0.8 s long)")
        }
    }

    @Test func aPhoneCallBeginsAndEnds() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let connection = try await PulseConnection(applicationName: "CarAudioTests")
            let call = try await CarSources.start(kind: .phoneCall, on: connection)
            let index = Int(call.sinkInputIndex)
            #expect(try PulseProbe.sinkInputs().contains { $0.index == index })
            call.stop()
            try await Task.sleep(for: .milliseconds(100))
            #expect(try PulseProbe.sinkInputs().contains { $0.index == index } == false)
            await call.finished()
        }
    }

    @Test func anActivityAKindDoesNotHaveIsRefused() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let connection = try await PulseConnection(applicationName: "CarAudioTests")
            await #expect(throws: CarSourceError.self) {
                _ = try await CarSources.start(kind: .music, activity: .listening, on: connection)
            }
        }
    }
}
