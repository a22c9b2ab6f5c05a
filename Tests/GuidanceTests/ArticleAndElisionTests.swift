import Testing

@testable import Guidance

/// Articles, elision and the forms of prepositions as natives say them (issue 52), on names of our
/// own: French "vers l'est", "au CHU"; Italian "l'ottava uscita", "al Pantheon"; Brazilian "no
/// Minhocão"; Polish "we Wrocławską".
@Suite struct ArticleAndElisionTests {
    static func say(_ language: String, _ maneuver: Maneuver, _ state: ManeuverState = .execute, distance: Double = 0) throws -> String {
        try PackFiles.composer(language).compose(maneuver, state: state, distance: distance)
    }

    @Test func frenchElidesTheCompassPointsArticleAndSaysAuBeforeAMasculineName() throws {
        #expect(
            try Self.say("fr", Maneuver(type: .startRoute, roadName: "Cours de l'Intendance", heading: 90))
                == "Dirigez-vous vers l'est sur le cours de l'Intendance")
        #expect(try Self.say("fr", Maneuver(type: .startRoute, heading: 270)) == "Dirigez-vous vers l'ouest")
        #expect(try Self.say("fr", Maneuver(type: .startRoute, heading: 45)) == "Dirigez-vous vers le nord-est")
        #expect(try Self.say("fr", Maneuver(type: .arriveAtDestination, destinationName: "CHU Purpan")) == "Vous êtes arrivé au CHU Purpan")
        #expect(try Self.say("fr", Maneuver(type: .arriveAtDestination, destinationName: "Trocadéro")) == "Vous êtes arrivé au Trocadéro")
        #expect(try Self.say("fr", Maneuver(type: .arriveAtDestination, destinationName: "Montmartre")) == "Vous êtes arrivé à Montmartre")
    }

    /// "vers l'est" is read "vers l'è" by eSpeak NG (the verb "est"): the pack's lexicon gives the
    /// compass word its phonemes, and the text stays as written.
    @Test func frenchSaysTheEastAsTheCompassPointNotTheVerb() throws {
        let composer = try PackFiles.composer("fr")
        let east = composer.wording(Maneuver(type: .startRoute, roadName: "Allée des Tilleuls", heading: 95), state: .execute, distance: 0)
        #expect(east.text == "Dirigez-vous vers l'est sur l'allée des Tilleuls")
        #expect(east.speech == "Dirigez-vous vers [[l'Est]] sur l'allée des Tilleuls")
        let west = composer.wording(Maneuver(type: .startRoute, roadName: "Allée des Tilleuls", heading: 265), state: .execute, distance: 0)
        #expect(west.text == "Dirigez-vous vers l'ouest sur l'allée des Tilleuls" && west.speech == nil)
    }

    @Test func italianElidesTheOrdinalsArticleAndSaysAlBeforeALandmark() throws {
        #expect(try Self.say("it", Maneuver(type: .roundaboutExit8)) == "Alla rotonda, prendi l'ottava uscita")
        #expect(
            try Self.say("it", Maneuver(type: .roundaboutExit11, roadName: "Via Nizza"), .prepare, distance: 200)
                == "Tra 200 metri, alla rotonda, prendi l'undicesima uscita e imbocca Via Nizza")
        #expect(try Self.say("it", Maneuver(type: .roundaboutExit2)) == "Alla rotonda, prendi la seconda uscita")
        #expect(try Self.say("it", Maneuver(type: .arriveAtDestination, destinationName: "Pantheon")) == "Sei arrivato al Pantheon")
        #expect(try Self.say("it", Maneuver(type: .arriveAtDestination, destinationName: "Lingotto")) == "Sei arrivato al Lingotto")
        #expect(try Self.say("it", Maneuver(type: .arriveAtDestination, destinationName: "Torino")) == "Sei arrivato a Torino")
    }

    /// Italian "lo" goes before s and a consonant, z, gn, ps and x; before s and a vowel it is "il":
    /// "al Sottopasso Mortirolo", "sul Sovrappasso di Viale Monza" (it said "allo Sottopasso", "sullo
    /// Sovrappasso"), while "allo Scalo Romana", "sullo Svincolo" keep theirs.
    @Test func italianSaysIlBeforeSAndAVowel() throws {
        #expect(try Self.say("it", Maneuver(type: .arriveAtDestination, destinationName: "Sottopasso Mortirolo")) == "Sei arrivato al Sottopasso Mortirolo")
        #expect(
            try Self.say("it", Maneuver(type: .rightTurn, currentRoadName: "Sovrappasso di Viale Monza"), .continue, distance: 5000)
                == "Prosegui sul Sovrappasso di Viale Monza per 5 chilometri")
        #expect(try Self.say("it", Maneuver(type: .arriveAtDestination, destinationName: "Scalo Romana")) == "Sei arrivato allo Scalo Romana")
        #expect(
            try Self.say("it", Maneuver(type: .rightTurn, roadName: "Svincolo di Cormano"), .prepare, distance: 200)
                == "Tra 200 metri, svolta a destra sullo Svincolo di Cormano")
    }

    /// A destination named by the everyday place it is (a restaurant, a pharmacy, a golf course)
    /// takes that noun's article: French "au Golf de Chantaco" (it said "à Golf"), Italian "al
    /// Ristorante Il Gabbiano" ("a Ristorante"), Brazilian "no Restaurante Mocotó" ("na Restaurante").
    @Test func aPlaceNamedByItsKindTakesThatNounsArticle() throws {
        func arrive(_ language: String, _ name: String) throws -> String {
            try Self.say(language, Maneuver(type: .arriveAtDestination, destinationName: name))
        }
        #expect(try arrive("fr", "Golf de Chantaco") == "Vous êtes arrivé au Golf de Chantaco")
        #expect(try arrive("fr", "Mémorial de Verdun") == "Vous êtes arrivé au Mémorial de Verdun")
        #expect(try arrive("fr", "Pharmacie du Marché") == "Vous êtes arrivé à la Pharmacie du Marché")
        #expect(try arrive("fr", "Hypermarché Leclerc") == "Vous êtes arrivé à l'Hypermarché Leclerc")
        #expect(try arrive("it", "Ristorante Il Gabbiano") == "Sei arrivato al Ristorante Il Gabbiano")
        #expect(try arrive("it", "Pizzeria Da Michele") == "Sei arrivato alla Pizzeria Da Michele")
        #expect(try arrive("it", "Osteria del Ponte") == "Sei arrivato all'Osteria del Ponte")
        #expect(try arrive("pt-BR", "Restaurante Mocotó") == "Você chegou ao Restaurante Mocotó")
        #expect(try arrive("pt-BR", "Padaria Bella Paulista") == "Você chegou à Padaria Bella Paulista")
        #expect(
            try Self.say("pt-BR", Maneuver(type: .rightTurn, roadName: "Morro do Pai Inácio"), .prepare, distance: 200)
                == "Em 200 metros, vire à direita no Morro do Pai Inácio")
        // A town keeps no article.
        #expect(try arrive("pt-BR", "Campo Grande") == "Você chegou a Campo Grande")
    }

    /// Spanish said the everyday places a destination is named by without their article ("Has
    /// llegado a Ayuntamiento de Sevilla", "a Farmacia Central"), as French, Italian and Brazilian
    /// no longer do; a feminine noun with a stressed a takes "el" ("al área de servicio"). A brand
    /// or a town keeps none.
    @Test func spanishSaysAPlaceNamedByItsKindWithItsArticle() throws {
        func arrive(_ name: String) throws -> String {
            try Self.say("es", Maneuver(type: .arriveAtDestination, destinationName: name))
        }
        #expect(try arrive("Ayuntamiento de Sevilla") == "Has llegado al Ayuntamiento de Sevilla")
        #expect(try arrive("Colegio Santa María") == "Has llegado al Colegio Santa María")
        #expect(try arrive("Polideportivo Municipal") == "Has llegado al Polideportivo Municipal")
        #expect(try arrive("Farmacia Central") == "Has llegado a la Farmacia Central")
        #expect(try arrive("Gasolinera Repsol") == "Has llegado a la Gasolinera Repsol")
        #expect(try arrive("Área de servicio La Junquera") == "Has llegado al Área de servicio La Junquera")
        #expect(
            try Self.say("es", Maneuver(type: .arriveAtDestinationRight, destinationName: "Cementerio de San Fernando"))
                == "El Cementerio de San Fernando está a la derecha")
        #expect(
            try Self.say("es", Maneuver(type: .roundaboutExit2, rotaryName: "Castillo de San Antón"), .prepare, distance: 200)
                == "En 200 metros, en la rotonda del Castillo de San Antón, toma la segunda salida")
        #expect(try arrive("Eroski") == "Has llegado a Eroski")
        #expect(try arrive("Alcalá de Henares") == "Has llegado a Alcalá de Henares")
    }

    @Test func brazilianSaysAMasculineLandmarkWithItsArticle() throws {
        #expect(try Self.say("pt-BR", Maneuver(type: .rightTurn, roadName: "Minhocão"), .prepare, distance: 200) == "Em 200 metros, vire à direita no Minhocão")
        #expect(
            try Self.say("pt-BR", Maneuver(type: .rightTurn, currentRoadName: "Aterro do Flamengo"), .continue, distance: 5000)
                == "Siga pelo Aterro do Flamengo por 5 quilômetros")
        #expect(try Self.say("pt-BR", Maneuver(type: .arriveAtDestination, destinationName: "Maracanã")) == "Você chegou ao Maracanã")
    }

    @Test func polishSaysWeBeforeWOrFAndAConsonant() throws {
        #expect(try Self.say("pl", Maneuver(type: .rightTurn, roadName: "Wrocławska"), .prepare, distance: 200) == "Za 200 metrów skręć w prawo we Wrocławską")
        #expect(
            try Self.say("pl", Maneuver(type: .rightTurn, roadName: "Władysława IV"), .prepare, distance: 200)
                == "Za 200 metrów skręć w prawo we Władysława czwartego"
        )
        #expect(try Self.say("pl", Maneuver(type: .rightTurn, roadName: "Wielicka"), .prepare, distance: 200) == "Za 200 metrów skręć w prawo w Wielicką")
        #expect(
            try Self.say("pl", Maneuver(type: .rightTurn, currentRoadName: "Wrocławska"), .continue, distance: 5000)
                == "Jedź dalej Wrocławską przez 5 kilometrów")
    }

    /// A French road whose name ends in a compass word ("Rocade Sud", "Quai Est", "Avenue de l'Ouest")
    /// takes its generic word's article, never the compass point's ("la rocade Sud", not "le sud";
    /// "le quai Est", not "l'Est"), and leaves the heading said as a compass point beside it (issue 52).
    @Test func frenchRoadNamesEndingInACompassWordAreNotTheCompassPoint() throws {
        let keep = try Self.say("fr", Maneuver(type: .keepRight, roadName: "Rocade Sud"), .prepare, distance: 200)
        #expect(keep == "Dans 200 mètres, serrez à droite sur la rocade Sud")
        let along = try Self.say("fr", Maneuver(type: .rightTurn, currentRoadName: "Quai Est"), .continue, distance: 5000)
        #expect(along == "Continuez sur le quai Est pendant 5 kilomètres")
        let start = try Self.say("fr", Maneuver(type: .startRoute, roadName: "Avenue de l'Ouest", heading: 90))
        #expect(start == "Dirigez-vous vers l'est sur l'avenue de l'Ouest")
        let arrival = try Self.say("fr", Maneuver(type: .arriveAtDestinationRight, destinationName: "Boulevard Nord"))
        #expect(arrival == "Le boulevard Nord se trouve à droite")
        let turn = try Self.say("fr", Maneuver(type: .leftTurn, roadName: "Zone Artisanale Est"), .prepare, distance: 200)
        #expect(turn == "Dans 200 mètres, tournez à gauche sur la Zone Artisanale Est")
    }

    /// A street named by a feminine adjective takes the case the sentence needs (issue 52): soft stems
    /// ("Ptasia"), -cza and -ża ("Smocza", "Duża"), -dnia ("Zachodnia") and the listed short ones
    /// ("Krótka", "Biała", "Zielona") as -ska names do; "w Smocza", "jedź dalej ulicą Krótka" were
    /// said. A genitive name that looks alike keeps its letters ("w Sienkiewicza", "w Kopernika").
    @Test func polishAdjectiveStreetNamesTakeTheCase() throws {
        func turn(_ road: String) throws -> String {
            try Self.say("pl", Maneuver(type: .rightTurn, roadName: road), .prepare, distance: 200)
        }
        func along(_ road: String) throws -> String {
            try Self.say("pl", Maneuver(type: .rightTurn, currentRoadName: road), .continue, distance: 5000)
        }
        #expect(try turn("Smocza") == "Za 200 metrów skręć w prawo w Smoczą")
        #expect(try turn("Ptasia") == "Za 200 metrów skręć w prawo w Ptasią")
        #expect(try turn("Duża") == "Za 200 metrów skręć w prawo w Dużą")
        #expect(try turn("Zachodnia") == "Za 200 metrów skręć w prawo w Zachodnią")
        #expect(try turn("Wschodnia") == "Za 200 metrów skręć w prawo we Wschodnią")
        #expect(try turn("Krótka") == "Za 200 metrów skręć w prawo w Krótką")
        #expect(try turn("ul. Zielona") == "Za 200 metrów skręć w prawo w ulicę Zieloną")
        #expect(try along("Biała") == "Jedź dalej Białą przez 5 kilometrów")
        #expect(try along("Kacza") == "Jedź dalej Kaczą przez 5 kilometrów")
        #expect(try along("ul. Stara") == "Jedź dalej ulicą Starą przez 5 kilometrów")
        #expect(
            try Self.say("pl", Maneuver(type: .offRamp, roadName: "Żurawia"), .execute, distance: 0) == "Zjedź na Żurawią")
        // Genitive names ending alike keep their letters.
        #expect(try turn("Sienkiewicza") == "Za 200 metrów skręć w prawo w Sienkiewicza")
        #expect(try turn("Kopernika") == "Za 200 metrów skręć w prawo w Kopernika")
        #expect(try along("Staszica") == "Jedź dalej ulicą Staszica przez 5 kilometrów")
    }
}
