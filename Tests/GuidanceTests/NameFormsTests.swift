import Testing

@testable import Guidance

/// A pack's `nameForms`: a name's kind from the first rule that matches it, each form's words around
/// the name and its changed endings, the plain name where no rule or form applies, and a pack that
/// asks for a form it does not define refused at load. Pure tests, on `MinimalPack`.
@Suite struct NameFormsTests {
    static let forms = """
        nameForms:
          kinds:
            - { kind: f, match: '(?i)(straße|allee)$' }
            - { kind: elided, match: '^[AEIOU]' }
            - { kind: adj, match: 'ska$' }
          forms:
            dat:
              f: "der {name}"
              elided: "l'{name}"
              adj: { say: "w {name}", replace: [{ match: '(\\w+)ska\\b', with: '$1ską' }] }
            to:
              other: "nach {name}"
        """

    static func pack(_ template: String = "\"turn[ to {road:dat}]\"", extra: String = forms) throws -> PhrasePack {
        var pack = MinimalPack()
        pack.maneuvers["turns"] = template
        pack.extra = extra
        return try pack.pack()
    }

    @Test func aNameTakesTheFormOfItsKindAndOtherwiseStaysAsWritten() throws {
        let forms = try Self.pack().nameForms
        #expect(forms.kind(of: "Hauptstraße") == "f")
        #expect(forms.kind(of: "Marktplatz") == nil)
        #expect(forms.say("Hauptstraße", in: "dat") == "der Hauptstraße")
        #expect(forms.say("A 6", in: "dat") == "l'A 6")
        #expect(forms.say("Marszałkowska", in: "dat") == "w Marszałkowską")
        // No rule matches, and the form has no `other`: the name as written.
        #expect(forms.say("Marktplatz", in: "dat") == "Marktplatz")
        // A form with `other` only says it for every kind.
        #expect(forms.say("Hauptstraße", in: "to") == "nach Hauptstraße")
        #expect(forms.say("Hauptstraße", in: nil) == "Hauptstraße")
        // A name with its own pronunciation keeps its letters; `mark` wraps the name alone.
        #expect(forms.say("Marszałkowska", in: "dat", inflect: false) { "<\($0)>" } == "w <Marszałkowska>")
        #expect(forms.formNames == ["dat", "to"])
    }

    @Test func aTemplateSaysTheNameInTheFormItAsksFor() throws {
        let composer = PhraseComposer(pack: try Self.pack())
        #expect(composer.compose(Maneuver(type: .leftTurn, roadName: "Hauptstr"), state: .initial, distance: 300) == "In 300 meters turn to Hauptstr")
        #expect(composer.compose(Maneuver(type: .leftTurn, roadName: "Lindenallee"), state: .initial, distance: 300) == "In 300 meters turn to der Lindenallee")
        #expect(composer.compose(Maneuver(type: .leftTurn), state: .initial, distance: 300) == "In 300 meters turn")
    }

    @Test func aPackThatAsksForAFormItDoesNotDefineIsRefused() throws {
        let error = try #require(throws: PhrasePackError.self) { try Self.pack("\"turn[ to {road:gen}]\"") }
        #expect(error.description.contains("names form 'gen' that the pack does not define; forms of {road}: dat, to"), "\(error)")
        let none = try #require(throws: PhrasePackError.self) { try Self.pack("\"turn[ to {road:dat}]\"", extra: "") }
        #expect(none.description.contains("forms of {road}: none"), "\(none)")
    }

    @Test(arguments: [
        ("nameForms:\n  forms:\n    dat: { m: \"dem {name}\" }", "no rule in nameForms.kinds gives the kind 'm'"),
        ("nameForms:\n  forms:\n    dat: { other: \"dem\" }", "a name's form says {name} once"),
        ("nameForms:\n  forms:\n    dat: { other: \"[dem {name}]\" }", "a name's form says {name} once"),
        ("nameForms:\n  forms:\n    dat: { other: \"{road} {name}\" }", "a name's form says {name} once"),
        ("nameForms:\n  kinds:\n    - { kind: f, match: '(' }\n  forms:\n    dat: { f: \"der {name}\" }", "bad regular expression"),
        ("nameForms:\n  forms:\n    da-t: { other: \"{name}\" }", "letters only"),
        ("nameForms:\n  kinds: []", "missing required key 'forms'"),
    ])
    func aBrokenSectionIsRefusedSayingWhere(yaml: String, message: String) throws {
        let error = try #require(throws: PhrasePackError.self) { try Self.pack("\"turn\"", extra: yaml) }
        #expect(error.description.contains(message), "\(error)")
        #expect(error.path.hasPrefix("nameForms"), "\(error.path)")
    }
}
