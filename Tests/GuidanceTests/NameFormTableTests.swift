import Foundation
import Testing

@testable import Guidance

/// Real local names in the sentences a navigation app says them in, as a native app would say them
/// (issue 37): one table per language in `Tests/names/<language>.yaml`, read when the test runs.
/// Each entry is a name and, for each sentence it is said in, the whole sentence expected:
/// - `arrival`: arriving at it (the destination, said at the maneuver);
/// - `continue`: following it (the road driven, a long way before the next maneuver);
/// - `turn`: turning right onto it, 200 m before;
/// - `roundabout`: taking the roundabout's second exit onto it;
/// - `rotary`: the roundabout itself named so, taking its second exit;
/// - `departure`: setting off on it;
/// - `towards`: keeping right towards it, 200 m before (a signpost).
@Suite struct NameFormTableTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("names")

    static var languages: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    static let sentences = ["arrival", "continue", "turn", "roundabout", "rotary", "departure", "towards"]

    /// The sentence `kind` with `name` in it.
    static func say(_ kind: String, _ name: String, with composer: PhraseComposer) -> String? {
        switch kind {
        case "arrival": composer.compose(Maneuver(type: .arriveAtDestination, destinationName: name), state: .execute, distance: 0)
        case "continue": composer.compose(Maneuver(type: .rightTurn, currentRoadName: name), state: .continue, distance: 5000)
        case "turn": composer.compose(Maneuver(type: .rightTurn, roadName: name), state: .prepare, distance: 200)
        case "roundabout": composer.compose(Maneuver(type: .roundaboutExit2, roadName: name), state: .execute, distance: 10)
        case "rotary": composer.compose(Maneuver(type: .roundaboutExit2, rotaryName: name), state: .execute, distance: 10)
        case "departure": composer.compose(Maneuver(type: .startRoute, roadName: name), state: .execute, distance: 0)
        case "towards": composer.compose(Maneuver(type: .keepRight, towards: name), state: .prepare, distance: 200)
        default: nil
        }
    }

    @Test(arguments: languages) func eachNameIsSaidAsANativeAppSaysIt(language: String) throws {
        let table = try PhrasePack.root(yaml: String(contentsOf: Self.directory.appendingPathComponent("\(language).yaml"), encoding: .utf8))
        let composer = try PackFiles.composer(try table.required("language").string())
        var names = 0
        var said: [String: Int] = [:]
        for entry in try table.required("names").items() {
            let name = try entry.required("name").string()
            names += 1
            for (kind, expected) in try entry.entries() where kind != "name" && kind != "note" {
                let sentence = try #require(
                    Self.say(kind, name, with: composer), "\(language): unknown sentence '\(kind)' for \(name); known: \(Self.sentences)")
                #expect(sentence == (try expected.string()), "\(language) \(kind): \(name)")
                said[kind, default: 0] += 1
            }
        }
        #expect(names >= 30, "\(language): \(names) names, at least 30 wanted")
        for kind in ["arrival", "continue", "turn", "roundabout", "departure"] {
            #expect(said[kind, default: 0] >= 10, "\(language): \(said[kind, default: 0]) names in \(kind) sentences, at least 10 wanted")
        }
    }
}
