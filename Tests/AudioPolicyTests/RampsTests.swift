import BuiltInPolicy
import Testing

@testable import AudioPolicy

/// Ramps of a source's own (`ramps.sources`), under what ducks it (`ramps.under`) and after what
/// ducked it (`ramps.after`): the policy's events carry them, for every pair of roles, and so do the
/// ducks it states again for a session that takes them over and for a prompt that must stand out.
/// Pure tests.
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

    /// The restore after a role's duck (`after:`) and a source's own meet at the slower; the longest
    /// restore counts both.
    @Test func aRestoreAfterACauseAndASourcesOwnMeetAtTheSlower() {
        let ramps = Ramps(
            duck: 0.03, restore: 0.2, sources: [.spokenAudio: .init(restore: 0.5)], after: [.voiceAssistantSpeaking: 0.8, .vehicleChime: 0.05])
        #expect(ramps.restore(of: .music, after: nil) == 0.2)
        #expect(ramps.restore(of: .music, after: .voiceAssistantSpeaking) == 0.8)
        #expect(ramps.restore(of: .music, after: .vehicleChime) == 0.05)
        #expect(ramps.restore(of: .music, after: .voicePrompt) == 0.2)
        #expect(ramps.restore(of: .spokenAudio, after: .vehicleChime) == 0.5, "the podcast's own, the slower")
        #expect(ramps.restore(of: .spokenAudio, after: .voiceAssistantSpeaking) == 0.8)
        #expect(ramps.longestRestore == 0.8)
    }

    /// Every (incoming × holder) pair the built-in table ducks, with a restore time after each role
    /// as well: the restore event once the incoming one leaves carries the slower of the holder's own
    /// and the one after the incoming role.
    @Test(arguments: FocusRole.allCases)
    func everyRestoreOfTheTableCarriesTheTimeAfterItsCause(incoming: FocusRole) {
        var ramps = Self.distinct
        for (n, role) in FocusRole.allCases.enumerated() { ramps.after[role] = n.isMultiple(of: 2) ? 0.5 + Double(n) / 1000 : 2 + Double(n) / 1000 }
        let arbiter = FocusArbiter(table: Policy.builtIn.interactions, duckLevelDB: -15, ramps: ramps)
        for holder in FocusRole.allCases {
            guard case .duck = arbiter.table[incoming, holder] else { continue }
            let h = Participant(id: .source("holder"), role: holder, ordinal: 1)
            let i = Participant(id: .source("incoming"), role: incoming, ordinal: 2)
            let (ducked, _) = startInOrder(h, i, arbiter: arbiter)
            let (_, after) = arbiter.resolve([h], previous: ducked)
            let expected = max(ramps.sources[holder]!.restore!, ramps.after[incoming]!)
            #expect(after.contains(.restored(h.id, ramp: expected)), "\(incoming) → \(holder): \(after)")
        }
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

    /// The levels the policy wants (what the engine reconciles after every input) carry each
    /// source's duck time under what ducks it, and a prompt's deeper duck.
    @Test func theLevelsCarryEachSourcesRamp() {
        var policy = Policy.builtIn
        policy.ramps = Ramps(duck: 0.03, restore: 0.2, sources: [.music: .init(duck: 0.07)], under: [.voicePrompt: 0.05])
        var e = engine(with: [Source(id: "music", kind: .music)], policy: policy)
        #expect(e.levels == ["music": .own(ramp: 0.2)])
        _ = e.apply(.promptReady(app, at: 1))
        #expect(e.levels == ["music": .ducked(dB: -15, ramp: 0.05)])
        _ = e.apply(.duckDeeper(by: -6, at: 1.1))
        #expect(e.levels == ["music": .ducked(dB: -21, ramp: 0.05)])
        // A shallower ask keeps the deeper duck: one prompt's wish does not undo another's.
        _ = e.apply(.duckDeeper(by: -2, at: 1.2))
        #expect(e.levels == ["music": .ducked(dB: -21, ramp: 0.05)])
        // Never below the audibility target's deepest duck.
        _ = e.apply(.duckDeeper(by: -40, at: 1.3))
        #expect(e.levels == ["music": .ducked(dB: policy.audibility.deepestDuck, ramp: 0.05)])
    }

    /// The deeper duck is held while the prompt plays and while its ducks are held after it (a
    /// prompt that follows takes it over: no pumping), and goes with the hold; with no prompt in
    /// flight it is not taken at all.
    @Test func theDeeperDuckLastsAsLongAsThePromptsHold() {
        var e = engine(with: [Source(id: "music", kind: .music)], policy: .builtIn)
        _ = e.apply(.duckDeeper(by: -6, at: 0.5))
        #expect(e.deeperDuck == 0, "no prompt in flight: nothing to stand out")
        _ = e.apply(.promptReady(app, at: 1))
        _ = e.apply(.duckDeeper(by: -6, at: 1.1))
        _ = e.apply(.promptFinished(app, nextDueAt: nil, at: 3))
        #expect(e.isReleasing(app) && e.deeperDuck == -6, "held with the ducks")
        guard case .ducked(let held, _)? = e.levels["music"] else {
            Issue.record("the music is not held ducked: \(e.levels)")
            return
        }
        #expect(held == -21)
        _ = e.apply(.tick(at: 3 + Policy.builtIn.ramps.hold + 0.01))
        #expect(!e.isReleasing(app) && e.deeperDuck == 0)
        #expect(e.levels == ["music": .own(ramp: Policy.builtIn.ramps.restore(of: .music))])
    }

    @Test func aFileSaysOneRolesRampsAndKeepsTheRest() throws {
        let policy = try Policy.parse(
            yaml: "ramps:\n  sources:\n    music: {restore: 1.5}\n  under:\n    voicePrompt: 0.02\n  after:\n    vehicleChime: 0.1\n", over: .builtIn)
        #expect(policy.ramps.restore(of: .music) == 1.5)
        #expect(policy.ramps.restore(of: .spokenAudio) == 0.5, "the built-in's entry kept")
        #expect(policy.ramps.duck(of: .fmRadio, under: .voicePrompt) == 0.02)
        #expect(policy.ramps.duck(of: .fmRadio, under: .vehicleChime) == 0.015)
        #expect(policy.ramps.restore(of: .fmRadio, after: .vehicleChime) == 0.1)
        #expect(policy.ramps.restore(of: .music, after: .vehicleChime) == 1.5)
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
        #expect(problems("ramps:\n  after:\n    phoneCall: 9\n") == ["ramps.after.phoneCall: ramp must be 0…5.0 s (got 9.0)"])
        #expect(problems("ramps:\n  after:\n    podcast: 1\n").first?.hasPrefix("ramps.after.podcast") == true)
    }
}
