import PropertyBased
import Speech
import Testing

/// A client's SSML as eSpeak NG is given it: the elements it speaks by kept, everything else
/// dropped with its text kept, always well-formed; and what eSpeak NG makes of it: the markup is
/// never spoken.
@Suite struct SpeechMarkupTests {
    @Test func theElementsESpeakSpeaksByAreKeptWithTheirKnownAttributes() {
        let markup = SpeechMarkup(
            #"<speak version="1.0"><emphasis level="strong">Turn right</emphasis><break time="300ms"/> onto <say-as interpret-as="characters">A7</say-as> <prosody rate="slow" onclick="x">now</prosody></speak>"#
        )
        #expect(
            markup.markup
                == #"<speak><emphasis level="strong">Turn right</emphasis><break time="300ms"/> onto <say-as interpret-as="characters">A7</say-as> <prosody rate="slow">now</prosody></speak>"#
        )
        #expect(markup.text == "Turn right onto A7 now")
    }

    @Test func unknownElementsCommentsAndDeclarationsGoAndTheirWordsStay() {
        let markup = SpeechMarkup(
            #"<?xml version="1.0"?><!-- a note --><speak><voice name="x"><audio src="a.wav">Keep left</audio></voice>, <mark name="m"/>then exit.</speak>"#)
        #expect(markup.markup == "<speak>Keep left, then exit.</speak>")
        #expect(markup.text == "Keep left, then exit.")
        // Many comments in a row are skipped one after another.
        let comments = SpeechMarkup(String(repeating: "<!-- x --><?pi?>", count: 5000) + "Go")
        #expect(comments.markup == "<speak>Go</speak>" && comments.text == "Go")
        #expect(SpeechMarkup(#"<break time="1s"/><!-- none -->"#).text.isEmpty)
    }

    @Test func brokenMarkupIsMadeWellFormed() {
        #expect(
            SpeechMarkup("<emphasis>Turn <prosody rate=\"fast\">left").markup
                == #"<speak><emphasis>Turn <prosody rate="fast">left</prosody></emphasis></speak>"#)
        #expect(SpeechMarkup("Turn left</emphasis></speak> now").markup == "<speak>Turn left now</speak>")
        // Closing an outer element closes what was opened inside it.
        #expect(SpeechMarkup("<p><s>One</p>Two").markup == "<speak><p><s>One</s></p>Two</speak>")
    }

    @Test func textIsEscapedAndEntitiesAreRead() {
        let markup = SpeechMarkup("Tom &amp; Jerry&apos;s &lt;Lane&gt; 5 < 6 &#x41;&#66; & more [[kl'Ic]]")
        #expect(markup.text == "Tom & Jerry's <Lane> 5 < 6 AB & more [[kl'Ic]]")
        #expect(markup.markup == "<speak>Tom &amp; Jerry's &lt;Lane&gt; 5 &lt; 6 AB &amp; more [ [kl'Ic]]</speak>")
    }

    @Test func anAttributeValueCannotCloseItsQuote() {
        #expect(SpeechMarkup(#"<break time='1s"/><audio src=x>'/>Go"#).markup.contains("audio") == false)
        #expect(SpeechMarkup(#"<prosody rate="&quot;/&gt;&lt;audio">Go</prosody>"#).markup == "<speak><prosody>Go</prosody></speak>")
    }

    /// Whatever the input, the markup is well-formed: tags balance, and no `<` or `&` stands bare.
    @Test func anyInputGivesWellFormedMarkup() async {
        let pieces = [
            "<speak>", "</speak>", "<emphasis>", "</emphasis>", "<break/>", "<p>", "</p>", "<x>", "</x>", "<!--", "-->", "&", "&amp;", "<", ">", "\"", "word",
            " ",
        ]
        await propertyCheck(input: Gen.int(in: 0...(pieces.count - 1)).array(of: 0...30)) { indices in
            let markup = SpeechMarkup(indices.map { pieces[$0] }.joined()).markup
            var open: [String] = []
            var scanner = markup.makeIterator()
            var inTag = false
            var tag = ""
            while let character = scanner.next() {
                if inTag {
                    if character == ">" {
                        inTag = false
                        if tag.hasPrefix("/") {
                            #expect(open.popLast() == String(tag.dropFirst()), "\(markup)")
                        } else if !tag.hasSuffix("/") {
                            open.append(String(tag.split(separator: " ").first ?? ""))
                        }
                        tag = ""
                    } else {
                        #expect(character != "<", "\(markup)")
                        tag.append(character)
                    }
                } else if character == "<" {
                    inTag = true
                } else {
                    #expect(character != ">", "\(markup)")
                }
            }
            #expect(open.isEmpty && !inTag, "\(markup)")
        }
    }

    /// Through eSpeak NG: the markup is not spoken. `<speak>…</speak>` around a sentence lasts as
    /// long as the sentence (it lasted 1.8× as long when it was read as text), and a break adds its
    /// silence.
    @Test func eSpeakNGDoesNotSpeakTheMarkup() async throws {
        let synth = try Synthesizer.shared()
        let plain = try await synth.synthesize("Turn right onto Main Street.", voice: "en-us")
        let marked = SpeechMarkup("<speak>Turn right onto <emphasis>Main Street</emphasis>.</speak>")
        let said = try await synth.synthesize(marked.markup, voice: "en-us", ssml: true)
        #expect(abs(said.duration - plain.duration) < 0.35 * plain.duration, "\(said.duration) s against \(plain.duration) s plain")
        let paused = try await synth.synthesize(
            SpeechMarkup(#"Turn right <break time="800ms"/> onto Main Street."#).markup, voice: "en-us", ssml: true)
        #expect(paused.duration > plain.duration + 0.5, "\(paused.duration) s against \(plain.duration) s")
    }
}

/// speech-dispatcher's rate and pitch (-100…100) on eSpeak NG's scales, as its eSpeak NG module
/// maps them, and what eSpeak NG makes of them.
@Suite struct VoiceProsodyTests {
    @Test func rateAndPitchMapOntoESpeakNGsRanges() {
        #expect(VoiceProsody.plain.wordsPerMinute(around: 175) == 175 && VoiceProsody.plain.eSpeakPitch == 50)
        #expect(VoiceProsody(rate: -100, pitch: -100).wordsPerMinute(around: 175) == 80)
        #expect(VoiceProsody(rate: 100, pitch: 100).wordsPerMinute(around: 175) == 450)
        #expect(VoiceProsody(rate: 50, pitch: 0).wordsPerMinute(around: 175) == 312)
        #expect(VoiceProsody(rate: 0, pitch: -100).eSpeakPitch == 0 && VoiceProsody(rate: 0, pitch: 100).eSpeakPitch == 100)
        #expect(VoiceProsody(rate: 0, pitch: 40).eSpeakPitch == 70)
        // Out of range is taken as the nearest end.
        #expect(VoiceProsody(rate: 500, pitch: -500) == VoiceProsody(rate: 100, pitch: -100))
        // Volume: eSpeak NG's amplitude as speech-dispatcher's module sets it, as a gain in dB.
        #expect(VoiceProsody(rate: 0, pitch: 0, volume: -100).eSpeakAmplitude == 0)
        #expect(VoiceProsody(rate: 0, pitch: 0, volume: 100).eSpeakAmplitude == 200)
        #expect(VoiceProsody.plain.gainDecibels == 0)
        #expect(abs(VoiceProsody(rate: 0, pitch: 0, volume: -50).gainDecibels + 6.0206) < 1e-3)
        #expect(abs(VoiceProsody(rate: 0, pitch: 0, volume: 100).gainDecibels - 6.0206) < 1e-3)
        #expect(VoiceProsody(rate: 0, pitch: 0, volume: -100).gainDecibels == VoiceProsody.silentDecibels)
        #expect(VoiceProsody(rate: 0, pitch: 0, volume: -300) == VoiceProsody(rate: 0, pitch: 0, volume: -100))
        for volume in -100..<100 {
            #expect(VoiceProsody(rate: 0, pitch: 0, volume: volume).gainDecibels < VoiceProsody(rate: 0, pitch: 0, volume: volume + 1).gainDecibels)
        }
        for rate in stride(from: -100, through: 99, by: 1) {
            #expect(VoiceProsody(rate: rate, pitch: 0).wordsPerMinute(around: 175) <= VoiceProsody(rate: rate + 1, pitch: 0).wordsPerMinute(around: 175))
        }
    }

    /// A faster rate is heard shorter; a pitch set for one prompt does not stay for the next.
    @Test func eSpeakNGSaysThemAndForgetsThem() async throws {
        let synth = try Synthesizer.shared()
        let text = "In three hundred meters, turn right onto Larkspur Lane."
        let plain = try await synth.synthesize(text, voice: "en-us")
        let fast = try await synth.synthesize(text, voice: "en-us", rate: VoiceProsody(rate: 60, pitch: 0).wordsPerMinute(around: 175))
        #expect(fast.duration < plain.duration * 0.75, "\(fast.duration) s against \(plain.duration) s")
        let high = try await synth.synthesize(text, voice: "en-us", pitch: VoiceProsody(rate: 0, pitch: 100).eSpeakPitch)
        let after = try await synth.synthesize(text, voice: "en-us")
        let (plainPitch, highPitch, afterPitch) = (Self.pitch(plain), Self.pitch(high), Self.pitch(after))
        #expect(highPitch > plainPitch * 1.2, "\(highPitch) Hz against \(plainPitch) Hz")
        #expect(abs(afterPitch - plainPitch) < plainPitch * 0.05, "\(afterPitch) Hz against \(plainPitch) Hz: the pitch went back to the voice's own")
    }

    /// The median fundamental (Hz) of the loudest 40 ms frames: each frame's autocorrelation peak
    /// between 70 and 400 Hz.
    static func pitch(_ audio: PCMBuffer) -> Double {
        let rate = audio.sampleRate
        let frame = rate / 25
        let samples = audio.samples.map(Double.init)
        let frames = stride(from: 0, to: samples.count - frame, by: frame).map { Array(samples[$0..<$0 + frame]) }
        let loudest = frames.sorted { $0.reduce(0) { $0 + $1 * $1 } > $1.reduce(0) { $0 + $1 * $1 } }.prefix(8)
        let pitches = loudest.map { frame -> Double in
            let lags = (rate / 400)...(rate / 70)
            let best = lags.max { a, b in
                zip(frame, frame.dropFirst(a)).reduce(0) { $0 + $1.0 * $1.1 } < zip(frame, frame.dropFirst(b)).reduce(0) { $0 + $1.0 * $1.1 }
            }!
            return Double(rate) / Double(best)
        }.sorted()
        return pitches[pitches.count / 2]
    }
}
