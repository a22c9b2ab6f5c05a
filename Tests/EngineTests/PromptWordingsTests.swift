import Guidance
import PackLibrary
import Prompts
import Testing

@testable import Engine

/// `PromptWordings` alone, pure over the shipped packs: what each kind of request says, in which
/// voice, and what a text's own words give it. The engine's tests prove the same through a queued
/// prompt (`EngineTextTimingTests`, the daemon's socket tests).
@Suite struct PromptWordingsTests {
    static let wording = PromptWordings(voices: VoiceLibrary.locate(), defaultLanguage: "en-US", maxTextCharacters: 1000)

    @Test func anAppsTextIsTidiedAndOffersItsShorterForm() throws {
        let (candidates, voice) = try Self.wording.wordings(for: PromptRequest(text: "In 200 m turn right onto Oak Ave, then turn left"))
        #expect(candidates.count == 2 && candidates[0].text.count > candidates[1].text.count)
        #expect(!candidates[1].text.contains("then"), "the shorter form drops the chained instruction")
        #expect(voice == Self.wording.voices.pack(for: "en-US")?.espeakVoice)
        let whole = try Self.wording.wordings(for: PromptRequest(text: "In 200 m turn right, then turn left"), everyWord: true)
        #expect(whole.candidates.count == 1, "a text said whole has no shorter form")
    }

    @Test func aTextOverTheLimitIsLeftAsItIsToBeRefused() throws {
        let long = String(repeating: "a", count: 1001)
        let (candidates, _) = try Self.wording.wordings(for: PromptRequest(text: long))
        #expect(candidates.map(\.text) == [long])
    }

    @Test func aManeuverNeedsAPackAndTextFallsBackToAnEspeakVoice() throws {
        let maneuver = PromptRequest(content: .maneuver(Maneuver(type: .rightTurn, roadName: "Oak Avenue"), then: nil), language: "tlh")
        #expect(throws: EngineError.self) { try Self.wording.wordings(for: maneuver) }
        let text = try Self.wording.wordings(for: PromptRequest(content: .text("Hallo"), language: "de_AT"))
        #expect(text.voice == Self.wording.voices.pack(for: "de")?.espeakVoice || text.voice == "de-at")
        let unknown = try Self.wording.wordings(for: PromptRequest(content: .text("Hello"), language: "xx_YY"))
        #expect(unknown.voice == "xx-yy", "a tag without a pack is taken as an eSpeak NG voice")
    }

    @Test func variantsKeepTheAppsOrderWithoutRepeatsOrOverlongOnes() throws {
        let long = String(repeating: "b", count: 1001)
        let (candidates, _) = try Self.wording.wordings(for: PromptRequest(content: .textVariants(["Slow down.", long, "Slow down.", "Slow."])))
        #expect(candidates.map(\.text) == ["Slow down.", "Slow."])
        let (onlyLong, _) = try Self.wording.wordings(for: PromptRequest(content: .textVariants([long])))
        #expect(onlyLong.map(\.text) == [long], "every variant too long: the first, to be refused")
    }

    @Test func markupWithoutWordsHasNothingToSay() throws {
        let (candidates, _) = try Self.wording.wordings(for: PromptRequest(content: .markup("<speak><break time=\"200ms\"/></speak>")))
        #expect(candidates.count == 1 && candidates[0].text.isEmpty && candidates[0].speech == nil)
    }

    @Test func aTextsOwnWordsGiveItsKeyAndDeadlineOnlyWhenAsked() {
        var asked = PromptOptions()
        asked.timingFromText = true
        let request = PromptRequest(text: "In 200 meters, turn right onto Oak Avenue.")
        let timed = Self.wording.timed(asked, request)
        #expect(timed.key != nil && timed.deadline != nil)
        let notAsked = Self.wording.timed(PromptOptions(), request)
        #expect(notAsked.key == nil && notAsked.deadline == nil)
    }
}
