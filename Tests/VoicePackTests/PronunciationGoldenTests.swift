import Foundation
import Guidance
import PackLibrary
import ProcessSupport
import Speech
import Testing

@testable import Engine

/// Names said right, end to end: a prompt with lexicon entries, route references and foreign names
/// is composed from the shipped packs; the real `espeak-ng -q -x` CLI must say it with the committed
/// golden phonemes, and VoxNav's own synthesis (libespeak-ng, through `PromptFitter` as a prompt is
/// spoken) must say exactly the same phonemes. Needs no sound server.
@Suite(.serialized) struct PronunciationGoldenTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let language: String
        let maneuver: Maneuver
        let state: ManeuverState
        let distance: Double
        /// What `espeak-ng -q -x` prints, lines joined by single spaces.
        let golden: String
        var testDescription: String { "\(language): \(maneuver.roadName ?? maneuver.routeNumber ?? "")" }
    }

    static let cases: [Case] = [
        // A lexicon's phonemes.
        Case(
            language: "en-US", maneuver: Maneuver(type: .rightTurn, roadName: "Houston St."), state: .initial, distance: 400,
            golden: "In a# kw'O@t#3 m'aIl t'3:n r'aIt ,0nt2U h'aUst@n str'i:t"),
        Case(
            language: "en-GB", maneuver: Maneuver(type: .rightTurn, roadName: "Cholmondeley Rd"), state: .initial, distance: 400,
            golden: "In a# kw'O@t3r- @v@ m'aIl t'3:n r'aIt ,0ntU tS'Vmli r'oUd"),
        // A respelling.
        Case(
            language: "en-US", maneuver: Maneuver(type: .rightTurn, roadName: "Mackinac Bridge"), state: .initial, distance: 400,
            golden: "In a# kw'O@t#3 m'aIl t'3:n r'aIt ,0nt2U m'akI2n,O: br'IdZ"),
        // Another language's voice for a foreign name.
        Case(
            language: "en-US", maneuver: Maneuver(type: .leftTurn, roadName: "El Camino Real"), state: .initial, distance: 400,
            golden: "In a# kw'O@t#3 m'aIl t'3:n l'Eft '0nt2U el kam'ino R2e'al"),
        Case(
            language: "de", maneuver: Maneuver(type: .rightTurn, roadName: "Avenue des Champs-Élysées"), state: .initial, distance: 300,
            golden: "_!_|In dr'aIh'Und3t m'e:t3n r'ECts _|'aUf avn'y de- S'A~eliz'e _!'apb,i:g@n"),
        // A compass word's phonemes: eSpeak NG reads "vers l'est" as "vers l'è" (the verb).
        Case(
            language: "fr", maneuver: Maneuver(type: .startRoute, roadName: "Allée des Tilleuls", heading: 95), state: .execute, distance: 0,
            golden: "diriZ'evu vEr l'Est syr lal'e de- tij'Wl"),
        // Route references read as roads.
        Case(
            language: "en-US", maneuver: Maneuver(type: .leftTurn, roadName: "CT 145"), state: .initial, distance: 400,
            golden: "In a# kw'O@t#3 m'aIl t'3:n l'Eft ,0nt2U k@n'Et#I2k@t r'aUt w'Vnh'VndrI2d f'o@t#i f'aIv"),
        Case(
            language: "en-US", maneuver: Maneuver(type: .onRamp, routeNumber: "I-95"), state: .initial, distance: 400,
            golden: "In a# kw'O@t#3 m'aIl t'eIk D@2 r'amp ,0nt2U ,Int3st'eIt n'aInti f'aIv"),
        Case(
            language: "de", maneuver: Maneuver(type: .onRamp, routeNumber: "A7"), state: .initial, distance: 300,
            golden: "_!_|In dr'aIh'Und3t m'e:t3n_! _|aUf di: _!'A: z'i:b@n _!'aUff,A:R@n"),
        // A route's own pronunciation (OSRM's and Mapbox's `pronunciation`).
        Case(
            language: "en-GB",
            maneuver: Maneuver(type: .leftTurn, roadName: "Magdalen St", roadNamePronunciation: "[[m'O:dlIn str'i:t]]"),
            state: .initial, distance: 400, golden: "In a# kw'O@t3r- @v@ m'aIl t'3:n l'Eft ,0ntU m'O:dlIn str'i:t"),
    ]

    static let library = VoiceLibrary(
        directory: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("voices"))

    static func wording(_ c: Case) throws -> (Wording, String) {
        let pack = try #require(library.packs[c.language])
        return (PhraseComposer(pack: pack).wording(c.maneuver, state: c.state, distance: c.distance), pack.espeakVoice)
    }

    /// Lines joined by single spaces.
    static func normalized(_ phonemes: String) -> String {
        phonemes.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `espeak-ng -q -x -v VOICE [-m] TEXT`: phoneme input is on in the CLI; `-m` reads SSML.
    static func cli(_ text: String, voice: String, ssml: Bool) throws -> String {
        let (status, output) = try ChildProcess.run(
            "espeak-ng", ["-q", "-x", "-v", voice] + (ssml ? ["-m"] : []) + [text], error: .inherit, limit: 60)
        #expect(status == 0, "espeak-ng failed (scripts/setup --tests installs it)")
        return normalized(output)
    }

    @Test(arguments: cases)
    func theCLISaysTheGoldenPhonemes(_ c: Case) throws {
        let (wording, voice) = try Self.wording(c)
        let phonemes = try Self.cli(wording.speech ?? wording.text, voice: voice, ssml: wording.speech != nil)
        #expect(phonemes == c.golden, "\(wording)")
    }

    /// libespeak-ng, given what the prompt player's `PromptFitter` gives it for the wording (the same
    /// input and flags), traced by eSpeak NG's own phoneme trace.
    /// Whichever voice spoke before (eSpeak NG keeps state between syntheses).
    @Test(arguments: cases)
    func voxNavSaysTheSamePhonemes(_ c: Case) async throws {
        let (wording, voice) = try Self.wording(c)
        let input = PromptFitter.input(for: wording)
        #expect(input.markup == (wording.speech != nil))
        let synth = try Synthesizer.shared()
        for before in ["fr", "en-us", voice] {
            _ = try await synth.synthesize("Hallo", voice: before)
            let phonemes = try await synth.phonemes(input.text, voice: voice, ssml: input.markup, phonemes: input.markup)
            #expect(Self.normalized(phonemes) == c.golden, "after \(before): \(wording)")
        }
    }

    /// The fitter speaks a wording with a lexicon name, and reports its text, not its markup.
    @Test func aPromptWithALexiconNameIsSpokenAndShownAsWritten() async throws {
        let (wording, voice) = try Self.wording(Self.cases[0])
        #expect(wording.speech != nil)
        let (text, audio) = try await PromptFitter(maxSeconds: 6).fit(
            [wording], voice: voice, rate: 175, overBudget: .quicken, synthesizer: try Synthesizer.shared())
        #expect(text == "In a quarter mile, turn right onto Houston Street")
        #expect(audio.duration > 1)
    }
}
