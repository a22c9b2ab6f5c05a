import Testing

@testable import Guidance

@Suite struct TemplateTests {
    func render(_ source: String, _ values: [String: String]) throws -> String? {
        try Template(source).render { placeholder in
            values[placeholder.form.map { "\(placeholder.name):\($0)" } ?? placeholder.name]
        }
    }

    @Test func optionalSegmentsDropWhenUnfilled() throws {
        #expect(try render("turn {side}[ onto {road}]", ["side": "left", "road": "Oak"]) == "turn left onto Oak")
        #expect(try render("turn {side}[ onto {road}]", ["side": "left"]) == "turn left")
    }

    @Test func firstFilledAlternativeWins() throws {
        let source = "take [exit {exit}|the exit][ toward {ref}|, toward {road}]"
        #expect(try render(source, ["exit": "12 B", "ref": "I 95", "road": "Oak"]) == "take exit 12 B toward I 95")
        #expect(try render(source, ["road": "Oak"]) == "take the exit, toward Oak")
        #expect(try render(source, [:]) == "take the exit")
    }

    @Test func nestedSegments() throws {
        let source = "go[ to {road}[ ({ref})]]"
        #expect(try render(source, ["road": "Oak", "ref": "A 7"]) == "go to Oak (A 7)")
        #expect(try render(source, ["road": "Oak"]) == "go to Oak")
        #expect(try render(source, ["ref": "A 7"]) == "go")
    }

    @Test func requiredPlaceholderUnfilledGivesNil() throws {
        #expect(try render("in {distance}", [:]) == nil)
    }

    @Test func formsAreParsed() throws {
        let template = try Template("in {distance:dative}[ {road}]")
        #expect(template.requiredPlaceholders == [Placeholder("distance", form: "dative")])
        #expect(template.allPlaceholders == [Placeholder("distance", form: "dative"), Placeholder("road")])
        #expect(try render("in {distance:dative}", ["distance:dative": "einem Kilometer"]) == "in einem Kilometer")
    }

    @Test func pipeOutsideBracketsIsText() throws {
        #expect(try render("a | b", [:]) == "a | b")
    }

    @Test(arguments: ["turn {side", "turn [left", "turn left]", "turn }", "{}", "{a:b:c}", "{road name}"])
    func syntaxErrors(source: String) {
        #expect(throws: TemplateSyntaxError.self) { try Template(source) }
    }
}
