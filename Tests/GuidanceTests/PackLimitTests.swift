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

    /// Issue 50, row 7 (pure: text in, the refusal out): a pack or a lexicon whose keys are 500
    /// aliases of a 20 KB key is 10 MB of keys from 24 KB. Refused by the YAML budget, within a second.
    @Test func anAliasBombAsAPackOrALexiconIsRefusedWithinASecond() throws {
        let bomb = "x: &k " + String(repeating: "k", count: 20_000) + "\n" + String(repeating: "*k : say\n", count: 500)
        var pack = MinimalPack()
        pack.header += "\n" + bomb
        let clock = ContinuousClock()
        var refusals: [PhrasePackError] = []
        let elapsed = clock.measure {
            do throws(PhrasePackError) { _ = try pack.pack() } catch { refusals.append(error) }
            do throws(PhrasePackError) { _ = try Lexicon(yaml: bomb) } catch { refusals.append(error) }
        }
        #expect(refusals.count == 2)
        for error in refusals { #expect(error.description.contains("its aliases add over 256 KiB of text to the document"), "\(error)") }
        #expect(elapsed < .seconds(1), "\(elapsed)")
    }

    /// Issue 50, row 14 (pure): `^(a+)+$` under `--voices` took 64 CPU-s on a 30-character name, and
    /// every client waited. An expression that can backtrack catastrophically is refused when the
    /// pack is read, naming it; the shapes the shipped packs use are not.
    @Test(arguments: [
        ("^(a+)+$", "'(a+)+' repeats a group that holds a repetition"),
        ("(a|aa)*b", "'(a|aa)*' repeats a group that holds an alternative"),
        ("(a?){25}a{25}", "'(a?){25}' repeats a group that holds a repetition"),
        (#"^(\w+\s?)*$"#, "repeats a group that holds a repetition"),
        ("^(?:x(y*)z)+$", "'(?:x(y*)z)+' repeats a group that holds a repetition"),
        ("(?i)(a|b){2,}", "repeats a group that holds an alternative"),
        ("^.*.*.*x", "more than 2 unbounded repetitions"),
        (#"\p{L}*\p{L}*x"#, "2 unbounded repetitions (*, +, {n,}) and is not anchored at the start"),
        (#"^a+b|c\d+"#, "not anchored at the start"),
    ])
    func anExpressionThatCanBacktrackCatastrophicallyIsRefused(pattern: String, problem: String) throws {
        #expect {
            try PackRegex(pattern, at: "names.routes[0]")
        } throws: { error in
            let text = "\(error)"
            return text.contains("regular expression \(pattern) refused") && text.contains(problem) && text.contains("names.routes[0]")
        }
    }

    @Test(arguments: [
        #"^(?:[A-Z] ){1,3}\d"#, #"^S\.?P\.? ?-? ?(\d+)( ?bis| ?dir)?$"#, #"\b(Alt|Neu|\p{Lu}\w{2,}isch)e(?= )"#,
        #"^\p{Lu}\p{Ll}+(sk|ck|dzk)ie \p{Lu}\p{Ll}+ie$"#, #"(?i)^a+b|^c\d+"#, "[(+*]+x", "a{2}(b){3}", "(?i)x+", "(?#a comment)a+", #"\p{L}{2,}\("#,
    ])
    func theShapesShippedPacksUseAreAccepted(pattern: String) throws {
        _ = try PackRegex(pattern, at: "x")
    }

    @Test func everyShippedExpressionPassesTheCheck() throws {
        for language in PackFiles.languages {
            _ = try PackFiles.pack(language)
        }
    }
}
