import Testing

@testable import Guidance

/// Names eSpeak NG read wrong, said right by the packs' `names` rules (issue 52): an abbreviation
/// at a name's end ("Dr", "Jr.", "Hbf") and a roman numeral after a name, read as letters ("Carlo V")
/// or as a cardinal where the language says an ordinal ("Dom Pedro II").
@Suite struct NameReadingTests {
    @Test(arguments: [
        ("en-US", "Mulholland Dr", "Mulholland Drive"),
        ("en-US", "Dr Martin Luther King Jr Dr", "Doctor Martin Luther King Junior Drive"),
        ("en-US", "Pope John Paul II Way", "Pope John Paul the Second Way"),
        ("en-GB", "King George V Road", "King George the Fifth Road"),
        ("en-GB", "Hillside Dr", "Hillside Drive"),
        // Written without their full stop, eSpeak NG spelled these out ("M T Vernon", "F T Worth", "Cherry L N").
        ("en-US", "Mt Vernon Pkwy", "Mount Vernon Parkway"),
        ("en-US", "Ft Worth Ave", "Fort Worth Avenue"),
        ("en-US", "Cherry Ln", "Cherry Lane"),
        ("en-US", "Union Sq", "Union Square"),
        ("en-US", "Pine Ridge Trl", "Pine Ridge Trail"),
        ("en-US", "Washington Hts", "Washington Heights"),
        ("en-GB", "Mt Pleasant Rd", "Mount Pleasant Road"),
        ("en-GB", "Ft Augustus Rd", "Fort Augustus Road"),
        ("de", "München Hbf", "München Hauptbahnhof"),
        ("es", "Avenida de Felipe II", "Avenida de Felipe segundo"),
        ("es", "Calle de Alfonso XIII", "Calle de Alfonso XIII"),
        ("it", "Piazza Ferdinando I", "Piazza Ferdinando primo"),
        ("it", "Via Carlo V", "Via Carlo quinto"),
        ("pt-BR", "Avenida Dom Pedro II", "Avenida Dom Pedro segundo"),
        ("fr", "Boulevard Henri IV", "Boulevard Henri quatre"),
        ("fr", "Rue François Ier", "Rue François premier"),
        ("pl", "aleja Jana Pawła II", "aleja Jana Pawła drugiego"),
        ("cs", "náměstí Jiřího II.", "náměstí Jiřího druhého"),
        ("sv", "Karl XII:s torg", "Karl den tolftes torg"),
        ("sv", "Gustav II Adolfs torg", "Gustav den andre Adolfs torg"),
        ("nl", "Willem II-straat", "Willem de Tweede-straat"),
    ])
    func aNameIsSaidAsItIsRead(language: String, written: String, said: String) throws {
        #expect(try PackFiles.pack(language).names.road(written) == said)
    }

    /// A numeral standing first is no ordinal of a name before it, and a name without one is unchanged.
    @Test func aNumeralFirstOrAloneIsLeftAlone() throws {
        #expect(try PackFiles.pack("en-US").names.road("V Street") == "V Street")
        #expect(try PackFiles.pack("es").names.road("Calle Mayor") == "Calle Mayor")
    }
}
