import Testing
import YAMLTree

/// The one decoding layer over the tree: paths, lines, typed reads, the nearest name, and the one
/// form of a problem.
struct YAMLCursorTests {
    private func root(_ text: String, document: String? = nil) throws -> YAMLCursor {
        try #require(try YAMLCursor.root(yaml: text, document: document))
    }

    private func problem(_ read: () throws(YAMLProblem) -> Void) -> YAMLProblem? {
        do {
            try read()
            return nil
        } catch {
            return error
        }
    }

    @Test func childrenCarryTheirPathAndLine() throws {
        let doc = try root("ramps:\n  duck: 0.5\nmaneuvers:\n  - type: left\n  - lanes:\n      - {angle: 10}\n")
        let duck = try doc.required("ramps").required("duck")
        #expect(duck.path == "ramps.duck" && duck.line == 2 && duck.key == "duck")
        let maneuvers = try doc.required("maneuvers").items()
        #expect(maneuvers.map(\.path) == ["maneuvers[0]", "maneuvers[1]"])
        let angle = try maneuvers[1].required("lanes").items()[0].required("angle")
        #expect(angle.path == "maneuvers[1].lanes[0].angle" && angle.line == 6)
        #expect(try doc.entries().map(\.key) == ["ramps", "maneuvers"])
        #expect(try doc.optional("absent") == nil)
    }

    @Test func scalarsAreReadAsTheTypeAskedFor() throws {
        let doc = try root("a: 0.25\nb: \"12\"\nc: 1_000\nd: 1:30\ne: 'yes'\nf: Off\ng: no\nh: [1]\n")
        #expect(try doc.required("a").double() == 0.25)
        #expect(try doc.required("b").int() == 12)
        #expect(try doc.required("b").double() == 12)
        #expect(try doc.required("c").int() == 1000)
        #expect(try doc.required("d").double() == 90)
        #expect(try doc.required("e").bool() == true)
        #expect(try doc.required("f").bool() == false)
        // Text stays as written, whatever YAML would type it as.
        #expect(try doc.required("g").string() == "no")
        #expect(try doc.required("a").string() == "0.25")
    }

    @Test func aWrongTypeSaysWhatWasExpectedAndFound() throws {
        let doc = try root("x: loud\ny: [1, 2]\nz: 2.5\nw: .inf\n")
        let loud = problem { () throws(YAMLProblem) in _ = try doc.required("x").double("a number of seconds") }
        #expect(loud?.message == "expected a number of seconds (got 'loud')")
        #expect(loud?.path == "x" && loud?.line == 1 && loud?.kind == .invalidValue)
        let list = problem { () throws(YAMLProblem) in _ = try doc.required("y").string() }
        #expect(list?.message == "expected a text value" && list?.kind == .wrongShape && list?.line == 2)
        #expect(problem { () throws(YAMLProblem) in _ = try doc.required("z").int() }?.message == "expected a whole number (got '2.5')")
        #expect(problem { () throws(YAMLProblem) in _ = try doc.required("w").double() }?.message == "expected a number (got '.inf')")
        #expect(problem { () throws(YAMLProblem) in _ = try doc.required("x").bool() }?.message == "expected true or false (got 'loud')")
    }

    private enum Vehicle: String, CaseIterable { case car, bicycle, pedestrian }

    @Test func anUnknownNameSuggestsTheNearestAllowedOne() throws {
        let doc = try root("vehicle: bicycel\nother: tractor\n")
        let typo = problem { () throws(YAMLProblem) in _ = try doc.required("vehicle").value("vehicle", Vehicle.self) }
        #expect(typo?.message == "unknown vehicle 'bicycel' (did you mean 'bicycle'?) (expected one of: car, bicycle, pedestrian)")
        #expect(typo?.path == "vehicle" && typo?.line == 1)
        let far = problem { () throws(YAMLProblem) in _ = try doc.required("other").value("vehicle", Vehicle.self) }
        #expect(far?.message == "unknown vehicle 'tractor' (expected one of: car, bicycle, pedestrian)")
        let key = problem { () throws(YAMLProblem) in try doc.onlyKeys(["vehicle", "others"]) }
        #expect(key?.kind == .unknownKey && key?.path == "other" && key?.line == 2)
        #expect(key?.message == "unknown key 'other' (did you mean 'others'?) (expected one of: vehicle, others)")
    }

    @Test func aMissingKeyIsNamedAtItsPathWithTheMappingsLine() throws {
        let doc = try root("name: x\nroute:\n  trafficSide: left\n")
        let missing = problem { () throws(YAMLProblem) in _ = try doc.required("route").required("maneuvers") }
        #expect(missing?.kind == .missingKey && missing?.path == "route.maneuvers" && missing?.line == 3)
        #expect(missing?.description == "route.maneuvers (line 3): missing required key 'maneuvers'")
    }

    @Test func theOneFormSaysFileLinePathAndMessage() {
        #expect(YAMLProblem(path: "ramps.duck", line: 3, message: "m").description == "ramps.duck (line 3): m")
        #expect(YAMLProblem(file: "r.yaml", path: "maneuvers[0]", line: 2, message: "m").description == "r.yaml: maneuvers[0] (line 2): m")
        #expect(YAMLProblem(file: "r.yaml", path: "", message: "m").description == "r.yaml: m")
        #expect(YAMLProblem(document: "policy", path: "", message: "m").description == "policy: m")
        #expect(YAMLProblem(path: "", line: 1, message: "m").description == "line 1: m")
        #expect(YAMLProblem(path: "", message: "m").description == "m")
    }

    @Test func textThatIsNotYAMLIsOneProblemOfTheDocument() throws {
        do throws(YAMLProblem) {
            _ = try YAMLCursor.root(yaml: "a: [", document: "policy")
            Issue.record("accepted")
        } catch {
            #expect(error.kind == .invalidYAML && error.path == "")
            #expect(error.description.hasPrefix("policy: not valid YAML: "), "\(error)")
        }
        #expect(try YAMLCursor.root(yaml: "") == nil)
    }

    @Test func aTextLimitRefusesLongerText() throws {
        let doc = try #require(try YAMLCursor.root(yaml: "a: abcdef\nb: abc\n", textLimit: YAMLCursor.TextLimit(characters: 4, what: "a word")))
        #expect(try doc.required("b").string() == "abc")
        let long = problem { () throws(YAMLProblem) in _ = try doc.required("a").string() }
        #expect(long?.message == "'abcdef' has 6 characters, over the 4 a word may have")
    }

    @Test func aCollectingReaderListsEveryProblemAndReadsOn() throws {
        let doc = try root("speed: fast\ncolour: red\nlanguag: de\n")
        var reader = YAMLReader()
        let keys = reader.entries(doc, known: ["speed", "language", "name"], required: ["language", "name"])
        #expect(keys["speed"]?.path == "speed" && keys["colour"] == nil)
        #expect(reader.read(try keys["speed"]!.double()) == nil)
        #expect(reader.problems.map(\.path) == ["colour", "languag", "name", "speed"])
        // The typo stands for `language`, named once, at the typo's line.
        #expect(reader.problems[1].message.hasPrefix("unknown key 'languag' (did you mean 'language'?)"))
        #expect(reader.problems.map(\.line) == [2, 3, 1, 1])
        #expect(reader.items(doc).isEmpty && reader.problems.last?.message == "expected a list")
    }
}
