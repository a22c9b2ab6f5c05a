import CEspeakNG
import Dispatch
import Foundation

/// eSpeak NG, driven from one serial queue.
///
/// libespeak-ng keeps global state and is not reentrant, so a process has exactly one
/// synthesizer (`Synthesizer.shared()`) and every call into the library runs on its queue.
public final class Synthesizer: @unchecked Sendable {
    /// Output sample rate reported by eSpeak NG (22050 Hz for its voices).
    public let sampleRate: Int
    private let queue = DispatchQueue(label: "org.voxnav.espeak")
    /// The voice currently loaded; changing voice costs a few ms, so it is only done when needed.
    private var loadedVoice: String?

    /// Made once, on first use (a static let is initialised exactly once, whichever thread asks first).
    private static let instance = Result { () throws(SpeechError) in try Synthesizer() }

    /// The process's synthesizer, initialised on first use.
    public static func shared() throws(SpeechError) -> Synthesizer { try instance.get() }

    private init() throws(SpeechError) {
        // Synchronous mode: espeak_Synth returns once every sample has been handed to the callback.
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 100, nil, 0)
        guard rate > 0 else { throw .engineUnavailable("espeak_Initialize failed (is espeak-ng-data installed?)") }
        sampleRate = Int(rate)
        espeak_SetSynthCallback { wav, count, events in
            guard let events, let userdata = events.pointee.user_data else { return 0 }
            let sink = Unmanaged<SampleCollector>.fromOpaque(userdata).takeUnretainedValue()
            if let wav, count > 0 { sink.append(UnsafeBufferPointer(start: wav, count: Int(count))) }
            return 0  // go on: a prompt is synthesised whole (a cancelled one is dropped after)
        }
    }

    /// Synthesises `text` with `voice` (an eSpeak NG voice name such as "en-us"), without the
    /// silence eSpeak NG pads around speech.
    /// - Parameters:
    ///   - ssml: the text is SSML markup.
    ///   - rate: words per minute (80…450); nil keeps eSpeak's default (175).
    public func synthesize(_ text: String, voice: String, ssml: Bool = false, rate: Int? = nil) async throws(SpeechError) -> PCMBuffer {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .emptyText }
        let result: Result<PCMBuffer, SpeechError> = await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: self.synthesizeOnQueue(trimmed, voice: voice, ssml: ssml, rate: rate))
            }
        }
        return try result.get()
    }

    /// True when eSpeak NG can load `voice`.
    public func hasVoice(_ voice: String) async -> Bool {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: (try? self.load(voice)) != nil) }
        }
    }

    private func load(_ voice: String) throws(SpeechError) {
        if loadedVoice == voice { return }
        // A voice file name ("en-us") first, then a language ("en-gb", "fr-fr"), as the espeak-ng CLI does.
        var loaded = espeak_SetVoiceByName(voice) == EE_OK
        if !loaded {
            loaded = voice.withCString { language in
                var wanted = espeak_VOICE()
                wanted.languages = language
                return espeak_SetVoiceByProperties(&wanted) == EE_OK
            }
            // SetVoiceByProperties falls back to a default voice for unknown languages: check what it chose.
            if loaded, let current = espeak_GetCurrentVoice(), let languages = current.pointee.languages {
                let chosen = String(cString: languages + 1).lowercased()
                let asked = voice.lowercased()
                loaded = chosen == asked || chosen.hasPrefix(asked) || asked.hasPrefix(chosen + "-")
            }
        }
        guard loaded else {
            loadedVoice = nil
            throw .unknownVoice(voice)
        }
        loadedVoice = voice
    }

    private func synthesizeOnQueue(_ text: String, voice: String, ssml: Bool, rate: Int?) -> Result<PCMBuffer, SpeechError> {
        do throws(SpeechError) { try load(voice) } catch { return .failure(error) }
        espeak_SetParameter(espeakRATE, Int32(min(450, max(80, rate ?? 175))), 0)
        let collector = SampleCollector()
        var flags = UInt32(espeakCHARS_UTF8)
        if ssml { flags |= UInt32(espeakSSML) }
        let status = text.withCString { cText in
            espeak_Synth(
                cText, strlen(cText) + 1, 0, POS_CHARACTER, 0, flags, nil,
                Unmanaged.passUnretained(collector).toOpaque())
        }
        // Keep the collector alive until espeak_Synth has returned (it holds an unretained pointer).
        return withExtendedLifetime(collector) {
            guard status == EE_OK else { return .failure(.synthesisFailed("espeak_Synth returned \(status.rawValue)")) }
            return .success(PCMBuffer(samples: collector.samples, sampleRate: sampleRate).trimmingSilence())
        }
    }
}

/// Receives sample chunks from the eSpeak callback (on the synthesizer's queue).
private final class SampleCollector {
    var samples: [Int16] = []
    func append(_ chunk: UnsafeBufferPointer<Int16>) { samples.append(contentsOf: chunk) }
}
