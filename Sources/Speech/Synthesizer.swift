import AsyncSupport
import CEspeakNG
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization
import TextFormat

/// eSpeak NG, driven from one serial queue.
///
/// libespeak-ng keeps global state and is not reentrant, so a process has exactly one
/// synthesizer (`Synthesizer.shared()`) and every call into the library runs on its queue.
public final class Synthesizer: @unchecked Sendable {
    /// Output sample rate reported by eSpeak NG (22050 Hz for its voices).
    public let sampleRate: Int
    /// Every name eSpeak NG knows a voice by (its names, file names and languages, lowercased): a
    /// voice asked for is loaded only if it is one of these, so a name is never taken for a path.
    public let voiceNames: Set<String>
    private let queue = DispatchQueue(label: "org.voxnav.espeak")
    /// The voice currently loaded; changing voice costs a few ms, so it is only done when needed.
    private var loadedVoice: String?
    /// The voices loaded once: known to load, so `hasVoice` answers for them without a turn of the queue.
    private let loadable = Mutex<Set<String>>([])

    /// Made once, on first use (a static let is initialised exactly once, whichever thread asks first).
    private static let instance = Result { () throws(SpeechError) in try Synthesizer() }

    /// The process's synthesizer, initialised on first use.
    public static func shared() throws(SpeechError) -> Synthesizer { try instance.get() }

    private init() throws(SpeechError) {
        // Synchronous mode: espeak_Synth returns once every sample has been handed to the callback.
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 100, nil, 0)
        guard rate > 0 else { throw .engineUnavailable("espeak_Initialize failed (is espeak-ng-data installed?)") }
        sampleRate = Int(rate)
        voiceNames = Self.listVoiceNames()
        espeak_SetSynthCallback { wav, count, events in
            guard let events, let userdata = events.pointee.user_data else { return 0 }
            let sink = Unmanaged<SampleCollector>.fromOpaque(userdata).takeUnretainedValue()
            var event = events
            while event.pointee.type != espeakEVENT_LIST_TERMINATED {
                sink.reached(Int(event.pointee.text_position))
                event += 1
            }
            if let wav, count > 0 { sink.append(UnsafeBufferPointer(start: wav, count: Int(count))) }
            return sink.shouldStop ? 1 : 0  // 1 stops synthesis: over the limit, cancelled or timed out
        }
    }

    private static func listVoiceNames() -> Set<String> {
        var names: Set<String> = []
        guard var voice = espeak_ListVoices(nil) else { return names }
        while let entry = voice.pointee {
            if let name = entry.pointee.name { names.insert(String(cString: name).lowercased()) }
            if let identifier = entry.pointee.identifier {
                let path = String(cString: identifier).lowercased()
                names.insert(path)
                if let file = path.split(separator: "/").last { names.insert(String(file)) }
            }
            // languages: pairs of a priority byte and a zero-terminated language, ended by a zero byte.
            if var language = entry.pointee.languages {
                while language.pointee != 0 {
                    let text = String(cString: language + 1)
                    names.insert(text.lowercased())
                    language += text.utf8.count + 2
                }
            }
            voice += 1
        }
        return names
    }

    /// Synthesises `text` with `voice` (an eSpeak NG voice name such as "en-us"), without the
    /// silence eSpeak NG pads around speech.
    /// - Parameters:
    ///   - ssml: the text is SSML markup.
    ///   - phonemes: text in `[[…]]` is eSpeak NG phoneme input (a lexicon's pronunciations).
    ///   - rate: words per minute (80…450); nil keeps eSpeak's default (175).
    ///   - pitch: eSpeak NG's pitch (0…100); nil keeps the voice's own (50).
    ///   - limit: the most seconds of speech wanted: synthesis stops as soon as it is exceeded and
    ///     `SpeechError.tooLong` tells how far it got, so a huge text costs neither time nor memory.
    ///   - timeout: synthesis is given up after this long (and stopped at its next chunk).
    /// Cancelling the calling task stops synthesis too.
    public nonisolated(nonsending) func synthesize(
        _ text: String, voice: String, ssml: Bool = false, phonemes: Bool = false, rate: Int? = nil, pitch: Int? = nil, limit: Double? = nil,
        timeout: Duration = .seconds(10)
    ) async throws(SpeechError) -> PCMBuffer {
        var flags = Flags(ssml: ssml, phonemes: phonemes)
        flags.pitch = pitch
        return try await synthesize(text, voice: voice, flags: flags, rate: rate, limit: limit, timeout: timeout, job: SynthesisJob())
    }

    /// The phonemes eSpeak NG says for `text` (its phoneme mnemonics, as `espeak-ng -q -x` prints
    /// them), synthesised exactly as `synthesize` does with the same options.
    public nonisolated(nonsending) func phonemes(_ text: String, voice: String, ssml: Bool = false, phonemes: Bool = false) async throws(SpeechError) -> String
    {
        let flags = Flags(ssml: ssml, phonemes: phonemes, tracePhonemes: true)
        let job = SynthesisJob()
        _ = try await synthesize(text, voice: voice, flags: flags, rate: nil, limit: nil, timeout: .seconds(10), job: job)
        return job.phonemes.withLock { $0 } ?? ""
    }

    /// How eSpeak NG reads a text.
    struct Flags {
        var ssml = false
        var phonemes = false
        /// Collect the phoneme mnemonics said (`espeak_SetPhonemeTrace`).
        var tracePhonemes = false
        /// eSpeak NG's pitch, 0…100; nil: the voice's own.
        var pitch: Int?
    }

    /// The timeouts' own queue: a queue made with a label may take a thread of its own when every thread
    /// of the shared pool is busy, where `.global()` waits for one (a fresh-clone test run under load saw a
    /// zero timeout not fire until the ten-minute text it timed had been synthesised, 95 s later).
    private static let timeouts = DispatchQueue(label: "VoxNav synthesis timeouts")

    private nonisolated(nonsending) func synthesize(
        _ text: String, voice: String, flags: Flags, rate: Int?, limit: Double?, timeout: Duration, job: SynthesisJob
    ) async throws(SpeechError) -> PCMBuffer {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .emptyText }
        if Task.isCancelled { throw .cancelled }
        queue.async { job.result.set(self.synthesizeOnQueue(trimmed, voice: voice, flags: flags, rate: rate, limit: limit, job: job)) }
        // The timeout is a timer on a Dispatch queue, not a task: it fires on time however busy the
        // cooperative pool is. Whichever sets the result first wins; a synthesis timed out stops at
        // its next chunk. A timer source, not `asyncAfter`: a cancelled source leaves the timer heap
        // at once, whereas a cancelled work item stays scheduled, with its block, group and
        // continuation, until its deadline (under a burst of prompts, about 1.3 MB held for 10 s,
        // measured with heaptrack). Weakly, so that nothing keeps the job's audio either way.
        let (seconds, attoseconds) = timeout.components
        let timer = DispatchSource.makeTimerSource(queue: Self.timeouts)
        timer.schedule(deadline: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
        timer.setEventHandler { [weak job] in if let job, job.result.set(.failure(.timedOut(timeout))) { job.stop() } }
        timer.activate()
        defer { timer.cancel() }
        let result: Result<PCMBuffer, SpeechError>
        do {
            result = try await job.result.valueUnlessCancelled()
        } catch {
            job.stop()
            throw .cancelled
        }
        // A caller cancelled while its task waited for a thread (the synthesis done meanwhile) is
        // cancelled all the same: it asked for nothing more.
        if Task.isCancelled { throw .cancelled }
        return try result.get()
    }

    /// True when eSpeak NG can load `voice`.
    public nonisolated(nonsending) func hasVoice(_ voice: String) async -> Bool {
        guard voiceNames.contains(voice.lowercased()) else { return false }
        // Loaded before: no hop to the queue on a prompt's way (a voice stays loadable once it was).
        if loadable.withLock({ $0.contains(voice) }) { return true }
        return await withCheckedContinuation { continuation in
            queue.async {
                // Only an unknown voice is no voice: one that cannot be read now (no descriptor free) is
                // refused with that reason when it is synthesised.
                do throws(SpeechError) {
                    try self.load(voice)
                    continuation.resume(returning: true)
                } catch {
                    if case .unknownVoice = error { continuation.resume(returning: false) } else { continuation.resume(returning: true) }
                }
            }
        }
    }

    private func load(_ voice: String) throws(SpeechError) {
        if loadedVoice == voice { return }
        // Only a name from eSpeak NG's own list: eSpeak would take anything else for a file to open.
        guard voiceNames.contains(voice.lowercased()) else { throw .unknownVoice(voice) }
        // eSpeak NG reads the voice's files now, and crashes when it cannot open its dictionary: with
        // the process out of descriptors (its limit lowered while it runs), fail with the reason instead.
        guard Self.descriptorFree else {
            throw .engineUnavailable("no file descriptor is free to read the voice '\(voice)' (the process's limit is reached)")
        }
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
        loadable.withLock { _ = $0.insert(voice) }
    }

    /// Whether a descriptor can be opened now (on /dev/null, closed again): a voice change needs one
    /// at a time, as eSpeak NG opens its files one after another.
    static var descriptorFree: Bool {
        let fd = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        close(fd)
        return true
    }

    private func synthesizeOnQueue(
        _ text: String, voice: String, flags options: Flags, rate: Int?, limit: Double?, job: SynthesisJob
    ) -> Result<PCMBuffer, SpeechError> {
        if job.isStopped { return .failure(.cancelled) }
        do throws(SpeechError) { try load(voice) } catch { return .failure(error) }
        espeak_SetParameter(espeakRATE, Int32(min(450, max(80, rate ?? 175))), 0)
        // Set for every synthesis, as the rate is: one engine serves every prompt, and a parameter stays.
        espeak_SetParameter(espeakPITCH, Int32(min(100, max(0, options.pitch ?? VoiceProsody.ownPitch))), 0)
        // eSpeak NG pads speech with about 50 ms of silence before and 300 ms after, trimmed below: the
        // raw audio may run that much past the limit before the speech in it does.
        let maxSamples = limit.map { Int(($0 + SynthesisJob.padding) * Double(sampleRate)) }
        let collector = SampleCollector(job: job, maxSamples: maxSamples)
        var flags = UInt32(espeakCHARS_UTF8)
        if options.ssml { flags |= UInt32(espeakSSML) }
        if options.phonemes { flags |= UInt32(espeakPHONEMES) }
        let trace = options.tracePhonemes ? PhonemeTrace() : nil
        let status = text.withCString { cText in
            espeak_Synth(
                cText, strlen(cText) + 1, 0, POS_CHARACTER, 0, flags, nil,
                Unmanaged.passUnretained(collector).toOpaque())
        }
        if let phonemes = trace?.finish() { job.phonemes.withLock { $0 = phonemes } }
        // Keep the collector alive until espeak_Synth has returned (it holds an unretained pointer).
        return withExtendedLifetime(collector) {
            if collector.overran, let limit {
                let made = Double(collector.samples.count) / Double(sampleRate)
                return .failure(
                    .tooLong(SpeechOverrun(limit: limit, made: made, charactersSpoken: collector.position, characters: text.count)))
            }
            if job.isStopped { return .failure(.cancelled) }
            guard status == EE_OK else { return .failure(.synthesisFailed("espeak_Synth returned \(status.rawValue)")) }
            return .success(PCMBuffer(samples: collector.samples, sampleRate: sampleRate).trimmingSilence())
        }
    }
}

/// One synthesis: its result, and a flag that stops it (cancelled, timed out), read by eSpeak NG's
/// callback thread.
private final class SynthesisJob: Sendable {
    /// Seconds of eSpeak NG's own silence allowed past a limit (see `synthesizeOnQueue`).
    static let padding = 0.5

    let result = OneShot<Result<PCMBuffer, SpeechError>>()
    /// The phonemes said, when they were traced.
    let phonemes = Mutex<String?>(nil)
    private let stopped = Atomic<Bool>(false)

    func stop() { stopped.store(true, ordering: .relaxed) }
    var isStopped: Bool { stopped.load(ordering: .relaxed) }
}

/// eSpeak NG's phoneme trace (`espeak_SetPhonemeTrace`) into memory, for one synthesis on the
/// synthesizer's queue: what `espeak-ng -x` prints.
private final class PhonemeTrace {
    // open_memstream keeps these two addresses until the stream is closed: allocated, not inout.
    private let buffer = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 1)
    private let size = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    private let stream: UnsafeMutablePointer<FILE>?

    init() {
        buffer.initialize(to: nil)
        size.initialize(to: 0)
        stream = open_memstream(buffer, size)
        espeak_SetPhonemeTrace(Int32(espeakPHONEMES_SHOW), stream)
    }

    /// Stops tracing and gives what was written.
    func finish() -> String {
        espeak_SetPhonemeTrace(0, nil)
        if let stream { fclose(stream) }
        defer {
            free(buffer.pointee)
            buffer.deallocate()
            size.deallocate()
        }
        return buffer.pointee.map { String(cString: $0) } ?? ""
    }
}

/// Receives sample chunks from the eSpeak callback (on the synthesizer's queue).
private final class SampleCollector {
    let job: SynthesisJob
    let maxSamples: Int?
    var samples: [Int16] = []
    /// The furthest character eSpeak NG has reported reaching.
    var position = 0
    var overran = false

    init(job: SynthesisJob, maxSamples: Int?) {
        self.job = job
        self.maxSamples = maxSamples
    }

    func reached(_ textPosition: Int) { position = max(position, textPosition) }

    func append(_ chunk: UnsafeBufferPointer<Int16>) {
        samples.append(contentsOf: chunk)
        if let maxSamples, samples.count > maxSamples { overran = true }
    }

    var shouldStop: Bool { overran || job.isStopped }
}
