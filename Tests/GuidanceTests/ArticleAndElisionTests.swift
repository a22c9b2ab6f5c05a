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
}
