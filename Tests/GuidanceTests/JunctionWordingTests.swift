import Testing

@testable import Guidance

/// `junctionType` and `trafficSide` change the words where a pack words them: a turn at a roundabout
/// is said at the roundabout (`atRoundabout`), and the way round a roundabout in the traffic side
/// the pack names is said as `{rotation}` (clockwise in left-hand traffic, for drivers of
/// right-hand countries; en-GB says nothing different).
@Suite struct JunctionWordingTests {
    /// A right turn at a roundabout (`junctionType: roundabout`), 800 m ahead.
    static let turnAtRoundabout: [String: String] = [
        "cs": "Za 800 metrů na kruhovém objezdu odbočte vpravo na náměstí Míru",
        "de": "In 800 Metern im Kreisverkehr rechts auf den Marktplatz abbiegen",
        "en-GB": "In half a mile, at the roundabout, turn right onto Market Square",
        "en-US": "In a half mile, at the roundabout, turn right onto Market Square",
        "es": "En 800 metros, en la rotonda, gira a la derecha hacia la plaza Mayor",
        "fr": "Dans 800 mètres, au rond-point, tournez à droite sur la place de la République",
        "it": "Tra 800 metri, alla rotonda, svolta a destra in Piazza Garibaldi",
        "nl": "Over 800 meter op de rotonde rechtsaf naar de Markt",
        "pl": "Za 800 metrów na rondzie skręć w prawo na plac Wolności",
        "pt-BR": "Em 800 metros, na rotatória, vire à direita na Praça da Sé",
        "sv": "Om 800 meter, sväng höger i rondellen in på Stortorget",
        "zh": "前方800米在环岛右转，进入人民广场",
    ]
    static let squares: [String: String] = [
        "cs": "Náměstí Míru", "de": "Marktplatz", "en-GB": "Market Square", "en-US": "Market Square", "es": "Plaza Mayor",
        "fr": "Place de la République", "it": "Piazza Garibaldi", "nl": "Markt", "pl": "pl. Wolności", "pt-BR": "Praça da Sé",
        "sv": "Stortorget", "zh": "人民广场",
    ]
    /// The second exit of a roundabout in left-hand traffic, 800 m ahead.
    static let clockwiseExit: [String: String] = [
        "cs": "Za 800 metrů na kruhovém objezdu, ve směru hodinových ručiček, vyjeďte druhým výjezdem",
        "de": "In 800 Metern im Kreisverkehr im Uhrzeigersinn die zweite Ausfahrt nehmen",
        "en-GB": "In half a mile, at the roundabout, take the second exit",
        "en-US": "In a half mile, at the roundabout, going clockwise, take the second exit",
        "es": "En 800 metros, en la rotonda, en sentido horario, toma la segunda salida",
        "fr": "Dans 800 mètres, au rond-point, dans le sens horaire, prenez la deuxième sortie",
        "it": "Tra 800 metri, alla rotonda, in senso orario, prendi la seconda uscita",
        "nl": "Over 800 meter op de rotonde met de klok mee de tweede afslag nemen",
        "pl": "Za 800 metrów na rondzie, zgodnie z ruchem wskazówek zegara, zjedź drugim zjazdem",
        "pt-BR": "Em 800 metros, na rotatória, no sentido horário, pegue a segunda saída",
        "sv": "Om 800 meter, kör medurs och ta andra avfarten i rondellen",
        "zh": "前方800米进入环岛后顺时针行驶，从第二个出口驶出",
    ]

    @Test func aTurnAtARoundaboutIsSaidAtTheRoundaboutInEveryPack() throws {
        #expect(Set(Self.turnAtRoundabout.keys) == Set(PackFiles.languages))
        for language in PackFiles.languages {
            let composer = try PackFiles.composer(language)
            let turn = Maneuver(type: .rightTurn, junctionType: .roundabout, roadName: Self.squares[language])
            #expect(composer.compose(turn, state: .initial, distance: 800) == Self.turnAtRoundabout[language], "\(language)")
        }
    }

    @Test func aRoundaboutInLeftHandTrafficIsClockwiseWhereThePackSaysSo() throws {
        #expect(Set(Self.clockwiseExit.keys) == Set(PackFiles.languages))
        for language in PackFiles.languages {
            let composer = try PackFiles.composer(language)
            let left = Maneuver(type: .roundaboutExit2, trafficSide: .left)
            #expect(composer.compose(left, state: .initial, distance: 800) == Self.clockwiseExit[language], "\(language)")
            // Right-hand traffic (the default) says it as it always did.
            let right = composer.compose(Maneuver(type: .roundaboutExit2), state: .initial, distance: 800)
            #expect((right == Self.clockwiseExit[language]) == (language == "en-GB"), "\(language): \(right)")
        }
    }

    /// Every pack, type, state, junction and traffic side: a sentence with nothing unfilled; the
    /// words change only at a roundabout (a roundabout type, or a type the pack words at one), and
    /// the traffic side only at a roundabout of a pack with words for it.
    @Test func theWordsChangeOnlyWhereTheyShould() throws {
        for language in PackFiles.languages {
            let pack = try PackFiles.pack(language)
            let composer = PhraseComposer(pack: pack)
            for type in ManeuverType.allCases {
                for state in ManeuverState.allCases {
                    let plain = composer.compose(Maneuver(type: type, roadName: "Main St."), state: state, distance: 300)
                    for junction in [nil, JunctionType.intersection, .roundabout] {
                        for side in TrafficSide.allCases {
                            let maneuver = Maneuver(type: type, junctionType: junction, trafficSide: side, roadName: "Main St.")
                            let said = composer.compose(maneuver, state: state, distance: 300)
                            #expect(!said.isEmpty && !said.contains("{") && !said.contains("["), "\(language) \(type) \(state)")
                            let variant = junction == .roundabout && !type.isRoundabout && pack.phrasesAtRoundabout[type] != nil
                            let turned = maneuver.isAtRoundabout && pack.rotation[side] != nil
                            if !variant && !turned { #expect(said == plain, "\(language) \(type) \(state) \(String(describing: junction)) \(side)") }
                            if variant && state != .continue { #expect(said != plain, "\(language) \(type) \(state): the roundabout is said") }
                        }
                    }
                }
            }
        }
    }

    @Test func theTurnFamiliesAreWordedAtARoundaboutInEveryPack() throws {
        for language in PackFiles.languages {
            let pack = try PackFiles.pack(language)
            for type in ManeuverType.allCases where [.turns, .sharpTurns, .slightTurns].contains(type.family) || type == .straightAhead {
                #expect(pack.phrasesAtRoundabout[type] != nil, "\(language) \(type)")
            }
            #expect(ManeuverType.allCases.filter(\.isRoundabout).allSatisfy { pack.phrasesAtRoundabout[$0] == nil })
        }
    }

    @Test func aChainedTurnAtARoundaboutIsSaidThere() throws {
        let composer = try PackFiles.composer("en-US")
        let next = Maneuver(type: .leftTurn, junctionType: .roundabout)
        #expect(composer.compose(Maneuver(type: .rightTurn), state: .execute, distance: 10, then: next) == "Turn right now, then at the roundabout, turn left")
        let swedish = try PackFiles.composer("sv")
        #expect(
            swedish.compose(Maneuver(type: .rightTurn), state: .initial, distance: 800, then: next)
                == "Om 800 meter, sväng höger. Sväng sedan vänster i rondellen")
    }

    @Test(arguments: [
        (
            "  roundaboutExits: { action: \"x {ordinal}\", short: \"y {ordinal}\", atRoundabout: { action: \"z\" } }\n",
            "maneuvers.roundaboutExits.atRoundabout", "roundabout maneuver already"
        ),
        ("  turns: { action: \"turn {side}\", short: \"turn {side}\", atRoundabout: {} }\n", "maneuvers.turns.atRoundabout", "empty"),
        (
            "  turns: { action: \"turn {side}\", short: \"turn {side}\", atRoundabout: { atRoundabout: { action: x } } }\n",
            "maneuvers.turns.atRoundabout.atRoundabout", "unknown"
        ),
        (
            "  turns: { action: \"turn {side}\", short: \"turn {side}\", atRoundabout: { action: \"turn {side} {rotation}\" } }\n",
            "maneuvers.turns.atRoundabout.action", "rotation"
        ),
        (
            "  turns: { action: \"turn {side}\", short: \"turn {side}\", atRoundabout: { action: \"turn {rotary}\" } }\n",
            "maneuvers.turns.atRoundabout.action", "rotary"
        ),
        (
            "  turns: { action: \"turn {side}\", short: \"turn {side}\", atRoundabout: { action: \"turn {lane}\" } }\n", "maneuvers.turns.atRoundabout.action",
            "unknown placeholder"
        ),
    ])
    func aBadRoundaboutWordingIsRefused(line: String, path: String, message: String) throws {
        let base = try PackFiles.yaml("en-US")
        let start = try #require(base.range(of: line.hasPrefix("  roundaboutExits") ? "  roundaboutExits: {" : "  turns: {"))
        let end = try #require(base[start.lowerBound...].range(of: " }\n", options: [], range: nil))
        let lineEnd = base[end.upperBound...].hasPrefix(" ") ? end.upperBound : end.upperBound
        let yaml = base.replacingCharacters(in: start.lowerBound..<lineEnd, with: line)
        do {
            _ = try PhrasePack(yaml: yaml)
            Issue.record("accepted \(line)")
        } catch {
            #expect(error.path == path, "\(error)")
            #expect(error.description.contains(message), "\(error)")
        }
    }

    @Test(arguments: [
        ("junctions:\n  rotation: { left: \"going {side}\" }\n", "junctions.rotation.left"),
        ("junctions:\n  rotation: { left: \"[going clockwise]\" }\n", "junctions.rotation.left"),
        ("junctions:\n  rotation: { left: \" \" }\n", "junctions.rotation.left"),
        ("junctions:\n  rotation: { up: \"clockwise\" }\n", "junctions.rotation.up"),
        ("junctions:\n  rotation: {}\n", "junctions.rotation"),
        ("junctions:\n  direction: { left: \"clockwise\" }\n", "junctions.direction"),
    ])
    func aBadRotationIsRefused(section: String, path: String) throws {
        let base = try PackFiles.yaml("en-US")
        let old = "junctions:\n  rotation: { left: \"going clockwise\" }\n"
        #expect(base.contains(old))
        do {
            _ = try PhrasePack(yaml: base.replacingOccurrences(of: old, with: section))
            Issue.record("accepted \(section)")
        } catch {
            #expect(error.path == path, "\(error)")
        }
    }
}
