import Foundation
import PropertyBased
import Testing

@testable import Guidance

/// "Now" only when it is: a final instruction that starts more than `Announcer.nowWithin` (8 s)
/// before its maneuver is worded with its distance, as the prepare prompt ("in 400 meters, take
/// exit 14 on the left"), never "take exit 14 on the left now" 20 s early (pure tests).
@Suite struct NowWordingTests {
    @Test func theRuleItself() {
        #expect(Announcer.wording(of: .execute, timeToGo: 8, departure: false) == .execute)
        #expect(Announcer.wording(of: .execute, timeToGo: 8.01, departure: false) == .prepare)
        #expect(Announcer.wording(of: .execute, timeToGo: nil, departure: false) == .execute, "stopped: no time to speak of")
        #expect(Announcer.wording(of: .execute, timeToGo: 30, departure: true) == .execute, "a departure's head north has no now")
        for state in [ManeuverState.continue, .initial, .prepare] {
            #expect(Announcer.wording(of: state, timeToGo: 60, departure: false) == state)
        }
    }

    /// On random routes at 5–130 km/h, every profile: each final instruction is worded "now" exactly
    /// when it starts within 8 s of its maneuver, measured on the drive's true distance.
    @Test func everyFinalInstructionSaysNowOnlyWithinEightSeconds() async {
        await propertyCheck(count: 300, input: Gen.uint64(), Gen.double(in: 5...130)) { seed, kilometersPerHour in
            let scenario = DriveScenario.random(seed: seed, steadyAt: kilometersPerHour)
            let speed = kilometersPerHour / 3.6
            let configuration = AnnouncerConfiguration(profile: scenario.profile)
            for prompt in simulate(scenario, configuration: configuration).prompts where prompt.announcement.state == .execute {
                let a = prompt.announcement
                let heard = (prompt.trueDistance - speed * configuration.outputLatency) / speed
                let expected: ManeuverState = heard > Announcer.nowWithin + 1e-6 ? .prepare : .execute
                // Within a hair of 8 s either wording is right: the announcer reckons with its own latency.
                guard abs(heard - Announcer.nowWithin) > 0.01 else { continue }
                #expect(a.wording == expected, "seed \(seed) at \(kilometersPerHour) km/h: \(a.maneuverID) starts \(heard) s before it as \(a.wording)")
            }
        }
    }

    /// The motorway example, worked through in every pack: an exit at 120 km/h gets its final
    /// instruction 425 m (12.75 s) before it, with its distance and no "now"; a turn at 40 km/h gets
    /// "turn right now" in each pack's own word for it.
    @Test func aMotorwayExitsFinalInstructionSaysItsDistanceAndATownTurnSaysNow() throws {
        var motorway = Announcer()
        let exit = constantDrive(&motorway, route: [("x", 3000)], speed: 120 / 3.6, until: 100, exits: ["x"]).first { $0.state == .execute }!
        #expect(exit.wording == .prepare && exit.timeToGo! > 12)
        var town = Announcer()
        let turn = constantDrive(&town, route: [("t", 1000)], speed: 40 / 3.6, until: 100).first { $0.state == .execute }!
        #expect(turn.wording == .execute && turn.timeToGo! <= Announcer.nowWithin)

        let now = [
            "cs": "nyní", "de": "jetzt", "en-GB": "now", "en-US": "now", "es": "ahora", "fr": "maintenant", "it": "ora", "nl": "nu",
            "pl": "teraz", "pt-BR": "agora", "sv": " nu", "zh": "现在",
        ]
        for (language, word) in now {
            let composer = PhraseComposer(pack: try PackFiles.pack(language))
            let ramp = Maneuver(type: .highwayOffRampRight, exitNumber: "14")
            let rampState = composer.wordingState(of: ramp, state: .execute, wording: exit.wording)
            #expect(rampState == .prepare, "\(language): the bare exit would say now")
            let early = composer.compose(ramp, state: rampState, distance: exit.distance).lowercased()
            #expect(!early.contains(word), "\(language): \(early)")
            #expect(early.contains(composer.distancePhrase(meters: exit.distance).lowercased()), "\(language): \(early)")
            let turnRight = Maneuver(type: .rightTurn)
            let lateState = composer.wordingState(of: turnRight, state: .execute, wording: turn.wording)
            let late = composer.compose(turnRight, state: lateState, distance: turn.distance).lowercased()
            #expect(late.contains(word), "\(language): \(late)")
        }
    }

    /// A final instruction that names where to go says no "now": started early, it keeps its own
    /// words ("Take exit 14 on the right toward Harbor", "Turn right onto Oak Avenue"), not the
    /// prepare prompt's again; so do the maneuvers with an execute phrase of their own.
    @Test func aNamedFinalInstructionKeepsItsWordsWhenEarly() throws {
        let composer = PhraseComposer(pack: try PackFiles.pack("en-US"))
        let named = [
            Maneuver(type: .highwayOffRampRight, exitNumber: "14", towards: "Harbor"), Maneuver(type: .rightTurn, roadName: "Oak Avenue"),
            Maneuver(type: .uTurnWhenPossible), Maneuver(type: .followRoad),
        ]
        for maneuver in named {
            #expect(composer.wordingState(of: maneuver, state: .execute, wording: .prepare) == .execute, "\(maneuver.type)")
        }
        #expect(composer.compose(named[0], state: .execute, distance: 400) == "Take exit 14 on the right toward Harbor")
        // Not early: the announcer's own wording stands.
        #expect(composer.wordingState(of: Maneuver(type: .rightTurn), state: .execute, wording: .execute) == .execute)
        #expect(composer.wordingState(of: Maneuver(type: .rightTurn), state: .prepare, wording: .prepare) == .prepare)
    }
}
