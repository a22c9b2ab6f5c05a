import Testing

@testable import Guidance

/// Pronunciation lexicons: a pack's `lexicon`, a user's added over it, a route's own pronunciation,
/// and the SSML a prompt is said with (the words shown stay the names as written).
@Suite struct LexiconTests {
    @Test func packLexiconsParse() throws {
        let us = try PackFiles.pack("en-US").lexicon
        #expect(us["Houston Street"] == Pronunciation(say: "[[h'aUst@n str'i:t]]"))
        #expect(us["Houston Street"]?.isPhonemes == true)
        #expect(us["Mackinac Bridge"] == Pronunciation(say: "Mackinaw Bridge"))
        #expect(us["El Camino Real"] == Pronunciation(say: "El Camino Real", language: "es"))
        #expect(try PackFiles.pack("fr").lexicon == Lexicon(entries: ["l'est": Pronunciation(say: "[[l'Est]]")]))
        #expect(try PackFiles.pack("it").lexicon == .empty)
    }

    @Test func aUserLexiconAddsAndOverrides() throws {
        let user = try Lexicon(yaml: #"{ "Houston Street": "Hyoo stun Street", "Kosciuszko Street": "[[k0S'u:skoU str'i:t]]" }"#)
        let pack = try PackFiles.pack("en-US").adding(user)
        #expect(pack.lexicon["Houston Street"] == Pronunciation(say: "Hyoo stun Street"))
        #expect(pack.lexicon["Kosciuszko Street"]?.isPhonemes == true)
        #expect(pack.lexicon["Mackinac Bridge"] == Pronunciation(say: "Mackinaw Bridge"))
    }

    @Test(arguments: [
        (#"{ "Main St": "[[m'eIn" }"#, "Main St", "phonemes must be the whole entry"),
        (#"{ "Main St": "the [[m'eIn]] street" }"#, "Main St", "phonemes must be the whole entry"),
        (#"{ "Main St": "" }"#, "Main St", "says nothing"),
        (#"{ "Main St": "<break/>" }"#, "Main St", "not allowed"),
        (#"{ "Main St": { say: "Main", language: "d e" } }"#, "Main St", "is not an eSpeak NG language"),
        (#"{ "Main St": { say: "Main", voice: de } }"#, "Main St.voice", "unknown key 'voice'"),
        (#"{ "Main St": [a, b] }"#, "Main St", "expected a text value"),
        ("[a, b]", "", "expected a mapping"),
    ])
    func malformedEntriesAreNamed(yaml: String, path: String, message: String) {
        #expect {
            _ = try Lexicon(yaml: yaml)
        } throws: { error in
            guard let error = error as? PhrasePackError else { return false }
            return error.path == path && error.description.contains(message)
        }
    }

    @Test func aPackWithABadLexiconIsRefusedAtTheEntry() throws {
        let yaml = try PackFiles.yaml("en-US") + "\n  \"Bad Road\": \"[[b'ad\"\n"
        #expect(throws: PhrasePackError.self) { try PhrasePack(yaml: yaml) }
        do {
            _ = try PhrasePack(yaml: yaml)
        } catch {
            #expect(error.path == "lexicon.Bad Road")
        }
    }

    @Test func phonemesAreSaidAndTheNameShown() throws {
        let composer = try PackFiles.composer("en-US")
        let maneuver = Maneuver(type: .rightTurn, roadName: "Houston St.")
        let wording = composer.wording(maneuver, state: .initial, distance: 400)
        #expect(wording.text == "In a quarter mile, turn right onto Houston Street")
        #expect(wording.speech == "In a quarter mile, turn right onto [[h'aUst@n str'i:t]]")
    }

    @Test func aRespellingIsSaid() throws {
        let composer = try PackFiles.composer("en-US")
        let wording = composer.wording(Maneuver(type: .rightTurn, roadName: "Mackinac Bridge"), state: .initial, distance: 400)
        #expect(wording.text.contains("Mackinac Bridge"))
        #expect(wording.speech?.contains("Mackinaw Bridge") == true)
    }

    @Test func aForeignNameGetsItsVoice() throws {
        let composer = try PackFiles.composer("en-US")
        let wording = composer.wording(Maneuver(type: .leftTurn, roadName: "El Camino Real"), state: .initial, distance: 400)
        #expect(wording.text == "In a quarter mile, turn left onto El Camino Real")
        #expect(
            wording.speech
                == #"<speak><voice name="en-us">In a quarter mile, turn left onto </voice><voice name="es">El Camino Real</voice></speak>"#)
    }

    @Test func theRoutesPronunciationWinsAndIsNeverShown() throws {
        let composer = try PackFiles.composer("en-US")
        let maneuver = Maneuver(type: .rightTurn, roadName: "Houston St.", roadNamePronunciation: "[[h'ju:st@n str'i:t]]")
        let wording = composer.wording(maneuver, state: .initial, distance: 400)
        #expect(wording.text == "In a quarter mile, turn right onto Houston Street")
        #expect(wording.speech == "In a quarter mile, turn right onto [[h'ju:st@n str'i:t]]")
    }

    @Test func aPromptWithoutSuchNamesHasNoSpeechMarkup() throws {
        let composer = try PackFiles.composer("en-US")
        let wording = composer.wording(Maneuver(type: .rightTurn, roadName: "Main St.", routeNumber: "I-95"), state: .initial, distance: 400)
        #expect(wording.speech == nil)
    }

    @Test func theRestOfTheSentenceIsEscaped() throws {
        let names = SpokenNames()
        let token = names.mark("Houston Street", as: Pronunciation(say: "[[h'aUst@n str'i:t]]"))
        let other = names.mark("A&B <Road>", as: nil)
        #expect(
            names.markup("Turn <right> onto \(token) & \(other)", voice: "en-us") == "Turn &lt;right&gt; onto [[h'aUst@n str'i:t]] &amp; A&amp;B &lt;Road&gt;")
        #expect(SpokenNames().markup("no names", voice: "en-us") == nil)
    }

    @Test func everyWordingOfAManeuverCarriesTheSameNames() throws {
        let composer = try PackFiles.composer("en-GB")
        let maneuver = Maneuver(type: .rightTurn, lanes: [Lane(angle: 0, status: .good)!, Lane(angle: 90, status: .preferred)!], roadName: "Leicester Sq")
        let wordings = composer.wordings(maneuver, state: .initial, distance: 400, then: Maneuver(type: .leftTurn))
        #expect(wordings.map(\.text) == composer.compositions(maneuver, state: .initial, distance: 400, then: Maneuver(type: .leftTurn)))
        for wording in wordings where wording.text.contains("Leicester Square") {
            #expect(wording.speech?.contains("[[l'Est3 skw'e@]]") == true, "\(wording)")
        }
        #expect(wordings.last?.speech == nil)
    }
}
