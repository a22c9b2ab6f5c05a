import AudioPolicy
import Guidance
import PropertyBased
import Testing

@testable import StrictCoding

/// "Did you mean …?" for a mistyped name (pure).
@Suite struct NearestNameTests {
    private let maneuvers = ManeuverType.allCases.map(\.rawValue)

    @Test func theNamesUsersMistypeFindWhatTheyMeant() {
        #expect(NearestName.suggestion(for: "turnLeft", among: maneuvers) == "leftTurn")
        #expect(NearestName.suggestion(for: "TurnRight", among: maneuvers) == "rightTurn")
        #expect(NearestName.suggestion(for: "left-turn", among: maneuvers) == "leftTurn")
        #expect(NearestName.suggestion(for: "roundaboutExit", among: maneuvers) == "exitRoundabout")
        #expect(NearestName.suggestion(for: "roundaboutExt3", among: maneuvers) == "roundaboutExit3")
        #expect(NearestName.suggestion(for: "uturn", among: maneuvers) == "uTurn")
        #expect(NearestName.suggestion(for: "radio", among: ["fmRadio", "music", "podcast"]) == "fmRadio")
        #expect(NearestName.suggestion(for: "langauge", among: ["name", "language", "units", "speed"]) == "language")
        #expect(NearestName.suggestion(for: "spede", among: ["name", "language", "units", "speed"]) == "speed")
        #expect(NearestName.suggestion(for: "EN-us", among: ["de", "en-GB", "en-US", "fr"]) == "en-US")
        #expect(NearestName.suggestion(for: "podcst", among: ["fmRadio", "music", "podcast"]) == "podcast")
        // Nothing close: no guess.
        #expect(NearestName.suggestion(for: "xx", among: ["de", "en-GB", "en-US", "fr"]) == nil)
        #expect(NearestName.suggestion(for: "banana", among: maneuvers) == nil)
        #expect(NearestName.suggestion(for: "", among: maneuvers) == nil)
        #expect(NearestName.didYouMean("turnLeft", among: maneuvers) == " (did you mean 'leftTurn'?)")
        #expect(NearestName.didYouMean("banana", among: maneuvers) == "")
    }

    @Test func theEditDistanceCountsSwapsAsOneEdit() {
        func distance(_ a: String, _ b: String) -> Int { NearestName.editDistance(Array(a), Array(b)) }
        #expect(distance("language", "langauge") == 1)
        #expect(distance("kitten", "sitting") == 3)
        #expect(distance("", "abc") == 3 && distance("abc", "") == 3 && distance("same", "same") == 0)
    }

    /// A known name is its own suggestion, and a name with one letter dropped still finds one at most
    /// one edit away (or the same words reordered).
    @Test func everyKnownNameAndEveryOneLetterSlipIsFound() async {
        for name in maneuvers { #expect(NearestName.suggestion(for: name, among: maneuvers) == name) }
        await propertyCheck(count: 300, input: Gen.element(of: maneuvers), Gen.int(in: 0...99)) { element, seed in
            let name = element ?? "leftTurn"
            let position = seed % name.count
            var slipped = Array(name)
            slipped.remove(at: position)
            let found = NearestName.suggestion(for: String(slipped), among: maneuvers)
            // One edit away, or the same words in another order ("roundaboutExit" for exitRoundabout).
            let near = found.map { NearestName.editDistance(NearestName.letters(of: String(slipped)), NearestName.letters(of: $0)) }
            let reordered = found.map { NearestName.words(of: $0).sorted() == NearestName.words(of: String(slipped)).sorted() } ?? false
            #expect(near.map { $0 <= 1 } == true || reordered, "\(name) without letter \(position): \(String(describing: found))")
        }
    }
}
