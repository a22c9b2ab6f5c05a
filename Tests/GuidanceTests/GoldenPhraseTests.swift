import Testing

@testable import Guidance

/// Pins what a representative drive sounds like in each hand-written pack. Expected strings were
/// written and read as natural speech; change them only on purpose.
@Suite struct GoldenPhraseTests {
    func said(_ language: String, _ names: GoldenRoute.Names) throws -> [String] {
        let composer = try PackFiles.composer(language)
        return GoldenRoute.steps(names).map {
            composer.compose($0.maneuver, state: $0.state, distance: $0.meters, then: $0.next, style: $0.style)
        } + [composer.rerouting]
    }

    func expectLines(_ actual: [String], _ expected: [String]) {
        #expect(actual.count == expected.count)
        for (index, (got, want)) in zip(actual, expected).enumerated() {
            #expect(got == want, "step \(index)")
        }
    }

    @Test func americanEnglish() throws {
        expectLines(
            try said("en-US", GoldenRoute.us),
            [
                "Head out on Main Street",
                "Continue for 2.5 miles",
                "In a half mile, turn right onto Solar Circle",
                "Turn right onto Solar Circle, then turn left onto Oak Avenue",
                "In 400 feet, turn left onto Oak Avenue. Use the left lane",
                "In a quarter mile, take the ramp onto Interstate 95",
                "In 1.2 miles, take exit 12 B on the right onto Solar Circle. Use the right two lanes",
                "In point four miles, at the roundabout, take the second exit onto Saint John Boulevard",
                "At the roundabout, take the second exit onto Saint John Boulevard",
                "Bear left",
                "In 800 feet, your destination will be on the right",
                "Your destination is on the right",
                "Recalculating route",
            ])
    }

    @Test func britishEnglish() throws {
        expectLines(
            try said("en-GB", GoldenRoute.uk),
            [
                "Head off along High Street",
                "Continue for 2.5 miles",
                "In half a mile, turn right onto Station Road",
                "Turn right onto Station Road, then turn left onto Church Lane",
                "In 150 yards, turn left onto Church Lane. Use the left-hand lane",
                "In a quarter of a mile, join the M 25",
                "In 1.2 miles, at junction 12, take the exit on the right onto Station Road. Use the right two lanes",
                "In point four miles, at the roundabout, take the second exit onto Saint Mary's Road",
                "At the roundabout, take the second exit onto Saint Mary's Road",
                "Bear left",
                "In 250 yards, your destination will be on the right",
                "Your destination is on the right",
                "Recalculating the route",
            ])
    }

    @Test func german() throws {
        expectLines(
            try said("de", GoldenRoute.de),
            [
                "Auf der Hauptstraße losfahren",
                "Dem Straßenverlauf 4 Kilometer folgen",
                "In 800 Metern rechts auf die Bahnhofstraße abbiegen",
                "Rechts auf die Bahnhofstraße abbiegen, dann links auf die Goethestraße abbiegen",
                "In 120 Metern links auf die Goethestraße abbiegen. Linke Spur benutzen",
                "In 400 Metern auf die A 7 auffahren",
                "In 2 Kilometern die Ausfahrt 12 B rechts nehmen und auf die Bahnhofstraße fahren. Die beiden rechten Spuren benutzen",
                "In 600 Metern im Kreisverkehr die zweite Ausfahrt auf den Marktplatz nehmen",
                "Im Kreisverkehr die zweite Ausfahrt auf den Marktplatz nehmen",
                "Leicht links abbiegen",
                "In 250 Metern befindet sich Ihr Ziel rechts",
                "Ihr Ziel befindet sich rechts",
                "Route wird neu berechnet",
            ])
    }

    @Test func french() throws {
        expectLines(
            try said("fr", GoldenRoute.fr),
            [
                "Mettez-vous en route sur l'avenue Victor Hugo",
                "Continuez sur 4 kilomètres",
                "Dans 800 mètres, tournez à droite sur le boulevard Haussmann",
                "Tournez à droite sur le boulevard Haussmann, puis tournez à gauche sur la rue de Rivoli",
                "Dans 120 mètres, tournez à gauche sur la rue de Rivoli. Prenez la voie de gauche",
                "Dans 400 mètres, prenez la bretelle, direction A6",
                "Dans 2 kilomètres, prenez la sortie 12 B à droite pour rejoindre le boulevard Haussmann. Prenez les deux voies de droite",
                "Dans 600 mètres, au rond-point, prenez la deuxième sortie sur la place de la Nation",
                "Au rond-point, prenez la deuxième sortie sur la place de la Nation",
                "Tournez légèrement à gauche",
                "Dans 250 mètres, votre destination se trouvera à droite",
                "Votre destination se trouve à droite",
                "Recalcul de l'itinéraire",
            ])
    }

    @Test func chainingPutsLanesBeforeTheSecondManeuver() throws {
        let composer = try PackFiles.composer("en-US")
        let lanes = [Lane(angle: 0, status: .notGood)!, Lane(angle: 90, status: .preferred)!]
        let text = composer.compose(
            Maneuver(type: .rightTurn, lanes: lanes, roadName: "Solar Cir."), state: .initial, distance: 300,
            then: Maneuver(type: .roundaboutExit3))
        #expect(text == "In 1000 feet, turn right onto Solar Circle. Use the right lane. Then at the roundabout, take the third exit")
    }

    @Test func germanDistancesTakeTheDativeAfterIn() throws {
        let composer = try PackFiles.composer("de")
        let turn = Maneuver(type: .leftTurn)
        #expect(composer.compose(turn, state: .initial, distance: 1000) == "In einem Kilometer links abbiegen")
        #expect(composer.compose(turn, state: .initial, distance: 1500) == "In eineinhalb Kilometern links abbiegen")
        #expect(composer.compose(turn, state: .prepare, distance: 5) == "In weniger als 10 Metern links abbiegen")
        #expect(composer.compose(turn, state: .continue, distance: 1100) == "Dem Straßenverlauf einen Kilometer folgen")
    }

    @Test func frenchOneAndAHalfKilometerIsSingular() throws {
        let composer = try PackFiles.composer("fr")
        #expect(composer.distancePhrase(meters: 1500) == "un kilomètre et demi")
        #expect(composer.distancePhrase(meters: 2500) == "deux kilomètres et demi")
        #expect(composer.distancePhrase(meters: 3) == "moins de 10 mètres")
    }

    @Test func americanMilesUseFractionWords() throws {
        let composer = try PackFiles.composer("en-US")
        #expect(composer.distancePhrase(meters: 400) == "a quarter mile")
        #expect(composer.distancePhrase(meters: 805) == "a half mile")
        #expect(composer.distancePhrase(meters: 2400) == "1.5 miles")
        #expect(composer.distancePhrase(meters: 1) == "less than 10 feet")
        #expect(composer.distancePhrase(meters: 12) == "40 feet")
    }

    @Test func shortStyleIsTheBareAction() throws {
        let composer = try PackFiles.composer("en-US")
        let turn = Maneuver(
            type: .rightTurn, lanes: [Lane(angle: 0, status: .good)!, Lane(angle: 0, status: .notGood)!],
            roadName: "Solar Cir.")
        for state in [ManeuverState.initial, .prepare, .execute] {
            #expect(composer.compose(turn, state: state, distance: 300, then: Maneuver(type: .leftTurn), style: .short) == "Turn right")
        }
    }

    @Test func emptyNamesCountAsUnknown() throws {
        let composer = try PackFiles.composer("en-US")
        let text = composer.compose(Maneuver(type: .offRamp, roadName: "  ", exitNumber: ""), state: .initial, distance: 800)
        #expect(text == "In a half mile, take the exit")
    }
}

@Suite struct DistanceWordingTests {
    @Test func distancesRoundedForAnotherSystemAreRoundedAgain() throws {
        let de = try PackFiles.composer("de")
        #expect(de.words(for: SpokenDistance(amount: 0.5, unit: .miles)) == "800 Meter")
        let us = try PackFiles.composer("en-US")
        #expect(us.words(for: SpokenDistance(amount: 2, unit: .kilometers)) == "1.2 miles")
    }

    @Test func reroutingAndPausesTakeNoPlaceholders() throws {
        let phrases = ["rerouting": "rerouting", "loading": "loading", "locating": "locating", "proceedToRoute": "to the route"]
        var pack = MinimalPack()
        pack.phrases = "phrases:\n" + phrases.sorted { $0.key < $1.key }.map { "  \($0.key): \"\($0.value)\"" }.joined(separator: "\n")
        _ = try pack.pack()
        for key in phrases.keys {
            var wrong = phrases
            wrong[key] = "\(key) {road}"
            pack.phrases = "phrases:\n" + wrong.sorted { $0.key < $1.key }.map { "  \($0.key): \"\($0.value)\"" }.joined(separator: "\n")
            #expect(throws: PhrasePackError.self, "\(key) with a placeholder") { try pack.pack() }
        }
    }
}
