import Foundation

@testable import Guidance

/// Phrase packs in the repository's `voices/` directory (tests may read files; Guidance may not).
enum PackFiles {
    static let voicesDirectory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("voices")

    static var languages: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: voicesDirectory.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    static func yaml(_ language: String) throws -> String {
        try String(contentsOf: voicesDirectory.appendingPathComponent("\(language).yaml"), encoding: .utf8)
    }

    static func pack(_ language: String) throws -> PhrasePack { try PhrasePack(yaml: yaml(language)) }

    static func composer(_ language: String) throws -> PhraseComposer { PhraseComposer(pack: try pack(language)) }

    /// A composer for each of `languages`, by language.
    static func composers(_ languages: [String]) throws -> [String: PhraseComposer] {
        try Dictionary(uniqueKeysWithValues: languages.map { ($0, try composer($0)) })
    }
}
