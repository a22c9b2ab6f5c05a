import AudioPolicy
import BuiltInPolicy
import DriveSimulation
import Foundation
import Testing

/// The four example drives on the virtual clock, through the real CLI, daemon and PulseAudio
/// server, judged from the report: a good audio citizen, every time.
@Suite struct ExampleDriveTests {
    @Test(arguments: ["city-commute", "highway-podcast-call", "roundabouts-de", "berlin-graphhopper-fr"])
    func anExampleDriveIsAGoodAudioCitizen(_ name: String) async throws {
        let output = try await DriveRunner.example(drive: name)
        try #require(output.status == 0, "\(output.text)")
        let report = try output.report()
        let s = report.summary

        // GraphHopper's route is its longest real one, and short: 2:09 of driving.
        #expect(s.promptsQueued >= (name == "berlin-graphhopper-fr" ? 4 : 15), "a whole drive has prompts: \(s.promptsQueued)")
        #expect(report.prompts.allSatisfy { $0.result != .pending }, "every prompt ended")
        #expect(s.violations == 0, "\(report.audit)")
        #expect(s.podcastSecondsLost == 0)
        // On the virtual clock a session is active exactly while its prompt plays.
        #expect(s.maxActivationOverhang <= Policy.builtIn.idleCap)
        #expect(s.maxActivationOverhang < 0.001)
        for window in report.activations { #expect(window.promptSeconds > 0, "a session active without a prompt: \(window)") }

        // No prompt while the voice assistant listens.
        let listening = report.track("voiceAssistant")?.segments.filter { $0.activity == .listening } ?? []
        for (prompt, start, end) in report.promptAudio {
            for window in listening { #expect(min(window.end, end) <= max(window.start, start), "\(prompt.text) during listening") }
        }
        // Earcons (short style), never speech, during the call.
        let call = report.track("phoneCall")?.segments ?? []
        for (prompt, start, _) in report.promptAudio where call.contains(where: { $0.start <= start && start < $0.end }) {
            #expect(prompt.style == .short, "\"\(prompt.text)\" spoke during the call")
        }
        // The podcast is paused while each prompt plays (and it resumes: nothing lost, checked above).
        if let podcast = report.track("spokenAudio") {
            for (prompt, start, end) in report.promptAudio {
                for segment in podcast.segments(overlapping: start, end) {
                    #expect(segment.state == .paused, "the podcast was \(segment.state) during \"\(prompt.text)\"")
                }
            }
        }
        // The radio is ducked under prompts, never stopped or paused by them.
        if let radio = report.track("fmRadio") {
            #expect(!radio.segments.contains { $0.state == .stopped || $0.state == .paused })
            for (prompt, start, end) in report.promptAudio {
                for segment in radio.segments(overlapping: start, end) {
                    #expect(segment.state == .ducked, "the radio was \(segment.state) during \"\(prompt.text)\"")
                    #expect((segment.dB ?? 0) <= Policy.builtIn.duckLevelDB + 0.01)
                }
            }
        }
        // Every guidance prompt that sounded names its maneuver and is placed against it; the summary
        // and the printout give the time after the last word of the final instructions.
        for prompt in report.prompts where prompt.maneuver != nil && prompt.sounded {
            #expect(prompt.state != nil && prompt.lead != nil, "\(prompt)")
            if let lead = prompt.lead { #expect(lead.firstSample.meters >= lead.lastSample.meters, "\(prompt)") }
        }
        // The trip ends with its arrival said: guidance ends by itself after that prompt's last sample.
        let arrived = report.guidanceEnds.filter { $0.reason == "arrived" }
        #expect(arrived.count == 1, "\(report.guidanceEnds)")
        let arrival = report.prompts.last { $0.played && $0.maneuver != nil }
        #expect(arrival?.state == .execute && arrival?.text.isEmpty == false, "the last instruction said is the arrival: \(String(describing: arrival))")
        if let end = arrived.first, let heard = arrival?.endedAt {
            #expect(end.time >= heard, "guidance ended at \(end.time), before the arrival's end \(heard)")
        }
        #expect(output.text.contains("guidance ended: arrived"), "\(output.text)")
        #expect(s.finalInstructions >= 2 && s.minTimeAfterLastWord != nil, "\(s)")
        #expect(output.text.contains("final instructions: \(s.finalInstructions) · time after the last word: least"), "\(output.text)")
        #expect(output.text.contains("podcast seconds lost: 0.0"), "\(output.text)")
        #expect(output.text.contains(" held\n") && !output.text.contains("FAILED"), "the example carries expectations, and they hold")
        let svg = try String(contentsOf: output.svgURL, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml") && svg.contains("</svg>"))
    }

    /// Each example exercises what it is there for, so the checks above are not vacuous.
    @Test func theExamplesHaveTheirMoments() async throws {
        let highway = try await DriveRunner.example(drive: "highway-podcast-call")
        try #require(highway.status == 0, "\(highway.text)")
        let h = try highway.report()
        let call = try #require(h.track("phoneCall")?.segments.first)
        let tones = h.promptAudio.filter { $0.start >= call.start && $0.start < call.end }
        #expect(tones.count >= 2 && tones.allSatisfy { $0.prompt.style == .short }, "earcons during the call: \(tones.map(\.prompt.text))")
        let podcast = try #require(h.track("spokenAudio"))
        let overPodcast = h.promptAudio.filter { !podcast.segments(overlapping: $0.start, $0.end).isEmpty }
        #expect(overPodcast.count >= 10, "prompts while the podcast runs: \(overPodcast.count)")

        let german = try await DriveRunner.example(drive: "roundabouts-de")
        try #require(german.status == 0, "\(german.text)")
        let g = try german.report()
        let held = g.prompts.filter { $0.result == .skipped && ($0.reason ?? "").contains("voiceAssistantListening") }
        #expect(!held.isEmpty, "a prompt fell into the listening window and was held back")
        #expect(g.summary.totalDuckedSeconds > 10, "music ducked under the prompts")

        let city = try await DriveRunner.example(drive: "city-commute")
        try #require(city.status == 0, "\(city.text)")
        let radio = try #require(try city.report().track("fmRadio"))
        #expect(radio.segments.contains { $0.state == .ducked } && radio.segments.contains { $0.state == .playing })
    }

    /// CarPlay's takeover rule in a drive: the car's own navigation (8:00–8:30 in the German drive)
    /// ends the app's guidance at once; nothing of the app plays while it guides; the app starts
    /// guidance again when it stops, and speaks on.
    @Test func theCarsNavigationEndsTheDrivesGuidanceUntilItStops() async throws {
        let output = try await DriveRunner.example(drive: "roundabouts-de")
        try #require(output.status == 0, "\(output.text)")
        let report = try output.report()
        let car = try #require(report.track("nativeNavigation")?.segments.first)
        let ends = report.guidanceEnds.filter { $0.reason == "nativeNavigation" }
        #expect(ends.count == 1 && abs((ends.first?.time ?? 0) - car.start) < 0.01, "\(report.guidanceEnds), the car guiding from \(car.start)")
        for prompt in report.prompts {
            if let started = prompt.startedAt { #expect(started < car.start || started >= car.end, "\"\(prompt.text)\" played while the car guided") }
            if let queued = prompt.queuedAt { #expect(queued < car.start || queued >= car.end, "\"\(prompt.text)\" queued while the car guided") }
            if let ended = prompt.endedAt, prompt.result == .skipped, ended >= car.start, ended < car.end {
                #expect(prompt.reason?.contains("nativeNavigation") == true, "\(prompt)")
            }
        }
        #expect(report.prompts.contains { $0.played && ($0.startedAt ?? 0) >= car.end }, "guidance did not speak again after the car's navigation")
    }

    /// A tunnel on the motorway (the highway drive, 8:00–8:40): the guidance engine loses its position
    /// and pauses guidance (`locating`). "Finding your location" is said once; nothing else is queued or
    /// played until it resumes, and guidance speaks again after.
    @Test func aTunnelPausesGuidanceAndItGoesOnAfter() async throws {
        let output = try await DriveRunner.example(drive: "highway-podcast-call")
        try #require(output.status == 0, "\(output.text)")
        let report = try output.report()
        let pause = try #require(report.guidancePauses.first, "no pause in \(report.guidancePauses)")
        #expect(report.guidancePauses.count == 1 && pause.reason == "locating", "\(report.guidancePauses)")
        let resumed = try #require(pause.ended, "the pause never ended")
        let words = report.prompts.filter { $0.text == "Finding your location" }
        #expect(words.count == 1 && words.first?.played == true && abs((words.first?.queuedAt ?? -1) - pause.began) < 0.01, "\(words)")
        for prompt in report.prompts where prompt.text != "Finding your location" {
            if let queued = prompt.queuedAt { #expect(queued < pause.began || queued >= resumed, "\"\(prompt.text)\" queued while paused") }
            if let started = prompt.startedAt { #expect(started < pause.began || started >= resumed, "\"\(prompt.text)\" played while paused") }
        }
        #expect(report.prompts.contains { $0.played && $0.maneuver != nil && ($0.startedAt ?? 0) >= resumed }, "guidance did not speak after the tunnel")
        #expect(output.text.contains("guidance paused: locating") && output.text.contains("guidance resumed"), "\(output.text)")
    }

    /// The highway example sets off at 7:45: its departure ends with the arrival, the driver hears
    /// the estimates at 10:30, and the report keeps the arrival over the drive (exact: the
    /// simulation knows its future, so it never moves).
    @Test func theHighwayDriveSaysItsArrivalOnDepartureAndWhenAsked() async throws {
        let output = try await DriveRunner.example(drive: "highway-podcast-call")
        try #require(output.status == 0, "\(output.text)")
        let report = try output.report()
        let departure = report.prompts.first { $0.maneuver == "m0" }
        #expect(departure?.played == true && departure?.text == "Head off along Kings Road. You'll arrive at 8:12 AM", "\(String(describing: departure))")
        let asked = report.prompts.filter { $0.text.hasPrefix("You'll arrive at") }
        #expect(
            asked.count == 1 && asked.first?.text == "You'll arrive at 8:12 AM, in 17 minutes. 14 miles to go" && asked.first?.result == .finished, "\(asked)")
        let estimates = report.tripEstimates
        #expect(
            estimates.count >= 10 && estimates.first?.time == 0 && estimates.allSatisfy { $0.arrivalClock == "08:12" && !$0.arrivalDerived }, "\(estimates)")
        #expect(zip(estimates, estimates.dropFirst()).allSatisfy { $0.time < $1.time && $0.distance > $1.distance && $0.timeToGo > $1.timeToGo })
        #expect(output.text.contains("arrival: 08:12 on the driver's clock"), "\(output.text)")
    }

    /// The virtual clock makes a drive deterministic: the same scenario, the same report.
    @Test func theVirtualClockGivesTheSameDriveEveryTime() async throws {
        let first = try await DriveRunner.example(drive: "roundabouts-de")
        let second = try await DriveRunner.drive(DriveRunner.example("roundabouts-de"))
        try #require(first.status == 0 && second.status == 0)
        // Connections get fresh client ids; everything else must match.
        let a = DriveRunner.anonymous(try first.report())
        let b = DriveRunner.anonymous(try second.report())
        #expect(a.prompts == b.prompts)
        #expect(a.sources == b.sources)
        #expect(a.activations == b.activations)
        #expect(a.summary == b.summary)
    }
}
