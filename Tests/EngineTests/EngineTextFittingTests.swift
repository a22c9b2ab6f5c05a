import AudioPolicy
import Foundation
import Prompts
import RPC
import Testing

@testable import Engine

/// Text as a navigation app sends it, through the whole engine on the in-memory server
/// (`EngineRig`; `InstantRenderer` speaks a word in 0.1 s, and up to 1.25× as fast when a text does
/// not fit, as `PromptFitter` does with eSpeak NG): tidied, without its chained instruction when it
/// does not fit, spoken faster, and refused only when even that does not fit, with an event.
@Suite struct EngineTextFittingTests {
    static func words(_ count: Int, _ word: String = "street") -> String { Array(repeating: word, count: count).joined(separator: " ") }

    /// Speaks `text` and returns its outcome and the words its `prompt.started` said.
    static func spoken(_ text: String, on rig: EngineRig) async throws -> (outcome: PromptOutcome, said: String?) {
        async let spoken = rig.engine.prompts.speak(PromptRequest(text: text))
        await rig.output.waitUntilPlaying(rig.output.played + 1)
        rig.output.drain()
        let outcome = try await spoken
        return (outcome, rig.events.all.last { $0.type == .promptStarted }?.text)
    }

    @Test func aTextThatDoesNotFitLosesItsChainedInstructionFirst() async throws {
        let rig = try await EngineRig.start()
        // 7 s in all, 5 s without the second instruction (Navit's join: a comma and a capital).
        let text = "Turn right now into " + Self.words(46) + " , Turn left then into " + Self.words(16) + "|left"
        let (outcome, said) = try await Self.spoken(text, on: rig)
        let first = "Turn right now into " + Self.words(46)
        #expect(outcome.result == .shortened, "said with less than it was sent with")
        #expect(said == first && outcome.text == first)
        #expect(abs(outcome.audioDuration - 5) < 0.01, "at its own pace: \(outcome.audioDuration) s")
        // The text as sent, tidied, is what was queued.
        let queued = rig.events.all.first { $0.type == .promptQueued }?.text
        #expect(queued == "Turn right now into " + Self.words(46) + ", Turn left then into " + Self.words(16))
        await rig.stop()
    }

    @Test func aTextSevenSecondsLongIsSpokenFaster() async throws {
        let rig = try await EngineRig.start()
        let (outcome, said) = try await Self.spoken(Self.words(70), on: rig)
        #expect(outcome.result == .finished && said == Self.words(70))
        #expect(abs(outcome.audioDuration - 7 / PromptFitter.fastest) < 0.01, "\(outcome.audioDuration) s")
        await rig.stop()
    }

    @Test func aTextTooLongEvenSoIsRefusedInTheReplyAndInAnEvent() async throws {
        let rig = try await EngineRig.start()
        let text = Self.words(80)
        await #expect {
            _ = try await rig.engine.prompts.speak(PromptRequest(text: text), client: "navit", options: PromptOptions(priority: .low))
        } throws: { error in
            "\(error)".contains("more than the 6 s a prompt may take") && "\(error)".contains("1.25× as fast")
        }
        let refused = try #require(rig.events.all.first { $0.type == .promptRefused })
        #expect(refused.client == "navit" && refused.text == text && refused.priority == .low)
        #expect(refused.reason?.contains("1.25× as fast") == true, "\(refused.reason ?? "")")
        #expect(!rig.events.all.contains { $0.type == .promptQueued }, "nothing was queued")
        #expect(rig.output.played == 0)
        await rig.stop()
    }
}
