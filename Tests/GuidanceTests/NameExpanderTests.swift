import Testing

@testable import Guidance

@Suite struct NameExpanderTests {
    let us: NameExpander
    let uk: NameExpander
    let de: NameExpander
    let fr: NameExpander

    init() throws {
        us = try PackFiles.pack("en-US").names
        uk = try PackFiles.pack("en-GB").names
        de = try PackFiles.pack("de").names
        fr = try PackFiles.pack("fr").names
    }

    @Test func saintAtTheStartStreetElsewhere() {
        #expect(us.road("St. John St.") == "Saint John Street")
        #expect(us.road("Main St.") == "Main Street")
        #expect(us.road("St. Clair Ave.") == "Saint Clair Avenue")
        #expect(uk.road("St Mary's Rd") == "Saint Mary's Road")
        #expect(uk.road("High St") == "High Street")
    }

    @Test func doctorAtTheStartDriveElsewhere() {
        #expect(us.road("Dr. Martin Luther King Jr. Blvd") == "Doctor Martin Luther King Junior Boulevard")
        #expect(us.road("Mulholland Dr.") == "Mulholland Drive")
    }

    @Test func americanAbbreviations() {
        #expect(us.road("Solar Cir.") == "Solar Circle")
        #expect(us.road("N Lake Shore Dr.") == "North Lake Shore Drive")
        #expect(us.road("Pacific Coast Hwy") == "Pacific Coast Highway")
        #expect(us.road("Elm Ct.") == "Elm Court")
    }

    @Test func stateRouteIsNotACourt() {
        #expect(us.road("CT 145") == "Connecticut Route 145")
        #expect(us.routeNumber("CT 145") == "Connecticut Route 145")
        #expect(!us.road("CT 145").contains("Court"))
        #expect(us.routeNumber("CT-145") == "Connecticut Route 145")
    }

    @Test func interstatesAndUSRoutes() {
        #expect(us.routeNumber("I-95") == "Interstate 95")
        #expect(us.routeNumber("I 280") == "Interstate 280")
        #expect(us.routeNumber("US-101") == "U S Route 101")
        #expect(us.road("I-95") == "Interstate 95")
    }

    @Test func britishRoads() {
        #expect(uk.routeNumber("M25") == "M 25")
        #expect(uk.routeNumber("A406") == "A 406")
        #expect(uk.routeNumber("A1(M)") == "A 1 M")
    }

    @Test func germanStrasseAsWordAndSuffix() {
        #expect(de.road("Hauptstr.") == "Hauptstraße")
        #expect(de.road("Berliner Str.") == "Berliner Straße")
        #expect(de.road("Marktpl.") == "Marktplatz")
        #expect(de.road("Goethestraße") == "Goethestraße")
        #expect(de.road("Dr.-Müller-Weg") == "Dr.-Müller-Weg")
        #expect(de.routeNumber("A7") == "A 7")
        #expect(de.routeNumber("B27") == "B 27")
    }

    @Test func frenchAbbreviations() {
        #expect(fr.road("Av. des Champs-Élysées") == "Avenue des Champs-Élysées")
        #expect(fr.road("Bd Haussmann") == "Boulevard Haussmann")
        #expect(fr.road("Pl. de la Concorde") == "Place de la Concorde")
        #expect(fr.road("R. St-Denis") == "Rue Saint-Denis")
        #expect(fr.routeNumber("N7") == "N 7")
        #expect(fr.routeNumber("RN7") == "RN 7")
    }

    @Test func exitNumbersSplitDigitsFromLetters() {
        #expect(us.exitNumber("12B") == "12 B")
        #expect(us.exitNumber("7") == "7")
        #expect(us.exitNumber("A12") == "A 12")
        #expect(us.exitNumber(" 101A ") == "101 A")
    }

    @Test func unknownRoutesOnlyLoseTheirHyphen() {
        #expect(NameExpander.none.routeNumber("E-45") == "E 45")
        #expect(NameExpander.none.routeNumber("Route 66") == "Route 66")
    }

    @Test func wordsAreMatchedWithExactCaseAndWholly() {
        #expect(us.road("Stanford Ave") == "Stanford Avenue")
        #expect(us.road("ST. JOHN") == "ST. JOHN")
        #expect(us.road("  Oak   Ave.  ") == "Oak Avenue")
    }

    /// An abbreviation said by the word that follows it (issue 37): Swedish "St." is Sankt before a
    /// saint's name and Stora before any other word.
    @Test func anAbbreviationMayDependOnTheNextWord() throws {
        let sv = try PackFiles.pack("sv").names
        #expect(sv.road("St. Eriksgatan") == "Sankt Eriksgatan")
        #expect(sv.road("St. Nygatan") == "Stora Nygatan")
        #expect(sv.road("S:t Eriksgatan") == "Sankt Eriksgatan")
        // Polish and Czech "św." / "sv." by the saint's genitive; an indeclinable name is left as written.
        let pl = try PackFiles.pack("pl").names
        #expect(pl.road("ul. św. Anny") == "ulica świętej Anny")
        #expect(pl.road("Plac św. Jana") == "Plac świętego Jana")
        #expect(pl.road("św. Apostołów") == "świętych Apostołów")
        let cs = try PackFiles.pack("cs").names
        #expect(cs.road("sv. Ludmily") == "svaté Ludmily")
        #expect(cs.road("sv. Václava") == "svatého Václava")
        #expect(cs.road("sv. Jiří") == "sv. Jiří")
    }

    /// With `next` rules and neither `first` nor `other`, a word no rule recognises is left as
    /// written: an ambiguous abbreviation is better said as written than said wrong.
    @Test func anAmbiguousAbbreviationIsLeftAsWritten() throws {
        var pack = MinimalPack()
        pack.extra = """
            names:
              words:
                "św.": { next: [{ match: '(y|i)$', say: świętej }, { match: '(a|ego)$', say: świętego }] }
            """
        let names = try pack.pack().names
        #expect(names.road("św. Anny") == "świętej Anny")
        #expect(names.road("św. Jana") == "świętego Jana")
        #expect(names.road("św. Wincentego") == "świętego Wincentego")
        #expect(names.road("Plac św. Ducha") == "Plac świętego Ducha")
        #expect(names.road("Kościół św.") == "Kościół św.")
        #expect(names.road("św. Józef") == "św. Józef")
    }

    @Test func aWordRuleWithNothingToSayIsRefused() throws {
        var pack = MinimalPack()
        pack.extra = "names:\n  words:\n    \"św.\": { }"
        let error = try #require(throws: PhrasePackError.self) { try pack.pack() }
        #expect(error.description.contains("a word rule says 'first', 'other' or 'next'"), "\(error)")
        pack.extra = "names:\n  words:\n    \"św.\": { next: [{ match: '(', say: x }] }"
        let bad = try #require(throws: PhrasePackError.self) { try pack.pack() }
        #expect(bad.description.contains("bad regular expression"), "\(bad)")
    }
}
