import Testing

@testable import Guidance

/// Which Polish one-word names are feminine adjectives, declined "w Średnią", "jedź dalej Średnią",
/// and which are not (issue 52): a feminine noun in -dnia or -tnia ("Lutnia") was declined as an
/// adjective ("w Lutnią"), unlisted adjectives in -icza ("Dzwonnicza"), -ka, -ra, -ła, -ta and the
/// animals' -sia/-zia ones stayed as written, as genitives do. Names of our own.
@Suite struct PolishNounOrAdjectiveTests {
    static func turn(_ road: String) throws -> String {
        try PackFiles.composer("pl").compose(Maneuver(type: .leftTurn, roadName: road), state: .prepare, distance: 300)
    }
    static func along(_ road: String) throws -> String {
        try PackFiles.composer("pl").compose(Maneuver(type: .leftTurn, currentRoadName: road), state: .continue, distance: 2000)
    }

    @Test func aFeminineNounInDniaOrTniaTakesTheNounsEndings() throws {
        #expect(try Self.turn("Lutnia") == "Za 300 metrów skręć w lewo w Lutnię")
        #expect(try Self.turn("Składnia") == "Za 300 metrów skręć w lewo w Składnię")
        #expect(try Self.along("Lutnia") == "Jedź dalej Lutnią przez 2 kilometry")
        #expect(try PackFiles.composer("pl").compose(Maneuver(type: .offRamp, roadName: "Lutnia"), state: .execute, distance: 0) == "Zjedź na Lutnię")
    }

    @Test func softAdjectivesInDniaAndTniaStayAdjectives() throws {
        #expect(try Self.turn("Średnia") == "Za 300 metrów skręć w lewo w Średnią")
        #expect(try Self.turn("Letnia") == "Za 300 metrów skręć w lewo w Letnią")
        #expect(try Self.turn("Bratnia") == "Za 300 metrów skręć w lewo w Bratnią")
        #expect(try Self.along("Ostatnia") == "Jedź dalej Ostatnią przez 2 kilometry")
    }

    @Test func adjectivesInNiczaAreDeclinedAndGenitivesInWiczaAreNot() throws {
        #expect(try Self.turn("Dzwonnicza") == "Za 300 metrów skręć w lewo w Dzwonniczą")
        #expect(try Self.along("Dzwonnicza") == "Jedź dalej Dzwonniczą przez 2 kilometry")
        #expect(try Self.turn("Kasprowicza") == "Za 300 metrów skręć w lewo w Kasprowicza")
        #expect(try Self.turn("Niemcewicza") == "Za 300 metrów skręć w lewo w Niemcewicza")
    }

    @Test func moreShortAdjectivesAreListed() throws {
        #expect(try Self.turn("Żółta") == "Za 300 metrów skręć w lewo w Żółtą")
        #expect(try Self.turn("Gorzka") == "Za 300 metrów skręć w lewo w Gorzką")
        #expect(try Self.turn("Mądra") == "Za 300 metrów skręć w lewo w Mądrą")
        #expect(try Self.turn("Gęsia") == "Za 300 metrów skręć w lewo w Gęsią")
        #expect(try Self.along("Kozia") == "Jedź dalej Kozią przez 2 kilometry")
        #expect(try Self.along("ul. Chuda") == "Jedź dalej ulicą Chudą przez 2 kilometry")
        // "we" before w and a consonant, for a listed one too.
        #expect(try Self.turn("Wronia") == "Za 300 metrów skręć w lewo we Wronią")
        // Genitives and nouns in -ka, -ła, -ra keep their letters: no rule tells them from adjectives.
        #expect(try Self.turn("Skarbka") == "Za 300 metrów skręć w lewo w Skarbka")
        #expect(try Self.turn("Orła") == "Za 300 metrów skręć w lewo w Orła")
        #expect(try Self.turn("Piotra") == "Za 300 metrów skręć w lewo w Piotra")
    }
}
