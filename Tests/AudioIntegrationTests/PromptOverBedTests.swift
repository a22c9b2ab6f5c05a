import AudioPolicy
import AudioTestSupport
import Engine
import Foundation
import Guidance
import Prompts
import RPC
import Speech
import Synchronization
import Testing

/// A prompt heard over the music (the policy's `audibility:` and `session.guidanceGain`), read back
/// from `car.monitor`: the prompt's speech level against the level of the bed under it, measured in
/// the capture, and the music back at its own volume afterwards.
@Suite struct PromptOverBedTests {
    static let text = "In 300 meters, turn right onto Solar Circle."
    /// A shallow duck, so that the radio stays loud under the prompt unless the target asks for more.
    static let shallowDuck = -6.0
    static let longPreRoll = 2.0

    struct BedError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test func aTargetDucksTheMusicDeeperUntilThePromptStandsOutOfIt() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let without = try await Self.promptOverMusic(target: nil)
            let with = try await Self.promptOverMusic(target: 18)
            // Without a target, the shallow duck leaves the loud music over the prompt.
            #expect(without.margin < 6, "without a target the prompt already stood \(without.margin) dB out: the test shows nothing")
            #expect(without.event.extraDuck == nil && without.event.aboveBed == nil)
            // With one, heard in the car: the target (within what a capture measures), the music ducked
            // deeper, the prompt's own event saying so.
            #expect(with.margin >= 18 - 1, "the prompt stood \(with.margin) dB above the bed; the target is 18")
            #expect(with.bed < without.bed - 15, "the bed under the prompt: \(with.bed) dBFS, \(without.bed) without a target")
            let extra = try #require(with.event.extraDuck, "prompt.started did not say the music went deeper: \(with.event)")
            #expect(extra < -15 && extra >= -35 + 6, "\(extra)")
            #expect(abs(with.bed - without.bed - extra) < 1, "ducked \(with.bed - without.bed) dB deeper, \(extra) planned")
            let said = try #require(with.event.aboveBed, "prompt.started did not say how far the prompt stands out")
            #expect(abs(said - 18) < 0.2, "planned \(said) dB above the bed")
            #expect(abs(with.margin - said) < 1, "planned \(said) dB, heard \(with.margin) dB")
            // Decided at its start, held to its last sample: the deeper duck is still there after the
            // last word, through the hold that follows it.
            let afterLastWord = try #require(with.bedAfterLastWord, "no quiet after the prompt's last word")
            #expect(abs(afterLastWord - with.bed) < 1.5, "the bed \(afterLastWord) dBFS after the last word, \(with.bed) under the first")
            // Nothing is left ducked: the music is back at the volume it had, and the server remembers no
            // ducked level for it (the next stream of the same program starts where the first began).
            #expect(with.musicVolumeAfter == with.musicVolumeBefore, "music at \(with.musicVolumeAfter), was \(with.musicVolumeBefore)")
            #expect(with.nextStreamVolume == with.musicVolumeBefore, "the server remembers \(with.nextStreamVolume) for the music")
        }
    }

    struct Heard {
        /// The prompt's speech level above the bed under it, in the capture (dB).
        var margin: Double
        /// The bed's level under the prompt (dBFS).
        var bed: Double
        var event: EventRecord
        var musicVolumeBefore: [Int]
        var musicVolumeAfter: [Int]
        /// The volume the same program's next stream started with: what the server remembers for it.
        var nextStreamVolume: [Int]
        /// The bed's level 100–250 ms after the prompt's last word, within the hold after it (dBFS);
        /// nil where no word stood 3 dB over the bed.
        var bedAfterLastWord: Double?
    }

    /// One prompt over another program's loud, steady music (a tone at half scale, `media.role`
    /// music) with a shallow duck and a 0.6 s pre-roll: the pre-roll's silence leaves the bed alone
    /// under the prompt's session, measured before the first word.
    static func promptOverMusic(target: Double?) async throws -> Heard {
        var configuration = EngineConfiguration()
        configuration.policy.duckLevelDB = shallowDuck
        configuration.policy.audibility = Audibility(promptAboveBed: target, deepestDuck: -35, maxBoost: 6)
        configuration.policy.outputs = OutputWake(rules: [.init(sink: "car", preRoll: 0.6)], idleGap: 5)
        let engine = try await VoxNavEngine.started(configuration: configuration)
        let started = Mutex<[EventRecord]>([])
        _ = engine.subscribe { event in if event.type == .promptStarted { started.withLock { $0.append(event) } } }
        let music = try ForeignPlayer(applicationName: "Loud music", properties: ["media.role": "music"], volume: 65536)
        defer { music.stop() }
        let input = try await music.waitForSinkInput()
        // The program's volume as its user sets it, which a desktop server remembers for the music's
        // group: what it remembered before (another test's, say) is not what this test reads back.
        // A step away first, for a server that saves only a change.
        try await PulseProbe.setVolume(sinkInput: input.index, to: 65535)
        try await PulseProbe.setVolume(sinkInput: input.index, to: 65536)
        let capture = try MonitorCapture()
        // The music alone, long enough for the engine's meter to have measured it.
        try await capture.waitForAudio(seconds: 1.2)
        let musicOnly = capture.samples().count
        let outcome = try await engine.prompts.speak(PromptRequest(text: text, language: "en-US"))
        try await Task.sleep(for: .milliseconds(700))
        let samples = capture.stop()
        let after = try volumes(of: UInt32(input.index))
        await engine.shutdown()
        // What the server remembers for the program (WirePlumber saves its state a second after a change).
        music.stop()
        try await Task.sleep(for: .milliseconds(1200))
        let next = try ForeignPlayer(applicationName: "Loud music", properties: ["media.role": "music"], seconds: 3)
        defer { next.stop() }
        let remembered = try await next.settledSinkInput().volumes
        let event = try #require(started.withLock { $0.first })
        let heard = try Self.margin(in: samples, bedAloneFor: musicOnly, preRoll: 0.6, rate: capture.sampleRate, audioDuration: outcome.audioDuration)
        return Heard(
            margin: heard.margin, bed: heard.bed, event: event, musicVolumeBefore: input.volumes, musicVolumeAfter: after,
            nextStreamVolume: remembered, bedAfterLastWord: heard.afterLastWord)
    }

    /// How far the prompt stands above the bed in a capture that starts with `bedAlone` samples of the
    /// bed unducked, then has the duck, a pre-roll of the ducked bed alone and the prompt over it.
    static func margin(in samples: [Int16], bedAloneFor bedAlone: Int, preRoll: Double, rate: Int, audioDuration: Double) throws -> (
        margin: Double, bed: Double, unducked: Double, afterLastWord: Double?
    ) {
        // 50 ms blocks after the bed-only part: the duck (a drop of 3 dB and more), the bed alone
        // through the pre-roll, then the prompt over it.
        let powers = SpeechLevel.blockPowers(of: samples.dropFirst(bedAlone), sampleRate: rate)
        let loud = SpeechLevel.blockPowers(of: samples.prefix(bedAlone).dropFirst(rate / 5), sampleRate: rate).mean
        let ducked = try #require(powers.firstIndex { $0 < loud / 2 }, "the bed never ducked")
        // The bed: from 0.15 s after the duck began to 0.15 s before the pre-roll ends.
        let preRollBlocks = Int((preRoll / SpeechLevel.blockSeconds).rounded())
        let bed = Array(powers[(ducked + 3)..<(ducked + preRollBlocks - 3)]).mean
        // The prompt: what is over the bed, in the blocks that follow until its audio ends (the bed
        // comes back after it), as the engine measures speech.
        let end = min(powers.count, ducked + Int(audioDuration / SpeechLevel.blockSeconds) - 1)
        guard end > ducked + preRollBlocks else { throw BedError("the prompt's audio (\(audioDuration) s) ends within its pre-roll") }
        let speech = powers[(ducked + preRollBlocks)..<end].map { max(0, $0 - bed) }
        let level = try #require(SpeechLevel.level(ofBlockPowers: Array(speech)), "no speech over the bed")
        // The bed just after the prompt's last word, 100–250 ms after it: within the hold that follows
        // the prompt (`ramps.hold`, 0.3 s), before the restore. The hold is the first 250 ms after the
        // speech begins with no block 3 dB over the bed (a pause between words is shorter); nil where
        // the bed itself swings more than that (a programme, not a tone).
        let quiet = { (i: Int) in powers[i..<(i + 5)].allSatisfy { $0 <= bed * 2 } }
        let first = ducked + preRollBlocks + 1
        let held = first < powers.count - 5 ? (first..<(powers.count - 5)).first(where: quiet) : nil
        let afterLastWord = held.map { SpeechLevel.decibels(Array(powers[($0 + 2)..<($0 + 5)]).mean) }
        return (level - SpeechLevel.decibels(bed), SpeechLevel.decibels(bed), SpeechLevel.decibels(loud), afterLastWord)
    }

    /// The built-in policy (its 20 dB target and −21 dBFS prompt level) over the car's own radio and
    /// music, on each server: the prompt stands 20 dB over the ducked bed in `car.monitor`, the
    /// source is ducked deeper than the policy's −15 dB for it, and back at its volume after.
    @Test(arguments: [SourceKind.fmRadio, .music])
    func theBuiltInPolicyPutsThePromptTwentyDecibelsOverTheCarsAudio(_ kind: SourceKind) async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            var configuration = EngineConfiguration()
            #expect(configuration.policy.audibility == .builtIn)
            // Silence before the first word, so that the capture has the ducked bed alone: 2 s, a
            // whole chord of the radio's programme.
            configuration.policy.outputs = OutputWake(rules: [.init(sink: "car", preRoll: Self.longPreRoll)], idleGap: 5)
            let engine = try await VoxNavEngine.started(configuration: configuration)
            let started = Mutex<[EventRecord]>([])
            _ = engine.subscribe { event in if event.type == .promptStarted { started.withLock { $0.append(event) } } }
            let source = try await engine.sources.start(kind)
            let index = source.sinkInput
            let before = try Self.volumes(of: index)
            let capture = try MonitorCapture()
            try await capture.waitForAudio(seconds: 1.2)
            let bedOnly = capture.samples().count
            let outcome = try await engine.prompts.speak(PromptRequest(text: Self.text, language: "en-US"))
            try await Task.sleep(for: .milliseconds(700))
            let samples = capture.stop()
            let after = try Self.volumes(of: index)
            await engine.shutdown()

            let heard = try Self.margin(
                in: samples, bedAloneFor: bedOnly, preRoll: Self.longPreRoll, rate: capture.sampleRate, audioDuration: outcome.audioDuration)
            let event = try #require(started.withLock { $0.first })
            let said = try #require(event.aboveBed, "prompt.started did not say how far the prompt stands out: \(event)")
            #expect(said >= 20 - 0.05, "planned \(said) dB above the bed")
            // Within what a capture of a plucked or beaten programme measures in 0.3 s of bed.
            #expect(heard.margin >= 20 - 1.5, "\(kind): the prompt stood \(heard.margin) dB above the bed in the car")
            // Deeper than the policy's −15 dB wherever that alone leaves the −21 dBFS prompt short of 20 dB over
            // the bed: a bed over −26 dBFS, as the car's programmes play at full volume (a dB's leeway for the
            // measure). A server that restored the source at a volume it remembers lower needs no more.
            if heard.unducked > -25 {
                let extra = try #require(
                    event.extraDuck, "\(kind) at \(heard.unducked) dBFS was not ducked deeper than the policy's duck: \(event)")
                #expect(extra < 0 && extra >= -35 + 15, "\(extra)")
            } else {
                #expect(heard.margin >= 20 - 1.5 && said >= 20 - 0.05, "\(kind) at \(heard.unducked) dBFS (volume \(before))")
            }
            let level = try #require(event.speechLevel)
            #expect(abs(level - -21) < 0.1, "the prompt's speech played at \(level) dBFS")
            #expect(after == before, "\(kind) at \(after) after the prompt, was \(before)")
        }
    }

    /// On the compressed clock (what `voxnav demo` plays where a server answers, and `voxnav drive
    /// --record`) the silence between prompts is skipped. Before, the radio came back after one
    /// prompt only for the next to duck it at once: no bed was ever measured, every prompt had the
    /// fixed duck alone, and a recording never heard the radio between two prompts. Three prompts a
    /// simulated minute apart, queued back to back on the wall clock over the car's radio: each
    /// says it stands 20 dB over a bed it measured, each is heard so in `car.monitor` (its pre-roll
    /// holds the ducked bed alone), and the radio is heard back at its own level before each.
    @Test func onTheCompressedClockEachPromptStandsOverTheBedHeardBeforeIt() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            var configuration = EngineConfiguration()
            configuration.clock = .compressed
            configuration.policy.outputs = OutputWake(rules: [.init(sink: "car", preRoll: Self.longPreRoll)], idleGap: 5)
            let engine = try await VoxNavEngine.started(configuration: configuration)
            let started = Mutex<[(event: EventRecord, at: ContinuousClock.Instant)]>([])
            _ = engine.subscribe { event in if event.type == .promptStarted { started.withLock { $0.append((event, .now)) } } }
            let capture = try MonitorCapture()
            try await capture.waitForAudio(seconds: 0.1)
            // Where the capture is at a moment: a sample's place from the wall clock.
            let reference = (at: ContinuousClock.now, sample: capture.samples().count)
            let source = try await engine.sources.start(.fmRadio)
            let before = try Self.volumes(of: source.sinkInput)
            for minute in 1...3 {
                _ = try await engine.prompts.queue(
                    PromptRequest(text: Self.text, language: "en-US"), client: VoxNavEngine.localClient, options: PromptOptions())
                try await engine.clock.advance(to: Double(minute) * 60)
            }
            try await Task.sleep(for: .milliseconds(700))
            let samples = capture.stop()
            let after = try Self.volumes(of: source.sinkInput)
            await engine.shutdown()

            let prompts = started.withLock { $0 }
            try #require(prompts.count == 3, "\(prompts.map(\.event))")
            let rate = Double(capture.sampleRate)
            func level(_ from: Double, _ to: Double, after at: ContinuousClock.Instant) -> [Double] {
                let start = reference.sample + Int(((at - reference.at) / .seconds(1) + from) * rate)
                let end = reference.sample + Int(((at - reference.at) / .seconds(1) + to) * rate)
                guard start >= 0, end <= samples.count, start < end else { return [] }
                return SpeechLevel.blockPowers(of: samples[start..<end], sampleRate: capture.sampleRate)
            }
            for (number, prompt) in prompts.enumerated() {
                let said = try #require(prompt.event.aboveBed, "prompt \(number + 1) measured no bed: \(prompt.event)")
                #expect(said >= 20 - 0.05, "prompt \(number + 1): planned \(said) dB above the bed")
                // The radio back before it (the bed it waited to hear), then ducked through its pre-roll.
                let unducked = level(-1.0, -0.35, after: prompt.at).mean
                let ducked = level(0.5, Self.longPreRoll - 0.3, after: prompt.at).mean
                try #require(unducked > 0 && ducked > 0, "prompt \(number + 1) is outside the capture")
                // The speech from its first block in the capture (10 dB over the ducked bed): the wall
                // clock of the event's callback places it only roughly on a loaded machine.
                let search = level(0.5, Self.longPreRoll + 1.0, after: prompt.at)
                let first = try #require(search.firstIndex { $0 > ducked * 10 }, "prompt \(number + 1): no speech after its pre-roll")
                let onset = 0.5 + Double(first) * SpeechLevel.blockSeconds
                #expect(
                    abs(onset - Self.longPreRoll) < 0.5,
                    "prompt \(number + 1): its speech began \(onset) s after it started, the pre-roll is \(Self.longPreRoll) s")
                let speech = level(onset, onset + 1.45, after: prompt.at).map { max(0, $0 - ducked) }
                #expect(
                    SpeechLevel.decibels(unducked) - SpeechLevel.decibels(ducked) > 12,
                    "prompt \(number + 1): the radio at \(SpeechLevel.decibels(unducked)) dBFS before it, \(SpeechLevel.decibels(ducked)) under it")
                let heard = try #require(SpeechLevel.level(ofBlockPowers: speech), "prompt \(number + 1): no speech over the bed")
                print("compressed clock: prompt \(number + 1) stood \(heard - SpeechLevel.decibels(ducked)) dB over the bed, its speech from \(onset) s")
                #expect(heard - SpeechLevel.decibels(ducked) >= 20 - 1.5, "prompt \(number + 1) stood \(heard - SpeechLevel.decibels(ducked)) dB over the bed")
            }
            #expect(after == before, "the radio at \(after) after the prompts, was \(before)")
        }
    }

    /// The same maneuver in the loudest and the softest of eSpeak NG's voices among the packs (de, sv;
    /// fr, it), heard in `car.monitor` with the built-in policy: within 1 dB of each other and of the
    /// −21 dBFS it says, where the voices as synthesised are 2 dB and more apart.
    @Test func everyLanguageIsHeardAtOneLevel() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let engine = try await VoxNavEngine.started()
            let synthesizer = try Synthesizer.shared()
            var heard: [String: Double] = [:]
            var made: [String: Double] = [:]
            for (language, voice) in [("de", "de"), ("sv", "sv"), ("fr", "fr"), ("it", "it")] {
                let capture = try MonitorCapture()
                try await capture.waitForAudio(seconds: 0.2)
                let outcome = try await engine.prompts.speak(
                    PromptRequest(content: .maneuver(Maneuver(type: .rightTurn, distanceRemaining: 300), then: nil), language: language))
                try await Task.sleep(for: .milliseconds(300))
                let samples = capture.stop()
                // Measured from its first sample, on the same grid of blocks as the engine measured the
                // audio it made: a grid shifted by a part of a block moves a short prompt's gated level
                // by up to 0.3 dB, and where the capture began is chance.
                let onset = samples.firstIndex { $0 != 0 } ?? samples.startIndex
                let level: Double = try #require(SpeechLevel.level(of: samples[onset...], sampleRate: capture.sampleRate), "\(language): nothing heard")
                heard[language] = level
                let rendered = try await synthesizer.synthesize(outcome.text, voice: voice)
                let own: Double = try #require(SpeechLevel.level(of: rendered.samples, sampleRate: rendered.sampleRate))
                made[language] = own
            }
            await engine.shutdown()
            let madeSpread = made.values.max()! - made.values.min()!
            let heardSpread = heard.values.max()! - heard.values.min()!
            #expect(madeSpread > 1.5, "the voices as made are only \(madeSpread) dB apart: the test shows nothing (\(made))")
            print("every language heard: \(heardSpread) dB apart, \(heard); made \(madeSpread) dB apart")
            #expect(heardSpread < 1, "heard \(heardSpread) dB apart: \(heard)")
            for (language, level) in heard { #expect(abs(level - -21) < 1, "\(language) heard at \(level) dBFS") }
        }
    }

    static func volumes(of index: UInt32) throws -> [Int] {
        try #require(try PulseProbe.sinkInputs().first { $0.index == Int(index) }, "the stream is gone").volumes
    }

    @Test func softerAndLouderChangeThePromptsLevelAndNothingClips() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let engine = try await VoxNavEngine.started()
            var levels: [GuidanceGain: (level: Double, peak: Int, gain: Double?)] = [:]
            for gain in GuidanceGain.allCases {
                await engine.settings.setGuidanceGain(client: VoxNavEngine.localClient, gain)
                let started = Mutex<[EventRecord]>([])
                let token = engine.subscribe { event in if event.type == .promptStarted { started.withLock { $0.append(event) } } }
                let capture = try MonitorCapture()
                try await capture.waitForAudio(seconds: 0.2)
                _ = try await engine.prompts.speak(PromptRequest(text: Self.text, language: "en-US"))
                try await Task.sleep(for: .milliseconds(300))
                let samples = capture.stop()
                engine.unsubscribe(token)
                let level = try #require(SpeechLevel.level(of: samples, sampleRate: capture.sampleRate), "\(gain): nothing heard")
                levels[gain] = (level, samples.map { abs(Int($0)) }.max() ?? 0, started.withLock { $0.first?.gain })
            }
            await engine.shutdown()
            let softer = try #require(levels[.softer])
            let normal = try #require(levels[.normal])
            let louder = try #require(levels[.louder])
            #expect(abs(normal.level - softer.level - 6) < 1, "softer is \(normal.level - softer.level) dB under normal")
            #expect(louder.level - normal.level > 3.5 && louder.level - normal.level < 6.5, "louder is \(louder.level - normal.level) dB over normal")
            #expect(louder.peak < 32000, "louder clipped: peak \(louder.peak)")
            #expect(
                softer.gain == -6 && normal.gain == nil && louder.gain == 6,
                "prompt.started said \(softer.gain as Any), \(normal.gain as Any), \(louder.gain as Any)")
        }
    }
}

extension Array where Element == Double {
    fileprivate var mean: Double { isEmpty ? 0 : reduce(0, +) / Double(count) }
}
