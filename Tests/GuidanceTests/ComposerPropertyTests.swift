import Foundation
import PropertyBased
import Testing

@testable import Guidance

/// Whatever a guidance engine sends, every pack says something complete.
@Suite struct ComposerPropertyTests {
    static let composers: [PhraseComposer] = PackFiles.languages.compactMap { try? PackFiles.composer($0) }

    @Test func packsLoaded() {
        #expect(Self.composers.count == PackFiles.languages.count)
    }

    @Test func anyManeuverIsSaidCompletely() async {
        let types = Gen.element(of: ManeuverType.allCases).map { $0! }
        let states = Gen.element(of: ManeuverState.allCases).map { $0! }
        let names = Gen.element(of: [nil, "", "Main St.", "St. John Blvd", "CT 145", "Hauptstr.", "Av. Foch"]).map { $0! }
        let refs = Gen.element(of: [nil, "I-95", "A7", "M25", "US-1"]).map { $0! }
        let statuses = Gen.element(of: LaneStatus.allCases).map { $0! }.array(of: 0...5)
        let packIndex = Gen.int(in: 0...max(0, Self.composers.count - 1))
        await propertyCheck(count: 400, input: types, states, names, refs, statuses, Gen.double(in: 0...30_000), packIndex, Gen.bool) {
            type, state, name, ref, statuses, meters, index, chained in
            guard !Self.composers.isEmpty else { return }
            let composer = Self.composers[index]
            let maneuver = Maneuver(
                type: type, lanes: statuses.map { Lane(angle: 0, status: $0)! }, roadName: name,
                routeNumber: ref, exitNumber: ref == nil ? nil : "4A")
            for style in PhraseStyle.allCases {
                let text = composer.compose(
                    maneuver, state: state, distance: meters,
                    then: chained ? Maneuver(type: .keepLeft) : nil, style: style)
                let context = "\(composer.pack.language) \(type) \(state) \(style): \(text)"
                #expect(!text.isEmpty, "\(context)")
                #expect(!text.contains { "{}[]|".contains($0) }, "\(context)")
                #expect(!text.contains("  ") && text == text.trimmingCharacters(in: .whitespaces), "\(context)")
            }
        }
    }

    @Test func maneuverCarriesItsOwnStateAndDistance() throws {
        let composer = try PackFiles.composer("en-US")
        let maneuver = try Maneuver(json: Data(#"{"type": "keepRight", "state": "prepare", "distanceRemaining": 200}"#.utf8))
        #expect(composer.compose(maneuver) == "In 700 feet, keep right")
        #expect(try PhrasePack(yaml: Data(PackFiles.yaml("en-US").utf8)) == composer.pack)
    }
}
