import Testing

@testable import Guidance

/// A broken pack is rejected on load with an error that says what and where.
@Suite struct PhrasePackErrorTests {
    func loadError(_ pack: MinimalPack) -> PhrasePackError? {
        do {
            _ = try pack.pack()
            return nil
        } catch {
            return error
        }
    }

    @Test func minimalPackLoads() throws {
        let pack = try MinimalPack().pack()
        #expect(pack.language == "xx" && pack.unitSystem == .metric && pack.capitalizeSentences)
        let composer = PhraseComposer(pack: pack)
        #expect(composer.compose(Maneuver(type: .leftTurn, roadName: "Oak"), state: .initial, distance: 300) == "In 300 meters turns to Oak")
    }

    @Test func missingTopLevelKey() throws {
        var pack = MinimalPack()
        pack.phrases = ""
        let error = try #require(loadError(pack))
        #expect(error.kind == .missingKey && error.path == "phrases")
        #expect(error.description == "phrases (line 1): missing required key 'phrases'")
    }

    @Test func missingStateTemplate() throws {
        var pack = MinimalPack()
        pack.states = pack.states.replacingOccurrences(of: "  prepare: \"in {distance} {short}\"\n", with: "")
        let error = try #require(loadError(pack))
        #expect(error.kind == .missingKey && error.path == "states.prepare")
    }

    /// Found by the long fuzz run: a `#` that turned a phrase into a comment left `execute:` empty,
    /// the pack loaded, and the maneuver was announced with nothing.
    @Test func anEmptyPhraseIsRefused() throws {
        var pack = MinimalPack()
        pack.states = pack.states.replacingOccurrences(of: "  prepare: \"in {distance} {short}\"\n", with: "  prepare: #\"in {distance} {short}\"\n")
        let error = try #require(loadError(pack))
        #expect(error.kind == .invalidValue && error.path == "states.prepare", "\(error)")
        #expect(error.description.contains("an empty phrase"))
    }

    @Test func typeWithoutAnyWording() throws {
        var pack = MinimalPack()
        pack.maneuvers["ferries"] = nil
        pack.maneuvers["enterFerry"] = "\"board\""
        let error = try #require(loadError(pack))
        #expect(error.kind == .missingKey && error.path == "maneuvers.changeFerry.action")
        #expect(error.message.contains("family 'ferries'"))
    }

    @Test func unknownManeuverType() throws {
        var pack = MinimalPack()
        pack.maneuvers["roundaboutExit20"] = "\"twentieth\""
        let error = try #require(loadError(pack))
        #expect(error.kind == .unknownManeuverType && error.path == "maneuvers.roundaboutExit20")
        #expect(error.message.contains("'roundaboutExit20'") && error.message.contains("roundaboutExits"))
    }

    @Test func unknownPlaceholder() throws {
        var pack = MinimalPack()
        pack.maneuvers["turns"] = "\"turn {direction}\""
        let error = try #require(loadError(pack))
        #expect(error.kind == .unknownPlaceholder)
        #expect(error.message.contains("{direction}") && error.message.contains("{side}"))
    }

    @Test func unknownPlaceholderInUnitWording() throws {
        var pack = MinimalPack()
        pack.distance = pack.distance.replacingOccurrences(of: "\"{n} meters\"", with: "\"{count} meters\"")
        let error = try #require(loadError(pack))
        #expect(error.kind == .unknownPlaceholder && error.path == "distance.default.meters.other")
    }

    @Test func unknownForm() throws {
        var pack = MinimalPack()
        pack.states = pack.states.replacingOccurrences(of: "go {distance}", with: "go {distance:genitive}")
        let error = try #require(loadError(pack))
        #expect(error.kind == .unknownPlaceholder && error.path == "states.continue")
        #expect(error.message.contains("genitive"))
    }

    @Test func roadOutsideBracketsWouldBeUnfilled() throws {
        var pack = MinimalPack()
        pack.maneuvers["turns"] = "\"turn onto {road}\""
        let error = try #require(loadError(pack))
        #expect(error.kind == .unfilledPlaceholder && error.path == "maneuvers.turns.action")
        #expect(error.message.contains("{road}") && error.message.contains("[ ]"))
    }

    @Test func sideIsUnfilledForTypesWithoutOne() throws {
        var pack = MinimalPack()
        pack.maneuvers["straight"] = "\"go {side}\""
        let error = try #require(loadError(pack))
        #expect(error.kind == .unfilledPlaceholder && error.path == "maneuvers.straight.action")
    }

    @Test func ordinalIsUnfilledOutsideRoundaboutExits() throws {
        var pack = MinimalPack()
        pack.states = pack.states.replacingOccurrences(of: "\"{short} now\"", with: "\"{short} now {ordinal}\"")
        let error = try #require(loadError(pack))
        #expect(error.kind == .unfilledPlaceholder && error.path == "states.execute")
    }

    @Test func thenAndLanesMustBeOptional() throws {
        var pack = MinimalPack()
        pack.states = pack.states.replacingOccurrences(of: "\"in {distance} {short}\"", with: "\"in {distance} {short}, then {then}\"")
        let error = try #require(loadError(pack))
        #expect(error.kind == .unfilledPlaceholder && error.message.contains("{then}"))
    }

    @Test func templateSyntax() throws {
        var pack = MinimalPack()
        pack.maneuvers["turns"] = "\"turn {side}[ onto {road}\""
        let error = try #require(loadError(pack))
        #expect(error.kind == .templateSyntax && error.path == "maneuvers.turns" && error.message.contains("unclosed ["))
    }

    @Test func unknownKeyIsATypo() throws {
        var pack = MinimalPack()
        pack.maneuvers["turns"] = "{ action: \"turn\", shrot: \"turn\" }"
        let error = try #require(loadError(pack))
        #expect(error.kind == .unknownKey && error.path == "maneuvers.turns.shrot")
    }

    @Test func wrongNumberOfOrdinals() throws {
        var pack = MinimalPack()
        pack.ordinals = "ordinals:\n  default: [first, second]"
        let error = try #require(loadError(pack))
        #expect(error.kind == .invalidValue && error.message.contains("19"))
    }

    @Test func missingPluralCategory() throws {
        var pack = MinimalPack()
        pack.numbers += "\n    few: \"i = 2..4\""
        let error = try #require(loadError(pack))
        #expect(error.kind == .missingKey && error.path == "distance.default.meters.few")
    }

    @Test func unitsOfTheWrongSystem() throws {
        var pack = MinimalPack()
        pack.header = pack.header.replacingOccurrences(of: "metric", with: "imperialUS")
        let error = try #require(loadError(pack))
        // Its own system's units are required (another system's may be worded too).
        #expect(error.kind == .missingKey && error.path == "distance.default.feet", "\(error)")
    }

    @Test func badUnitSystem() throws {
        var pack = MinimalPack()
        pack.header = pack.header.replacingOccurrences(of: "metric", with: "furlongs")
        let error = try #require(loadError(pack))
        #expect(error.message == "unknown unit system 'furlongs' (expected one of: metric, imperialUS, imperialUK)")
    }

    @Test func badPluralRule() throws {
        var pack = MinimalPack()
        pack.numbers = pack.numbers.replacingOccurrences(of: "i = 1 and v = 0", with: "i == 1")
        let error = try #require(loadError(pack))
        #expect(error.kind == .invalidValue && error.path == "numbers.plural")
    }

    @Test func badRouteRegex() throws {
        var pack = MinimalPack()
        pack.extra = "names:\n  routes:\n    - { match: '([', say: 'x' }"
        let error = try #require(loadError(pack))
        #expect(error.kind == .invalidValue && error.message.contains("regular expression"))
    }

    @Test func notYAML() throws {
        let error = try #require(throws: PhrasePackError.self) { try PhrasePack(yaml: "language: [unclosed") }
        #expect(error.kind == .invalidYAML)
    }
}
