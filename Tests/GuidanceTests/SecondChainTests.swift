import Foundation
import PropertyBased
import Testing

@testable import Guidance

/// Up to two maneuvers chained (pure tests): where three follow each other closely ("take exit 432,
/// then keep left, then keep right toward Bayshore Boulevard"), the third is first heard in the
/// first one's prompts, at least 10 s before it, and every pack links it as its own final
/// instruction links a "then", or as its sentence says with `{andThen}` (Spanish ", después … y luego").
@Suite struct SecondChainTests {
    static let exit = Maneuver(type: .highwayOffRampRight, exitNumber: "432", towards: "Cesar Chavez Street")
    static let left = Maneuver(type: .keepLeft)
    static let right = Maneuver(type: .keepRight, towards: "Bayshore Boulevard")

    @Test func theEnglishSentence() throws {
        let composer = PhraseComposer(pack: try PackFiles.pack("en-US"))
        #expect(
            composer.compose(Self.exit, state: .execute, distance: 400, then: Self.left, andThen: Self.right)
                == "Take exit 432 on the right toward Cesar Chavez Street, then keep left, then keep right toward Bayshore Boulevard")
        #expect(
            composer.compose(Self.exit, state: .prepare, distance: 400, then: Self.left, andThen: Self.right)
                == "In a quarter mile, take exit 432 on the right toward Cesar Chavez Street. Then keep left, then keep right toward Bayshore Boulevard")
        // Without a first chained maneuver there is no second.
        #expect(
            composer.compose(Self.exit, state: .execute, distance: 400, then: nil, andThen: Self.right)
                == composer.compose(Self.exit, state: .execute, distance: 400))
    }

    /// In every pack whose sentences do not link the third themselves: the two-chain sentence says the
    /// one-chain sentence's words, then the third maneuver's own chained phrase, linked the way the
    /// pack's final instruction links a "then".
    @Test(arguments: PackFiles.languages) func everyPackSaysBothInOrder(language: String) throws {
        let composer = PhraseComposer(pack: try PackFiles.pack(language))
        for state in [ManeuverState.prepare, .execute] where !composer.pack.states[state]!.allPlaceholders.contains(where: { $0.name == "andThen" }) {
            let one = composer.compose(Self.exit, state: state, distance: 400, then: Self.left)
            let two = composer.compose(Self.exit, state: state, distance: 400, then: Self.left, andThen: Self.right)
            // The third alone after the exit: how the pack says "keep right toward Bayshore Boulevard" chained.
            let third = composer.compose(Self.exit, state: .execute, distance: 400, then: Self.right)
            let exitAlone = composer.compose(Self.exit, state: .execute, distance: 400)
            let thirdPhrase = String(third.dropFirst(exitAlone.count))
            #expect(two.count > one.count, "\(language) \(state): \(two)")
            #expect(two.lowercased().hasPrefix(one.lowercased()), "\(language) \(state): '\(two)' does not start with '\(one)'")
            #expect(two.hasSuffix(thirdPhrase), "\(language) \(state): '\(two)' does not end with '\(thirdPhrase)'")
        }
    }

    /// Spanish, Brazilian, Polish, German and Chinese (and French, Italian, Dutch, Czech) link three
    /// maneuvers without saying their "then" twice (issue 52): ", después … y luego …", ", depois … e
    /// em seguida …", ", następnie …, a potem …", ". Dann … und danach …", "，随后…，再…"; two keep
    /// their "y después", "e depois", "a następnie", "dann", "随后".
    @Test func threeChainedSayTheirThenOnce() throws {
        let exit = Maneuver(type: .highwayOffRampRight, exitNumber: "12")
        let left = Maneuver(type: .leftTurn, roadName: "Calle de Toledo")
        let right = Maneuver(type: .keepRight, towards: "Getafe")
        let spanish = try PackFiles.composer("es")
        #expect(
            spanish.compose(exit, state: .execute, distance: 400, then: left, andThen: right)
                == "Ahora, toma la salida 12 por la derecha, después gira a la izquierda hacia la calle de Toledo y luego mantente a la derecha, dirección Getafe"
        )
        #expect(
            spanish.compose(exit, state: .prepare, distance: 400, then: left, andThen: right)
                == "En 400 metros, toma la salida 12 por la derecha. Después, gira a la izquierda hacia la calle de Toledo y luego mantente a la derecha, dirección Getafe"
        )
        #expect(
            spanish.compose(exit, state: .execute, distance: 400, then: left)
                == "Ahora, toma la salida 12 por la derecha y después gira a la izquierda hacia la calle de Toledo")
        let brazilian = try PackFiles.composer("pt-BR")
        #expect(
            brazilian.compose(
                exit, state: .execute, distance: 400, then: Maneuver(type: .leftTurn, roadName: "Rua da Consolação"),
                andThen: Maneuver(type: .keepRight, towards: "Santos"))
                == "Agora, pegue a saída 12 à direita, depois vire à esquerda na Rua da Consolação e em seguida mantenha-se à direita sentido Santos")
        let german = try PackFiles.composer("de")
        #expect(
            german.compose(Self.exit, state: .prepare, distance: 400, then: Self.left, andThen: Self.right)
                == "In 400 Metern die Ausfahrt 432 rechts nehmen Richtung Cesar Chavez Street. Dann links halten und danach rechts halten Richtung Bayshore Boulevard"
        )
        let chinese = try PackFiles.composer("zh")
        #expect(
            chinese.compose(exit, state: .execute, distance: 400, then: Maneuver(type: .leftTurn, roadName: "长安街"), andThen: Maneuver(type: .keepRight))
                .hasSuffix("，随后左转，进入长安街，再靠右行驶"))
        let polish = try PackFiles.composer("pl")
        #expect(
            polish.compose(
                exit, state: .execute, distance: 400, then: Maneuver(type: .leftTurn, roadName: "Puławska"),
                andThen: Maneuver(type: .keepRight, towards: "Piaseczno"))
                == "Teraz zjedź w prawo zjazdem numer 12, następnie skręć w lewo w Puławską, a potem trzymaj się prawej strony, kierunek Piaseczno")
        #expect(
            polish.compose(
                exit, state: .prepare, distance: 400, then: Maneuver(type: .leftTurn, roadName: "Puławska"),
                andThen: Maneuver(type: .keepRight, towards: "Piaseczno"))
                == "Za 400 metrów zjedź w prawo zjazdem numer 12. Następnie skręć w lewo w Puławską, a potem trzymaj się prawej strony, kierunek Piaseczno")
    }

    /// Every pack that words the chain of three itself says its "then" word at most once in it, and
    /// says all three maneuvers (German ", dann … und danach …", French ", puis … et ensuite …").
    @Test(arguments: PackFiles.languages) func aChainOfThreeSaysItsThenOnce(language: String) throws {
        let composer = try PackFiles.composer(language)
        guard composer.pack.states[.execute]!.allPlaceholders.contains(where: { $0.name == "andThen" }), let connector = composer.pack.chainConnector else {
            return
        }
        let three = composer.compose(Self.exit, state: .execute, distance: 400, then: Self.left, andThen: Self.right)
        let one = composer.compose(Self.exit, state: .execute, distance: 400, then: Self.left)
        #expect(three.components(separatedBy: connector).count <= 2, "\(language): \(three)")
        #expect(three.contains("Bayshore Boulevard") && three.count > one.count, "\(language): \(three)")
    }

    /// The fitting order sheds the second chained maneuver before the first one's details.
    @Test func fittingShedsTheSecondChainFirst() throws {
        let composer = PhraseComposer(pack: try PackFiles.pack("en-US"))
        let texts = composer.compositions(Self.exit, state: .execute, distance: 400, then: Self.left, andThen: Self.right)
        #expect(texts.first?.hasSuffix("then keep left, then keep right toward Bayshore Boulevard") == true)
        #expect(texts.dropFirst().first == "Take exit 432 on the right toward Cesar Chavez Street, then keep left")
    }

    /// The San Francisco shape: an exit, a fork 150 m after it and another 150 m after that, at
    /// 100 km/h. The exit's prompts chain both forks, so each fork is first heard at least 10 s
    /// before it (the leading app gives 29 s and 17 s; the one-chain announcer gave 9 s and 3 s).
    @Test func anExitAndTwoForksAreHeardTogether() {
        var announcer = Announcer()
        let speed = 100 / 3.6
        let heard = constantDrive(
            &announcer, route: [("exit", 4000), ("fork1", 4150), ("fork2", 4300)], speed: speed, until: 160, exits: ["exit", "fork1", "fork2"])
        let final = heard.first { $0.maneuverID == "exit" && $0.state == .execute }!
        #expect(final.chainedManeuverID == "fork1" && final.secondChainedManeuverID == "fork2")
        for (id, at) in [("fork1", 4150.0), ("fork2", 4300.0)] {
            let first = heard.first { [$0.maneuverID, $0.chainedManeuverID, $0.secondChainedManeuverID].contains(id) }!
            let before = (at - speed * first.issuedAt) / speed - AnnouncerConfiguration().outputLatency
            #expect(before >= 10, "\(id) first heard \(before) s before it")
        }
    }

    /// On random drives (every profile, 5–130 km/h): where three maneuvers follow each other within
    /// the chaining window after a long lead-in, the second and third are first heard at least 10 s
    /// before them.
    @Test func closeManeuversAreFirstMentionedTenSecondsAhead() async {
        await propertyCheck(
            count: 300, input: Gen.double(in: 5...130), Gen.double(in: 0...1), Gen.double(in: 0...1), Gen.int(in: 0...2)
        ) { kilometersPerHour, a, b, profileIndex in
            let profile = [VehicleProfile.car, .bicycle, .pedestrian][profileIndex]
            let speed = kilometersPerHour / 3.6
            var announcer = Announcer(configuration: .init(profile: profile))
            let window = profile.chainingDistance * max(1, speed / profile.defaultSpeed)
            // Spacings 20 m up to the chaining window; the lead-in lets the first maneuver's own prompts all play.
            let s1 = 20 + a * (window - 20)
            let s2 = 20 + b * (window - 20)
            let first = max(3000, 60 * speed, profile.initial.start * max(1, speed / profile.defaultSpeed) * 1.5)
            let route = [("m1", first), ("m2", first + s1), ("m3", first + s1 + s2)]
            let heard = constantDrive(&announcer, route: route, speed: speed, until: (first + s1 + s2) / speed + 1)
            for (id, at) in route.dropFirst() {
                guard let mention = heard.first(where: { [$0.maneuverID, $0.chainedManeuverID, $0.secondChainedManeuverID].contains(id) }) else {
                    Issue.record("\(profile.name) at \(kilometersPerHour) km/h, spacings \(s1) m, \(s2) m: \(id) never said")
                    continue
                }
                let before = (at - speed * mention.issuedAt) / speed - AnnouncerConfiguration().outputLatency
                #expect(before >= 10, "\(profile.name) at \(kilometersPerHour) km/h, spacings \(s1) m, \(s2) m: \(id) first heard \(before) s before it")
            }
        }
    }
}
