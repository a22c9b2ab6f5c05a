import Foundation
import Testing

@testable import Guidance

/// Item 7 of issue 21: a 100 MB phrase was accepted (2 GB). A pack has a size cap and a phrase a
/// length cap, and the error repeats at most 80 characters of what it refuses.
@Suite struct PackLimitTests {
    @Test func aPhraseOverTheLengthCapIsRefusedAndNotEchoedWhole() throws {
        var pack = MinimalPack()
        let long = String(repeating: "turn left and ", count: 50)
        pack.states = pack.states.replacingOccurrences(of: "  prepare: \"in {distance} {short}\"\n", with: "  prepare: \"\(long) {distance}\"\n")
        #expect(long.count > PhrasePack.maximumPhraseLength)
        do {
            _ = try pack.pack()
            Issue.record("a phrase of \(long.count) characters was accepted")
        } catch {
            #expect(error.path == "states.prepare", "\(error)")
            #expect(error.description.contains("over the \(PhrasePack.maximumPhraseLength) a phrase may have"), "\(error)")
            #expect(error.description.count < 300, "\(error)")
        }
        // At the cap it loads.
        var atCap = MinimalPack()
        let fits = String(repeating: "a", count: PhrasePack.maximumPhraseLength - "{distance}".count - 1) + " {distance}"
        atCap.states = atCap.states.replacingOccurrences(of: "  prepare: \"in {distance} {short}\"\n", with: "  prepare: \"\(fits)\"\n")
        _ = try atCap.pack()
    }

    @Test func aPackOverTheSizeCapIsRefusedBeforeItIsParsed() throws {
        var pack = MinimalPack()
        pack.header += "\n# " + String(repeating: "x", count: PhrasePack.maximumFileSize)
        let clock = ContinuousClock()
        var refusal: PhrasePackError?
        let elapsed = clock.measure {
            do throws(PhrasePackError) { _ = try pack.pack() } catch { refusal = error }
        }
        let error = try #require(refusal)
        #expect(error.description.hasPrefix("the pack is \(pack.yaml.utf8.count) bytes (1 MiB), over the 1 MiB cap"), "\(error)")
        #expect(elapsed < .seconds(1), "\(elapsed)")
    }
}
