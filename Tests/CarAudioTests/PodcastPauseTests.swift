import AudioPolicy
import AudioTestSupport
import CarAudio
import Foundation
import PulseAudio
import Testing

/// Spoken audio pauses for real: its position stops, nothing buffered leaks out, and it resumes where it stopped.
@Suite struct PodcastPauseTests {
    @Test func positionAdvancesOnlyWhilePlaying() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let connection = try await PulseConnection(applicationName: "CarAudioTests")
            // Positions are judged against the time that really passed: on a loaded machine a sleep
            // may last longer than asked, and the stream start later. The position never runs ahead
            // of the clock, and moves at least half as fast while playing.
            let clock = ContinuousClock()
            let began = clock.now
            let podcast = try await CarSources.start(kind: .spokenAudio, on: connection)
            defer { podcast.stop() }
            try await Task.sleep(for: .milliseconds(1000))
            let playing = try #require(podcast.position)
            let played = (clock.now - began).inSeconds
            #expect(playing > played / 2 && playing < played + 0.1, "after \(played) s of playing the position is \(playing)")

            await podcast.pause()
            #expect(podcast.isPaused)
            let paused = try #require(podcast.position)
            #expect(abs(paused - playing) < 0.1)
            try await Task.sleep(for: .milliseconds(800))
            #expect(try #require(podcast.position) == paused, "the position moved while paused")
            let corked = try #require(try PulseProbe.sinkInputs().first { $0.index == Int(podcast.sinkInputIndex) })
            #expect(corked.corked, "pactl should show the podcast corked")

            let resumedAt = clock.now
            podcast.resume()
            #expect(!podcast.isPaused)
            try await Task.sleep(for: .milliseconds(600))
            let resumed = try #require(podcast.position)
            let since = (clock.now - resumedAt).inSeconds
            #expect(
                resumed - paused > since / 2 && resumed - paused < since + 0.1, "\(since) s after resuming at \(paused) the position is \(resumed)")
            let uncorked = try #require(try PulseProbe.sinkInputs().first { $0.index == Int(podcast.sinkInputIndex) })
            #expect(!uncorked.corked)
        }
    }

    /// The programme's content encodes its own position: a 500 Hz tone whose amplitude rises linearly,
    /// so each stretch of the capture tells which moment of the programme reached the sink.
    @Test func pauseDropsWhatWasBufferedAndResumesWithTheSameContent() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let rate = 16000
            let ramp = Ramp(start: 0.1, perSecond: 0.1)
            let samples = (0..<(8 * rate)).map { i -> Int16 in
                let t = Double(i) / Double(rate)
                return Int16(ramp.amplitude(at: t) * 32767 * sin(2 * .pi * 500 * t))
            }
            let connection = try await PulseConnection(applicationName: "CarAudioTests")
            let capture = try MonitorCapture(sampleRate: rate)
            try await capture.waitForAudio(seconds: 0.3)
            let podcast = try await CarSources.start(
                kind: .spokenAudio, programme: RecordedProgramme(samples: samples, sampleRate: rate), on: connection)
            defer { podcast.stop() }
            try await Task.sleep(for: .milliseconds(1500))
            await podcast.pause()
            let pausedAt = try #require(podcast.position)
            let clock = ContinuousClock()
            let pauseStart = clock.now
            try await Task.sleep(for: .milliseconds(1000))
            podcast.resume()
            let pauseLength = (clock.now - pauseStart) / .seconds(1)
            try await Task.sleep(for: .milliseconds(2800))
            let recorded = capture.stop()

            let window = 0.01
            let levels = LevelAnalysis(samples: recorded, sampleRate: rate, windowSeconds: window).levels
            let audible = 0.02
            let first = try #require(levels.firstIndex { $0 > audible }, "the podcast was never heard")
            let gapStart = try #require((first..<levels.count).first { levels[$0] < 0.005 }, "no silence while paused")
            let gapEnd = try #require((gapStart..<levels.count).first { levels[$0] > audible }, "not heard after resuming")
            let last = try #require(levels.lastIndex { $0 > audible })

            // Silent while paused: nothing that was queued leaked out, for about as long as the pause.
            let quietest = levels[(gapStart + 1)..<(gapEnd - 1)].max() ?? 0
            #expect(quietest < 0.002, "audio leaked out while paused: level \(quietest)")
            let gap = Double(gapEnd - gapStart) * window
            #expect(abs(gap - pauseLength) < 0.12, "silence of \(gap) s for a pause of \(pauseLength) s")

            // Level → programme time, with the capture's gain measured from the slope before the pause.
            let before = Fit(levels, (first + 3)..<(gapStart - 2), window: window)
            let gain = before.slope * 2.squareRoot() / ramp.perSecond
            #expect(gain > 0.8 && gain < 1.2, "unexpected capture gain \(gain)")
            func programmeTime(_ level: Double) -> Double { ramp.time(atAmplitude: level * 2.squareRoot() / gain) }
            let atPause = programmeTime(before.level(at: Double(gapStart) * window))
            let after = Fit(levels, (gapEnd + 2)..<(last - 2), window: window)
            let atResume = programmeTime(after.level(at: Double(gapEnd) * window))
            let diagnosis = "programme at pause \(atPause) s, at resume \(atResume) s, reported \(pausedAt) s"
            #expect(abs(atResume - atPause) < 0.05, "content lost or repeated: \(diagnosis)")
            #expect(abs(atPause - pausedAt) < 0.05, "the reported position is not what was heard: \(diagnosis)")
            // After resuming it plays on continuously: no buffered audio from before the pause, no jump.
            // Each level is the median of 5 windows (50 ms): a jump or repeated stretch lasts and is
            // seen, a lone 10 ms dropout of a loaded machine (seen on PipeWire in CI) is not a jump.
            let smoothed = levels.indices.map { i in median(levels[max(0, i - 2)...min(levels.count - 1, i + 2)]) }
            for i in (gapEnd + 4)..<(last - 4) {
                let expected = atResume + Double(i - gapEnd) * window
                let heard = programmeTime(smoothed[i])
                #expect(abs(heard - expected) < 0.05, "at \(Double(i) * window) s heard programme \(heard) s, expected \(expected) s")
                if abs(heard - expected) >= 0.05 { break }
            }
            #expect(Double(last - gapEnd) * window > 2.0, "too little heard after resuming")
        }
    }
}

/// The middle value (the upper one of an even count).
private func median(_ values: ArraySlice<Double>) -> Double { values.sorted()[values.count / 2] }

/// The test programme's amplitude, rising linearly with programme time.
private struct Ramp {
    var start: Double
    var perSecond: Double
    func amplitude(at t: Double) -> Double { start + perSecond * t }
    func time(atAmplitude a: Double) -> Double { (a - start) / perSecond }
}

/// A least-squares line through levels over capture time.
private struct Fit {
    var intercept = 0.0
    var slope = 0.0

    init(_ levels: [Double], _ range: Range<Int>, window: Double) {
        let points = range.map { (x: Double($0) * window, y: levels[$0]) }
        guard points.count > 2 else { return }
        let n = Double(points.count)
        let mx = points.reduce(0) { $0 + $1.x } / n
        let my = points.reduce(0) { $0 + $1.y } / n
        let sxy = points.reduce(0) { $0 + ($1.x - mx) * ($1.y - my) }
        let sxx = points.reduce(0) { $0 + ($1.x - mx) * ($1.x - mx) }
        slope = sxy / sxx
        intercept = my - slope * mx
    }

    func level(at x: Double) -> Double { intercept + slope * x }
}
