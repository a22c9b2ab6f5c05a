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
        #expect(
            try PackFiles.pack("fr").lexicon
                == Lexicon(entries: ["l'est": Pronunciation(say: "[[l'Est]]")], words: ["Est": Pronunciation(say: "Èst")]))
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
        (#"{ "Grand Rue": { say: "Grande Rue", word: true } }"#, "Grand Rue", "a word entry is one word"),
        (#"{ "Ost": { say: "Osst", word: true, language: de } }"#, "Ost", "said in the name's voice"),
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

/// Word entries (`word: true`): a word said otherwise wherever it stands whole inside a name, with
/// the name's form kept. French "Est" at a name's end is read by eSpeak NG as the verb "è"
/// (`espeak-ng -v fr -x "Rocade Est"`: rok'ad 'E); "Èst" is the compass point ('Est).
@Suite struct LexiconWordTests {
    @Test func aFrenchRoadEndingInEstIsSaidWithTheCompassPoint() throws {
        let composer = try PackFiles.composer("fr")
        let turn = composer.wording(Maneuver(type: .rightTurn, roadName: "Avenue de la Liberté Est"), state: .execute, distance: 0)
        #expect(turn.text == "Tournez à droite sur l'avenue de la Liberté Est")
        #expect(turn.speech == "Tournez à droite sur l'avenue de la Liberté Èst")
        // After an elided article inside the name, and on a signpost and a destination too.
        let ramp = composer.wording(Maneuver(type: .onRamp, towards: "Porte de l'Est"), state: .execute, distance: 0)
        #expect(ramp.text.contains("Porte de l'Est") && ramp.speech?.contains("Porte de l'Èst") == true, "\(ramp)")
        let arrival = composer.wording(Maneuver(type: .arriveAtDestination, destinationName: "Gare Routière Est"), state: .execute, distance: 0)
        #expect(arrival.text == "Vous êtes arrivé à la gare Routière Est", "\(arrival)")
        #expect(arrival.speech == "Vous êtes arrivé à la gare Routière Èst", "\(arrival)")
    }

    @Test func onlyTheWholeWordIsRespelt() throws {
        let composer = try PackFiles.composer("fr")
        for name in ["Rue de l'Estérel", "Avenue Ernest Renan", "Chemin des Estables"] {
            let wording = composer.wording(Maneuver(type: .leftTurn, roadName: name), state: .execute, distance: 0)
            #expect(wording.speech == nil, "\(name): \(wording)")
        }
    }

    @Test func aWholeNameEntryWinsOverItsWords() throws {
        let user = try Lexicon(yaml: #"{ "Quai Est": "Quai de l'Orient", "Nord": { say: "Norr", word: true } }"#)
        let composer = PhraseComposer(pack: try PackFiles.pack("fr").adding(user))
        let whole = composer.wording(Maneuver(type: .leftTurn, roadName: "Quai Est"), state: .execute, distance: 0)
        #expect(whole.speech == "Tournez à gauche sur le Quai de l'Orient", "\(whole)")
        // A user's word entry is added to the pack's, which still holds.
        let words = composer.wording(Maneuver(type: .leftTurn, roadName: "Rocade Nord-Est"), state: .execute, distance: 0)
        #expect(words.speech == "Tournez à gauche sur la rocade Norr-Èst", "\(words)")
    }

    /// A name said otherwise than written stands in the speech as a token; the word a template says
    /// right before it, which the name starts with, is still said once, as in the text.
    @Test func aNameWithAPronunciationStartingWithTheWordBeforeItIsSaidOnce() throws {
        let user = try Lexicon(yaml: #"{ "Fähre Wittdün": "Fähre Wittdühn" }"#)
        let composer = PhraseComposer(pack: try PackFiles.pack("de").adding(user))
        let ferry = composer.wording(Maneuver(type: .enterFerry, roadName: "Fähre Wittdün"), state: .execute, distance: 0)
        #expect(ferry.text == "Auf die Fähre Wittdün fahren", "\(ferry)")
        let speech = try #require(ferry.speech, "the name has a pronunciation: \(ferry)")
        #expect(speech == "Auf die Fähre Wittdühn fahren", "\(speech)")
    }

    /// The mirror, where a name said otherwise ends with the word said right after it.
    @Test func aNameWithAPronunciationEndingWithTheWordAfterItIsSaidOnce() {
        let spoken = SpokenNames()
        let token = spoken.mark("望京环岛", as: Pronunciation(say: "望京环岛"))
        #expect(spoken.markup("在\(token)环岛向左转", voice: "cmn") == "在望京环岛向左转")
        let road = SpokenNames()
        let said = road.mark("Kaub Fähre", as: Pronunciation(say: "Kaub Fähre"))
        #expect(road.markup("auf die \(said) fähre fahren", voice: "de") == "auf die Kaub Fähre fahren")
    }

    @Test func respellingSplitsAtSpacesHyphensAndApostrophes() {
        let lexicon = Lexicon(entries: [:], words: ["Est": Pronunciation(say: "Èst")])
        #expect(lexicon.respelling(of: "Cité de l’Est")?.say == "Cité de l’Èst")
        #expect(lexicon.respelling(of: "Sud-Est Avenue")?.say == "Sud-Èst Avenue")
        #expect(lexicon.respelling(of: "Estuaire") == nil)
        #expect(lexicon.respelling(of: "est") == nil)
    }
}
