import BuiltInPolicy
import PropertyBased
import Testing

@testable import AudioPolicy

/// The `audibility:` target: every prompt brought to one speech level, how a prompt is made to stand
/// out of the bed (a deeper duck first, then a boost), the guidance gain per client, and the policy
/// file's form and its refusals. Pure tests.
@Suite struct AudibilityTests {
    static let target = Audibility(promptAboveBed: 12, deepestDuck: -35, maxBoost: 6)

    @Test func aPromptAlreadyFarEnoughAboveTheBedIsLeftAsItsClientAsked() {
        // Speech at -20 dBFS over music at -20 dBFS ducked by 15 dB: 15 dB above, over the 12 asked.
        let plan = Self.target.plan(prompt: -20, clientGain: 0, bed: .init(level: -20, attenuation: -15, allDucked: true))
        #expect(plan == AudibilityPlan(gain: 0, extraDuck: 0, bedUnderPrompt: -35))
        #expect(plan.margin(promptLevel: -20) == 15)
        // Softer stays softer when it still stands out.
        #expect(Self.target.plan(prompt: -20, clientGain: -3, bed: .init(level: -20, attenuation: -15, allDucked: true)).gain == -3)
    }

    @Test func theBedGoesDeeperFirstThenThePromptIsRaised() {
        // Loud music (-8 dBFS) ducked 15 dB: -23 under a -20 prompt, 3 dB; 9 short of 12: a deeper duck.
        let deeper = Self.target.plan(prompt: -20, clientGain: 0, bed: .init(level: -8, attenuation: -15, allDucked: true))
        #expect(deeper == AudibilityPlan(gain: 0, extraDuck: -9, bedUnderPrompt: -32))
        // A shallow duck (-6) of loud music under a quiet prompt: the duck goes to its floor, then the
        // prompt is raised for the rest.
        let floor = Self.target.plan(prompt: -30, clientGain: 0, bed: .init(level: -2, attenuation: -6, allDucked: true))
        // -2 - 6 = -8 under the prompt; -30 is 22 below; 34 short; 29 dB of room to -35; 5 dB of boost.
        #expect(floor == AudibilityPlan(gain: 5, extraDuck: -29, bedUnderPrompt: -37))
        #expect(floor.margin(promptLevel: -30) == 12)
        // Beyond the floor and the boost, the prompt is as loud as it may be, and short of the target.
        let short = Self.target.plan(prompt: -40, clientGain: 0, bed: .init(level: 0, attenuation: -6, allDucked: true))
        #expect(short.gain == 6 && short.extraDuck == -29)
        #expect(short.margin(promptLevel: -40)! < 12)
    }

    @Test func aSourceHeardUnduckedCannotBeDuckedDeeperSoThePromptIsRaised() {
        let plan = Self.target.plan(prompt: -20, clientGain: 0, bed: .init(level: -25, attenuation: 0, allDucked: false))
        #expect(plan == AudibilityPlan(gain: 6, extraDuck: 0, bedUnderPrompt: -25))
    }

    @Test func nothingUnderThePromptOrNoTargetChangesNothingButTheClientsGain() {
        #expect(Self.target.plan(prompt: -20, clientGain: 6, bed: nil) == AudibilityPlan(gain: 6, extraDuck: 0, bedUnderPrompt: nil))
        let off = Audibility(promptAboveBed: nil, deepestDuck: -35, maxBoost: 6)
        let plan = off.plan(prompt: -20, clientGain: -6, bed: .init(level: 0, attenuation: -15, allDucked: true))
        #expect(plan == AudibilityPlan(gain: -6, extraDuck: 0, bedUnderPrompt: -15))
        #expect(plan.margin(promptLevel: -20) == -11, "the margin is still told")
    }

    /// Over every bed: the target is met whenever the room to duck and boost allows it; the duck never
    /// passes the floor, the boost never passes its bound, nothing is changed when none is needed.
    @Test func theTargetIsMetWheneverTheBoundsAllow() async {
        let levels = PropertyBased.zip(Gen.double(in: -60...0), Gen.double(in: -60...0), Gen.double(in: -40...0), Gen.bool)
        let settings = PropertyBased.zip(Gen.double(in: 0...40), Gen.double(in: -96...0), Gen.double(in: 0...12), Gen.int(in: 0...2))
        await propertyCheck(count: 2000, input: levels, settings) { level, setting in
            let (prompt, bedLevel, attenuation, ducked) = level
            let (target, floor, boost, gainIndex) = setting
            let allDucked = ducked && attenuation < 0
            let clientGain = GuidanceGain.allCases[gainIndex].decibels
            let audibility = Audibility(promptAboveBed: target, deepestDuck: floor, maxBoost: boost)
            let bed = Audibility.Bed(level: bedLevel, attenuation: attenuation, allDucked: allDucked)
            let plan = audibility.plan(prompt: prompt, clientGain: clientGain, bed: bed)
            let margin = plan.margin(promptLevel: prompt)!
            let natural = prompt + clientGain - (bedLevel + attenuation)
            #expect(plan.extraDuck <= 0 && plan.gain >= clientGain && plan.gain <= clientGain + boost + 1e-9)
            #expect(attenuation + plan.extraDuck >= min(attenuation, floor) - 1e-9, "past the floor")
            if !allDucked { #expect(plan.extraDuck == 0, "a source heard unducked is not ducked deeper") }
            if natural >= target {
                #expect(plan == AudibilityPlan(gain: clientGain, extraDuck: 0, bedUnderPrompt: bedLevel + attenuation))
            } else {
                let room = (allDucked ? max(0, attenuation - floor) : 0) + boost
                if natural + room >= target {
                    #expect(abs(margin - target) < 1e-6, "short of the target with room left")
                } else {
                    #expect(abs(margin - (natural + room)) < 1e-6, "did not use all the room")
                }
                // The duck goes first: no boost while the duck has room.
                if plan.gain > clientGain { #expect(!allDucked || attenuation + plan.extraDuck <= floor + 1e-6) }
            }
        }
    }

    /// Every spoken prompt is brought to `promptLevel` first, within 12 dB either way; a tone (no
    /// speech level) is not; the target over the bed counts the levelled prompt.
    @Test func speechIsBroughtToThePromptLevelBeforeTheTargetIsPlanned() {
        let levelled = Audibility(promptAboveBed: 20, deepestDuck: -35, maxBoost: 6, promptLevel: -21)
        let loud = levelled.plan(prompt: -18.9, clientGain: 0, bed: nil)
        #expect(abs(loud.levelling - -2.1) < 1e-9 && loud.gain == 0 && loud.extraDuck == 0 && loud.bedUnderPrompt == nil)
        #expect(abs(levelled.plan(prompt: -21.6, clientGain: 6, bed: nil).levelling - 0.6) < 1e-9)
        #expect(levelled.plan(prompt: nil, clientGain: -6, bed: nil) == AudibilityPlan(gain: -6, extraDuck: 0, bedUnderPrompt: nil))
        #expect(levelled.levelling(from: -50) == 12 && levelled.levelling(from: 0) == -12)
        #expect(levelled.levelling(from: -.infinity) == 0)
        // A -17 dBFS prompt over radio at -18 dBFS ducked 15 dB: levelled to -21, it stands 12 dB
        // over the -33 bed; the duck goes 8 dB deeper for the 20 asked.
        let plan = levelled.plan(prompt: -17, clientGain: 0, bed: .init(level: -18, attenuation: -15, allDucked: true))
        #expect(plan == AudibilityPlan(levelling: -4, gain: 0, extraDuck: -8, bedUnderPrompt: -41))
        #expect(plan.margin(promptLevel: -17) == 20)
        #expect(plan.totalGain == -4)
        // Without a level, the prompt is as it was made.
        #expect(Self.target.levelling(from: -30) == 0)
    }

    /// Whatever a voice's level, a levelled prompt plays at `promptLevel` plus its client's gain
    /// (within the 12 dB the levelling may move it), and meets the same target over the same bed.
    @Test func everyVoiceLevelEndsAtOneLevel() async {
        let levelled = Audibility(promptAboveBed: 20, deepestDuck: -35, maxBoost: 6, promptLevel: -21)
        await propertyCheck(count: 500, input: Gen.double(in: -33 ... -9), Gen.double(in: -40 ... -5)) { voice, bedLevel in
            let bed = Audibility.Bed(level: bedLevel, attenuation: -15, allDucked: true)
            let plan = levelled.plan(prompt: voice, clientGain: 0, bed: bed)
            let reference = levelled.plan(prompt: -21, clientGain: 0, bed: bed)
            #expect(abs(voice + plan.levelling - -21) < 1e-9)
            #expect(plan.gain == reference.gain && plan.extraDuck == reference.extraDuck)
        }
    }

    @Test func guidanceGainsAreSofterNormalLouder() {
        #expect(GuidanceGain.allCases.map(\.decibels) == [-6, 0, 6])
        #expect(GuidanceGain(rawValue: "louder") == .louder)
    }

    @Test func theClientsGainIsItsOwnUntilItGoes() {
        var engine = PolicyEngine(policy: .builtIn)
        let app = ClientID("app")
        #expect(engine.settings.guidanceGain(of: app) == .normal)
        _ = engine.apply(.guidanceGain(app, .louder, at: 0.5))
        #expect(engine.settings.guidanceGain(of: app) == .louder)
        #expect(engine.settings.guidanceGain(of: ClientID("other")) == .normal)
        _ = engine.apply(.clientGone(app, at: 1))
        #expect(engine.settings.guidanceGain(of: app) == .normal, "a client's setting goes with it")
    }

    @Test func aFileSetsTheTargetWhichRoundTrips() throws {
        let policy = try Policy.parse(yaml: "audibility:\n  promptAboveBed: 12\n  deepestDuck: -30\n  maxBoost: 4\n  promptLevel: -24\n", over: .builtIn)
        #expect(policy.audibility == Audibility(promptAboveBed: 12, deepestDuck: -30, maxBoost: 4, promptLevel: -24))
        #expect(try Policy.parse(completeYAML: policy.yaml) == policy)
        #expect(policy.deepestDuckDB == -30, "a journal read after a crash may undo a duck as deep as the target's")
        #expect(Policy.builtIn.audibility == .builtIn, "the built-in file says what the code's built-in says")
        #expect(Policy.builtIn.audibility.promptAboveBed == 20 && Policy.builtIn.audibility.promptLevel == -21)
        #expect(try Policy.parse(completeYAML: Policy.builtIn.yaml) == Policy.builtIn)
        #expect(try Policy.parse(yaml: "audibility:\n  promptAboveBed: off\n", over: policy).audibility.promptAboveBed == nil)
        let unlevelled = try Policy.parse(yaml: "audibility:\n  promptLevel: off\n", over: policy)
        #expect(unlevelled.audibility.promptLevel == nil)
        #expect(try Policy.parse(completeYAML: unlevelled.yaml) == unlevelled)
    }

    @Test func aBadValueIsRefusedNamingWhere() {
        let cases: [(String, String, String)] = [
            ("audibility:\n  loudness: 3\n", "audibility.loudness", "unknown key"),
            ("audibility:\n  promptAboveBed: loud\n", "audibility.promptAboveBed", "expected a number"),
            ("audibility:\n  promptAboveBed: 50\n", "audibility.promptAboveBed", "within 0…40 dB"),
            ("audibility:\n  promptAboveBed: -3\n", "audibility.promptAboveBed", "within 0…40 dB"),
            ("audibility:\n  deepestDuck: 6\n", "audibility.deepestDuck", "within -96…0 dB"),
            ("audibility:\n  maxBoost: 20\n", "audibility.maxBoost", "within 0…12 dB"),
            ("audibility:\n  promptLevel: -5\n", "audibility.promptLevel", "within -40…-10 dBFS"),
            ("audibility:\n  promptLevel: -41\n", "audibility.promptLevel", "within -40…-10 dBFS"),
            ("audibility:\n  promptLevel: loud\n", "audibility.promptLevel", "expected a number"),
            ("audibility: 10\n", "audibility", "expected a mapping"),
        ]
        expectRefused(cases)
    }
}
