import Foundation
import Guidance
import Installation
import Testing

@testable import PackLibrary

/// A user's lexicon in `~/.local/share/voxnav/lexicon/<language>.yaml` adds to and overrides the
/// pack's `lexicon`, the most important directory's last; a malformed one is reported with its file
/// and entry and changes nothing; one naming no pack is reported.
@Suite struct UserLexiconTests {
    static let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("voices").path

    func library(_ user: TemporaryTree, system: TemporaryTree? = nil) -> VoiceLibrary {
        VoiceLibrary(
            directories: [.init(path: Self.shipped, origin: .prefix)],
            lexicons: [.init(path: user.path("lexicon"), origin: .user)] + (system.map { [.init(path: $0.path("lexicon"), origin: .system)] } ?? []))
    }

    @Test func aUsersLexiconAddsToAndOverridesThePacks() throws {
        let user = try TemporaryTree()
        try user.write("lexicon/en-US.yaml", "\"Houston Street\": \"Hyoo stun Street\"\n\"Kosciuszko St\": \"[[k0S'u:skoU str'i:t]]\"\n")
        let library = library(user)
        #expect(library.problems.isEmpty, "\(library.problems)")
        let pack = try #require(library.packs["en-US"])
        #expect(pack.lexicon["Houston Street"] == Pronunciation(say: "Hyoo stun Street"))
        #expect(pack.lexicon["Mackinac Bridge"] == Pronunciation(say: "Mackinaw Bridge"))
        #expect(library.lexicons["en-US"] == [user.path("lexicon/en-US.yaml")])
        let wording = PhraseComposer(pack: pack).wording(Maneuver(type: .rightTurn, roadName: "Kosciuszko St"), state: .initial, distance: 400)
        #expect(wording.text == "In a quarter mile, turn right onto Kosciuszko Street")
        #expect(wording.speech == "In a quarter mile, turn right onto [[k0S'u:skoU str'i:t]]")
    }

    @Test func theMostImportantDirectoryWins() throws {
        let user = try TemporaryTree()
        let system = try TemporaryTree()
        try user.write("lexicon/de.yaml", "\"Via Mala\": \"Wia Mala\"\n")
        try system.write("lexicon/de.yaml", "\"Via Mala\": \"Fia Mala\"\n\"Ring\": \"Rink\"\n")
        let pack = try #require(library(user, system: system).packs["de"])
        #expect(pack.lexicon["Via Mala"] == Pronunciation(say: "Wia Mala"))
        #expect(pack.lexicon["Ring"] == Pronunciation(say: "Rink"))
    }

    @Test func aMalformedLexiconIsReportedWithItsFileAndEntry() throws {
        let user = try TemporaryTree()
        try user.write("lexicon/en-US.yaml", "\"Houston Street\": \"[[h'aUst@n\"\n")
        try user.write("lexicon/xx.yaml", "\"Main St\": Main\n")
        let library = library(user)
        let problem = try #require(library.problems[user.path("lexicon/en-US.yaml")])
        #expect(problem.contains("Houston Street") && problem.contains("phonemes must be the whole entry"), "\(problem)")
        #expect(library.problems[user.path("lexicon/xx.yaml")]?.contains("no phrase pack for language 'xx'") == true)
        #expect(library.packs["en-US"]?.lexicon["Houston Street"] == Pronunciation(say: "[[h'aUst@n str'i:t]]"))
    }
}
