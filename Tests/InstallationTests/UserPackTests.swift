import Foundation
import Guidance
import Installation
import Testing

@testable import PackLibrary

/// A user's own pack in `~/.local/share/voxnav/voices/` adds to the shipped packs, or overrides the
/// shipped pack of its language; a broken one leaves the shipped pack in place.
@Suite struct UserPackTests {
    static let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("voices").path

    static func shippedText(_ language: String) throws -> String {
        try String(contentsOfFile: shipped + "/\(language).yaml", encoding: .utf8)
    }

    func library(user: TemporaryTree) -> VoiceLibrary {
        VoiceLibrary(directories: [
            .init(path: user.path("voices"), origin: .user), .init(path: Self.shipped, origin: .prefix),
        ])
    }

    @Test func aUsersPackOverridesTheShippedPackOfItsLanguage() throws {
        let user = try TemporaryTree()
        let text = try Self.shippedText("en-US").replacingOccurrences(of: "rerouting: \"Recalculating route\"", with: "rerouting: \"New route\"")
        try user.write("voices/my-english.yaml", text)
        let library = library(user: user)
        #expect(library.problems.isEmpty, "\(library.problems)")
        #expect(PhraseComposer(pack: try #require(library.packs["en-US"])).rerouting == "New route")
        #expect(
            library.sources["en-US"]
                == .init(file: user.path("voices/my-english.yaml"), origin: .user, overrides: [Self.shipped + "/en-US.yaml"]))
        // The other languages are still the shipped ones.
        #expect(library.sources["de"] == .init(file: Self.shipped + "/de.yaml", origin: .prefix, overrides: []))
        #expect(library.languages.count == VoiceLibrary(directory: URL(fileURLWithPath: Self.shipped)).languages.count)
    }

    @Test func aUsersPackOfANewLanguageAddsToTheShippedOnes() throws {
        let user = try TemporaryTree()
        let text = try Self.shippedText("en-GB").replacingOccurrences(of: "language: en-GB", with: "language: en-IE")
        try user.write("voices/en-IE.yaml", text)
        let library = library(user: user)
        #expect(library.sources["en-IE"]?.origin == .user)
        #expect(library.sources["en-GB"]?.origin == .prefix)
        #expect(library.pack(for: "en-IE")?.language == "en-IE")
    }

    @Test func aBrokenUsersPackIsReportedAndTheShippedOneStays() throws {
        let user = try TemporaryTree()
        try user.write("voices/en-US.yaml", "language: en-US\nname: [broken")
        let library = library(user: user)
        #expect(library.problems.keys.sorted() == [user.path("voices/en-US.yaml")])
        #expect(library.sources["en-US"]?.origin == .prefix)
    }

    @Test func besideTheInstalledPacksInOneDirectoryTheUsersOwnFileWins() throws {
        // Installed with the prefix ~/.local, the shipped packs are in the user's data directory.
        let data = try TemporaryTree()
        try data.write("voxnav/voices/en-US.yaml", try Self.shippedText("en-US"))
        try data.write("voxnav/installed-files", data.path("voxnav/voices/en-US.yaml") + "\n")
        let mine = try Self.shippedText("en-US").replacingOccurrences(of: "rerouting: \"Recalculating route\"", with: "rerouting: \"Mine\"")
        try data.write("voxnav/voices/a-mine.yaml", mine)  // sorts before en-US.yaml
        let library = VoiceLibrary(directories: [.init(path: data.path("voxnav/voices"), origin: .user)])
        #expect(PhraseComposer(pack: try #require(library.packs["en-US"])).rerouting == "Mine")
        #expect(
            library.sources["en-US"] == .init(file: data.path("voxnav/voices/a-mine.yaml"), origin: .user, overrides: [data.path("voxnav/voices/en-US.yaml")]))
        try FileManager.default.removeItem(atPath: data.path("voxnav/voices/a-mine.yaml"))
        let shipped = VoiceLibrary(directories: [.init(path: data.path("voxnav/voices"), origin: .user)])
        #expect(shipped.sources["en-US"]?.origin == .prefix, "an installed file is the prefix's, though in the user's directory")
    }

    @Test func anExplicitDirectoryIsReadAlone() {
        let library = VoiceLibrary.locate(explicit: Self.shipped)
        #expect(library.directories == [.init(path: Self.shipped, origin: .explicit)])
        #expect(library.sources.values.allSatisfy { $0.origin == .explicit })
    }
}
