import AudioPolicy
import AudioTestSupport
import DriveSimulation
import Foundation
import Testing

/// The other clocks, the recording and bad input, with short scenarios of their own.
@Suite struct DriveModesTests {
    /// Two turns 400 m apart at 50 km/h, the radio on: about 40 s of driving.
    static func shortDrive(radio: Bool) -> String {
        """
        name: Two turns
        language: en-US
        route:
          maneuvers:
            - {type: startRoute, roadName: Main Street}
            - {distance: 250, type: rightTurn, roadName: Solar Circle}
            - {distance: 300, type: leftTurn, roadName: Elm Street}
            - {distance: 100, type: arriveAtDestination}
        speed: 50 km/h
        \(radio ? "audio:\n  - {at: 0, event: radio.on}" : "")
        """
    }

    /// `--record` on the compressed clock: every prompt is played for real and is in the WAV, as
    /// long as the report says it spoke.
    @Test func theRecordingHasEveryPrompt() async throws {
        let wav = FileManager.default.temporaryDirectory.appendingPathComponent("drive-\(UUID().uuidString.prefix(8)).wav")
        defer { try? FileManager.default.removeItem(at: wav) }
        let output = try await DriveRunner.drive(try DriveRunner.scenarioFile(Self.shortDrive(radio: false)), ["--record", wav.path])
        try #require(output.status == 0, "\(output.text)")
        #expect(output.text.contains("compressed clock"))
        let report = try output.report()
        let spoken = report.promptAudio.reduce(0) { $0 + $1.end - $1.start }
        #expect(report.summary.promptsNormal >= 3)
        let (samples, rate) = try WAVFile.read(wav)
        let levels = LevelAnalysis(samples: samples, sampleRate: rate)
        // Speech has pauses between words; what is loud must be most of the prompts' length, and
        // never more than the whole recording minus the gaps.
        let loud = levels.duration(above: 0.01)
        #expect(loud > spoken * 0.6 && loud < spoken * 1.2, "loud \(loud) s for \(spoken) s of prompts")
    }

    /// `--record` over the radio: each prompt waited for the bed to be heard (the compressed clock
    /// skips the silence, not the bed), so the report gives every prompt's stand over a measured bed,
    /// the policy's 20 dB. The real `voxnav drive` on its own headless bare PulseAudio; what is heard
    /// is proved on the three servers by `PromptOverBedTests`.
    @Test func onTheCompressedClockEveryPromptOverTheRadioIsMeasuredAgainstIt() async throws {
        let wav = FileManager.default.temporaryDirectory.appendingPathComponent("drive-\(UUID().uuidString.prefix(8)).wav")
        defer { try? FileManager.default.removeItem(at: wav) }
        let output = try await DriveRunner.drive(try DriveRunner.scenarioFile(Self.shortDrive(radio: true)), ["--record", wav.path])
        try #require(output.status == 0, "\(output.text)")
        let report = try output.report()
        let played = report.prompts.filter(\.played)
        try #require(played.count >= 3, "\(report.prompts)")
        for prompt in played {
            let above = try #require(prompt.aboveBed, "no bed measured for \"\(prompt.text)\"")
            #expect(above >= 20 - 0.05, "\"\(prompt.text)\" planned \(above) dB over the bed")
        }
        #expect(report.summary.promptsOverBed == played.count && (report.summary.minAboveBed ?? 0) >= 20 - 0.05, "\(report.summary)")
    }

    /// The real clock: the drive takes its own time and the overhang is measured, not simulated.
    @Test func aDriveOnTheRealClockTakesItsOwnTimeWithTheSameWords() async throws {
        let scenario = try DriveRunner.scenarioFile(Self.shortDrive(radio: true))
        let started = Date()
        let real = try await DriveRunner.drive(scenario, ["--clock", "real"])
        let took = Date().timeIntervalSince(started)
        try #require(real.status == 0, "\(real.text)")
        let virtual = try await DriveRunner.drive(scenario)
        try #require(virtual.status == 0, "\(virtual.text)")
        let report = try real.report()
        // 650 m at 50 km/h is 47 s of driving, and the real clock takes them.
        #expect(report.duration > 45 && took > 45, "\(report.duration) s drive, \(took) s run")
        #expect(report.summary.promptsNormal >= 3)
        // The same prompts, in the same order, as on the virtual clock. On the real clock a prompt
        // may end a few milliseconds later and shift the next decision by one update, so a distance
        // may be rounded differently; the words around it are the same.
        let words = { (r: TimelineReport) in r.prompts.map { $0.text.filter { !$0.isNumber } } }
        #expect(words(report) == words(try virtual.report()))
        // Every window held the session for a prompt; how long beyond it is the benchmark's to measure.
        for window in report.activations { #expect(window.promptSeconds > 0, "\(window)") }
        let radio = try #require(report.track("fmRadio"))
        #expect(radio.segments.contains { $0.state == .ducked })
        #expect(!radio.segments.contains { $0.state == .stopped })
    }

    /// A scenario's `stream.start` is another program (a PulseAudio client of its own, as VLC would
    /// be): the daemon manages it by its role, so music is ducked under the prompts like the music app.
    @Test func anotherProgramsStreamIsManagedByItsRole() async throws {
        let yaml =
            Self.shortDrive(radio: false) + "\naudio:\n  - {at: 0, event: stream.start, role: music, name: vlc}\n  - {at: 40, event: stream.stop, name: vlc}\n"
        let output = try await DriveRunner.drive(try DriveRunner.scenarioFile(yaml))
        try #require(output.status == 0, "\(output.text)")
        let report = try output.report()
        let vlc = try #require(report.sources.first { $0.id.hasPrefix("pa-") }, "\(report.sources.map(\.id))")
        #expect(vlc.kind == .music)
        for (prompt, start, end) in report.promptAudio where end < 40 {
            #expect(vlc.segments(overlapping: start, end).allSatisfy { $0.state == .ducked }, "\(prompt.text)")
        }
        #expect(vlc.segments.contains { $0.state == .ducked })
        #expect(abs((vlc.segments.last?.end ?? 0) - 40) < 0.5, "the stream ends when the script stops it")
    }

    /// A scenario's `voiceControl.show` is the app showing its voice-control template: no prompt plays
    /// over the user's speech until `voiceControl.hide`, and guidance speaks on after it.
    @Test func theVoiceControlTemplateHoldsPromptsBack() async throws {
        let yaml = Self.shortDrive(radio: false) + "\naudio:\n  - {at: 5, event: voiceControl.show, until: 25}\n"
        let output = try await DriveRunner.drive(try DriveRunner.scenarioFile(yaml))
        try #require(output.status == 0, "\(output.text)")
        let report = try output.report()
        let held = report.prompts.filter { ($0.endedAt ?? 0) >= 5 && ($0.endedAt ?? 0) < 25 && $0.result == .skipped }
        #expect(!held.isEmpty && held.allSatisfy { $0.reason?.contains("voiceControlShown") == true }, "\(report.prompts)")
        for (prompt, start, end) in report.promptAudio { #expect(end <= 5 || start >= 25, "\"\(prompt.text)\" played over the user's speech") }
        #expect(report.prompts.contains { $0.played && ($0.startedAt ?? 0) >= 25 })
        #expect(report.summary.violations == 0, "\(report.audit)")
    }

    @Test func badScenariosAreRefusedBeforeAnythingStarts() async throws {
        let cases: [(yaml: String, message: String)] = [
            (
                "name: x\nlanguage: en-US\nroute: {maneuvers: [{type: startRoute}, {distance: 100, type: arriveAtDestination}]}\nspeed: 50\naudio: [{at: 1, event: podcast.begin}]\n",
                "unknown car-audio event 'podcast.begin'"
            ),
            (
                "name: x\nlanguage: tlh\nroute: {maneuvers: [{type: startRoute}, {distance: 100, type: arriveAtDestination}]}\nspeed: 50\n",
                "no phrase pack for language 'tlh'"
            ),
            (
                "name: x\nlanguage: de\nunits: imperialUS\nroute: {maneuvers: [{type: startRoute}, {distance: 100, type: arriveAtDestination}]}\nspeed: 50\n",
                "the de pack words metric only"
            ),
            ("name: x\nlanguage: en-US\nroute: {osrm: missing.json}\nspeed: 50\n", "cannot read the route file"),
            (
                "name: x\nlanguage: en-US\nroute: {maneuvers: [{type: startRoute}, {distance: 100, type: arriveAtDestination}]}\nspeed: 50\nexpect: {said: [{text: a, before: {maneuver: exit, distance: 10}}]}\n",
                "expect.said[0].before.maneuver (line 5): the route has no maneuver 'exit' (its ids: m0, m1)"
            ),
            (
                "name: x\nlanguage: en-US\nroute: {maneuvers: [{type: startRoute}, {distance: 100, type: arriveAtDestination}]}\nspeed: 50\nexpect: {summary: {violation: 0}}\n",
                "expect.summary.violation (line 5): unknown key 'violation'"
            ),
        ]
        for (yaml, message) in cases {
            let output = try await DriveRunner.drive(try DriveRunner.scenarioFile(yaml))
            // 2: the drive could not run (1 is for failed expectations).
            #expect(output.status == 2)
            #expect(output.text.contains(message), "\(output.text)")
            #expect(!FileManager.default.fileExists(atPath: output.reportURL.path))
        }
        let missing = try await DriveRunner.drive("/nonexistent/drive.yaml")
        #expect(missing.status != 0 && missing.text.contains("cannot read the scenario /nonexistent/drive.yaml"))
    }
}
