import BuiltInPolicy
import Testing

@testable import AudioPolicy

/// Ramps of a source's own (`ramps.sources`) and under what ducks it (`ramps.under`): the policy's
/// events carry them, for every pair of roles, and so do the ducks it states again for a session
/// that takes them over and for a prompt that must stand out. Pure tests.
@Suite struct RampsTests {
    /// A distinct time for every role, so that a ramp tells whose it is: a source's own duck
    /// 0.1 + n/100, its restore 1 + n/100, the duck under it 0.05 + n/1000 (always the quicker).
    static let distinct: Ramps = {
        var ramps = Ramps(duck: 0.03, restore: 0.2)
        for (n, role) in FocusRole.allCases.enumerated() {
            ramps.sources[role] = Ramps.Own(duck: 0.1 + Double(n) / 100, restore: 1 + Double(n) / 100)
            ramps.under[role] = 0.05 + Double(n) / 1000
        }
        return ramps
    }()

    @Test func theBuiltInRestoresSpokenAudioGentlyAndDucksQuicklyUnderAChime() {
        let ramps = Policy.builtIn.ramps
        #expect(ramps.restore(of: .spokenAudio) == 0.5)
        #expect(ramps.restore(of: .fmRadio) == 0.2 && ramps.restore(of: .music) == 0.2)
        #expect(ramps.duck(of: .music, under: .vehicleChime) == 0.015)
        #expect(ramps.duck(of: .music, under: .voicePrompt) == 0.03)
        #expect(ramps.longestRestore == 0.5)
    }

    @Test func aSourcesOwnDuckAndTheOneUnderACauseMeetAtTheQuicker() {
        var ramps = Ramps(duck: 0.03, restore: 0.2, sources: [.music: .init(duck: 0.08)], under: [.vehicleChime: 0.01, .voicePrompt: 0.2])
        #expect(ramps.duck(of: .music, under: nil) == 0.08)
        #expect(ramps.duck(of: .music, under: .vehicleChime) == 0.01)
        #expect(ramps.duck(of: .music, under: .voicePrompt) == 0.08)
        #expect(ramps.duck(of: .fmRadio, under: .voicePrompt) == 0.2)
        #expect(ramps.duck(of: .fmRadio, under: nil) == 0.03)
        // A source with only a restore of its own ducks at the policy's time.
        ramps.sources[.music] = .init(restore: 0.7)
        #expect(ramps.duck(of: .music, under: nil) == 0.03 && ramps.restore(of: .music) == 0.7)
        #expect(ramps.longestRestore == 0.7)
    }

    /// Every (incoming × holder) pair the built-in table ducks: the duck's ramp is the holder's
    /// own under the incoming one, and its restore the holder's own, when the incoming one leaves.
    @Test(arguments: FocusRole.allCases)
    func everyDuckOfTheTableCarriesItsPairsRamps(incoming: FocusRole) {
        let arbiter = FocusArbiter(table: Policy.builtIn.interactions, duckLevelDB: -15, ramps: Self.distinct)
        for holder in FocusRole.allCases {
            guard case .duck = arbiter.table[incoming, holder] else { continue }
            let h = Participant(id: .source("holder"), role: holder, ordinal: 1)
            let i = Participant(id: .source("incoming"), role: incoming, ordinal: 2)
            let (ducked, events) = startInOrder(h, i, arbiter: arbiter)
            let ramps = events.compactMap { if case .ducked(h.id, _, let ramp) = $0 { ramp } else { nil } }
            #expect(ramps == [Self.distinct.duck(of: holder, under: incoming)], "\(incoming) → \(holder)")
            #expect(Self.distinct.duck(of: holder, under: incoming) == Self.distinct.under[incoming], "the quicker one")
            let (_, after) = arbiter.resolve([h], previous: ducked)
            #expect(after.contains(.restored(h.id, ramp: Self.distinct.restore(of: holder))), "\(incoming) → \(holder): \(after)")
        }
    }

    /// The deepest duck decides whose duck a source is under: a prompt's -15 dB over a chime's
    /// -6 dB ducks at the prompt's time, and the chime's ramp returns once the prompt has gone.
    @Test func theDeepestDuckSaysWhoseRampItIs() throws {
        var policy = Policy.builtIn
        policy.interactions[.vehicleChime, .music] = .duck(dB: -6)
        policy.ramps = Ramps(duck: 0.03, restore: 0.2, under: [.vehicleChime: 0.01, .voicePrompt: 0.09])
        var e = engine(with: [Source(id: "music", kind: .music), Source(id: "chime", kind: .vehicleChime)], policy: policy)
        let music = ParticipantID.source("music")
        #expect(e.state(of: music) == .ducked(dB: -6))
        #expect(e.apply(.promptReady(app, at: 1)).contains(.focus(.ducked(music, dB: -15, ramp: 0.09))))
        let finished = e.apply(.promptFinished(app, nextDueAt: nil, at: 2)) + e.apply(.tick(at: 3))
        #expect(finished.contains(.focus(.ducked(music, dB: -6, ramp: 0.01))), "\(finished)")
    }

    /// A podcast ducked under a mixing session (duckingPlayback ducks spoken audio) comes back over
    /// its own restore, the radio over the policy's.
    @Test func aPodcastComesBackOverItsOwnRestore() {
        let ducking = SessionConfiguration(category: .playback, mode: .default, options: [.duckOthers])
        for (kind, restore) in [(SourceKind.spokenAudio, 0.5), (.fmRadio, 0.2)] {
            var e = engine(with: [Source(id: "it", kind: kind)], configuration: ducking)
            let it = ParticipantID.source("it")
            #expect(e.apply(.activate(app, at: 1)).contains(.focus(.ducked(it, dB: -15, ramp: 0.03))), "\(kind)")
            let ended = e.apply(.deactivate(app, notifyOthers: true, at: 2)) + e.apply(.tick(at: 3))
            #expect(ended.contains(.focus(.restored(it, ramp: restore))), "\(kind): \(ended)")
        }
    }

    /// A session that takes ducks over within a hold, and a prompt that must stand out, state the
    /// ducks again at each source's own time under what ducks it.
    @Test func theDucksStatedAgainCarryEachSourcesRamp() {
        var policy = Policy.builtIn
        policy.ramps = Ramps(duck: 0.03, restore: 0.2, sources: [.music: .init(duck: 0.07)], under: [.voicePrompt: 0.05])
        var e = engine(with: [Source(id: "music", kind: .music)], policy: policy)
        let music = ParticipantID.source("music")
        _ = e.apply(.promptReady(app, at: 1))
        #expect(e.heldDucks(besides: []) == [.ducked(music, dB: -15, ramp: 0.05)])
        #expect(e.heldDucks(besides: [.ducked(music, dB: -15, ramp: 0.05)]) == [])
        #expect(e.deeperDucks(by: -6) == [.ducked(music, dB: -21, ramp: 0.05)])
        #expect(e.deeperDucks(by: 0) == [])
        // Never below the audibility target's deepest duck.
        #expect(e.deeperDucks(by: -40) == [.ducked(music, dB: policy.audibility.deepestDuck, ramp: 0.05)])
    }

    @Test func aFileSaysOneRolesRampsAndKeepsTheRest() throws {
        let policy = try Policy.parse(yaml: "ramps:\n  sources:\n    music: {restore: 1.5}\n  under:\n    voicePrompt: 0.02\n", over: .builtIn)
        #expect(policy.ramps.restore(of: .music) == 1.5)
        #expect(policy.ramps.restore(of: .spokenAudio) == 0.5, "the built-in's entry kept")
        #expect(policy.ramps.duck(of: .fmRadio, under: .voicePrompt) == 0.02)
        #expect(policy.ramps.duck(of: .fmRadio, under: .vehicleChime) == 0.015)
        // The whole policy, written and read back, is the same policy.
        #expect(try Policy.parse(completeYAML: policy.yaml) == policy)
        #expect(try Policy.parse(completeYAML: Policy.builtIn.yaml) == Policy.builtIn)
    }

    @Test func aWrongRoleOrTimeIsRefusedWithItsPath() {
        func problems(_ yaml: String) -> [String] {
            do {
                _ = try Policy.parse(yaml: yaml, over: .builtIn)
                return []
            } catch {
                return error.problems.map { "\($0.path): \($0.message)" }
            }
        }
        let podcast = problems("ramps:\n  sources:\n    podcast: {restore: 1}\n")
        #expect(podcast.count == 1 && podcast[0].hasPrefix("ramps.sources.podcast"), "\(podcast)")
        #expect(problems("ramps:\n  sources:\n    music: {fade: 1}\n").first?.hasPrefix("ramps.sources.music.fade") == true)
        #expect(problems("ramps:\n  sources:\n    music: {restore: 6}\n") == ["ramps.sources.music.restore: ramp must be 0…5.0 s (got 6.0)"])
        #expect(problems("ramps:\n  under:\n    vehicleChime: -1\n") == ["ramps.under.vehicleChime: ramp must be 0…5.0 s (got -1.0)"])
        #expect(problems("ramps:\n  under:\n    vehicleChime: soon\n").first?.hasPrefix("ramps.under.vehicleChime") == true)
    }
}
