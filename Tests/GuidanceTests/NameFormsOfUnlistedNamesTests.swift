import Testing

@testable import Guidance

/// Names whose form no rule knew (issue 52), on names of our own: a German name opening with a
/// feminine adjective takes its article ("auf die Lange Reihe"), a Czech possessive bridge its
/// locative ("po Jiráskově mostě"), a Polish square's adjective its instrumental ("placem
/// Centralnym"), a Dutch name that takes "de" without a generic word its article ("naar de Mient").
@Suite struct NameFormsOfUnlistedNamesTests {
    @Test func namesTakeTheFormsNativesSay() throws {
        let composers = try PackFiles.composers(["de", "cs", "pl", "nl"])
        func turn(_ language: String, _ road: String) -> String {
            composers[language]!.compose(Maneuver(type: .rightTurn, roadName: road), state: .prepare, distance: 200)
        }
        func along(_ language: String, _ road: String) -> String {
            composers[language]!.compose(Maneuver(type: .rightTurn, currentRoadName: road), state: .continue, distance: 5000)
        }
        #expect(turn("de", "Lange Reihe") == "In 200 Metern rechts auf die Lange Reihe abbiegen")
        #expect(along("de", "Lange Reihe") == "Auf der Langen Reihe 5 Kilometer weiterfahren")
        #expect(along("cs", "Jiráskův most") == "Pokračujte po Jiráskově mostě 5 kilometrů")
        #expect(turn("cs", "Jiráskův most") == "Za 200 metrů odbočte vpravo na Jiráskův most")
        #expect(along("pl", "plac Centralny") == "Jedź dalej placem Centralnym przez 5 kilometrów")
        #expect(along("pl", "plac Trzech Krzyży") == "Jedź dalej placem Trzech Krzyży przez 5 kilometrów")
        #expect(turn("nl", "Mient") == "Over 200 meter rechtsaf naar de Mient")
    }
}
