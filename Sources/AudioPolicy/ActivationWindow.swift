/// When one client's prompt session is active: activated only once prompt audio is ready, lingering after a
/// prompt only when the next one is due within `linger`, and never idle (active without audio) for `idleCap`,
/// whatever the client asks. A pure state machine: every input carries its time, in seconds.
public struct ActivationWindow: Hashable, Sendable {
    /// What the window wants done.
    public enum Output: Hashable, Sendable {
        case activate
        case deactivate(DeactivationReason)
        case violation(GuidelineRule, at: Double, detail: String)
    }

    /// The hard limits: linger well under a second, idle cap at most 5 s.
    public static let maximumIdleCap = 5.0
    public static let defaultLinger = 0.5
    public static let defaultIdleCap = 2.0
    /// An activation this long before its audio is audited (`activationLongBeforeAudio`) even where the
    /// idle cap, set longer, lets the session wait for it: the CarPlay guide asks for the session to be
    /// activated just before a prompt. At the built-in cap the cap deactivates it first.
    public static let earlyActivationLimit = 2.0

    public let linger: Double
    public let idleCap: Double

    public private(set) var isActive = false
    /// Prompt audio is playing.
    public private(set) var isPlaying = false
    /// Since when the session has been active without audio (nil while inactive or playing).
    public private(set) var idleSince: Double?
    /// Until when the session lingers for a next prompt.
    public private(set) var lingerUntil: Double?
    /// The client asked to hold the session active without audio.
    public private(set) var heldByClient = false
    /// Until when a recording session inside its shown voice-control template counts its microphone
    /// as audio (`listening`); from then it is idle, and the idle cap runs.
    public private(set) var listeningUntil: Double?
    /// Since when it listened for voice input, once that time has ended (it has been idle since).
    private var listenedFrom: Double?
    /// Audio has played since this activation.
    private var audioSinceActivation = false
    /// Audio has ever played for this client (false: activation "at launch").
    private var everPlayed = false

    /// `idleCap` is clamped to 0...5 s and `linger` to 0...idleCap.
    public init(linger: Double = defaultLinger, idleCap: Double = defaultIdleCap) {
        let cap = min(max(idleCap, 0), Self.maximumIdleCap)
        self.idleCap = cap
        self.linger = min(max(linger, 0), cap)
    }

    /// The next time a `tick` may change something; schedule a timer for it.
    public var nextDeadline: Double? {
        if isPlaying, let listeningUntil { return listeningUntil }
        guard let idleSince else { return nil }
        let cap = idleSince + idleCap
        if heldByClient { return cap }
        return min(cap, lingerUntil ?? cap)
    }

    /// How long the session has been active without audio at `now`.
    public func idleDuration(at now: Double) -> Double {
        idleSince.map { max(0, now - $0) } ?? 0
    }

    /// Prompt audio is ready: activate now if not already active.
    public mutating func audioReady(at now: Double) -> [Output] {
        var out = tick(now: now)
        if isActive, !audioSinceActivation, let activated = idleSince, now - activated > Self.earlyActivationLimit {
            let early = ((now - activated) * 10).rounded() / 10
            out.append(.violation(.activationLongBeforeAudio, at: now, detail: "activated \(early) s before its audio"))
        }
        if !isActive {
            isActive = true
            out.append(.activate)
        }
        isPlaying = true
        audioSinceActivation = true
        everPlayed = true
        idleSince = nil
        lingerUntil = nil
        listeningUntil = nil
        listenedFrom = nil
        return out
    }

    /// A recording session inside its shown voice-control template is activated: its microphone is
    /// its audio until `until` (the policy's `voiceInputCap` on), and it is held as the client asked.
    /// Then it counts as idle: the idle cap deactivates it unless a prompt plays or the client ends
    /// it first, so that a template left shown does not keep the car's audio paused for good.
    public mutating func listening(at now: Double, until: Double) -> [Output] {
        let out = audioReady(at: now)
        heldByClient = true
        listeningUntil = until
        listenedFrom = now
        return out
    }

    /// The prompt drained. Linger only if the next prompt is due within `linger`.
    public mutating func promptFinished(at now: Double, nextDueAt: Double? = nil) -> [Output] {
        var out = tick(now: now)
        guard isActive else { return out }
        isPlaying = false
        listeningUntil = nil
        listenedFrom = nil
        idleSince = now
        if let due = nextDueAt, due >= now, due - now <= linger {
            // Hold for the whole linger time: the next prompt's audio may be a little late.
            lingerUntil = now + linger
        } else if heldByClient {
            lingerUntil = nil
        } else {
            out += deactivate(.finished)
        }
        return out
    }

    /// The client asks for the session to be active. Honoured, but the idle cap runs from now.
    public mutating func clientRequestedActive(at now: Double) -> [Output] {
        var out = tick(now: now)
        heldByClient = true
        if !isActive {
            isActive = true
            audioSinceActivation = false
            idleSince = now
            out.append(.activate)
        }
        return out
    }

    /// The client asks for the session to be inactive: deactivate once no audio plays.
    public mutating func clientRequestedInactive(at now: Double) -> [Output] {
        var out = tick(now: now)
        heldByClient = false
        if isActive && (!isPlaying || listeningUntil != nil) { out += deactivate(.clientRequest) }
        return out
    }

    /// The session was taken away (interrupted for good, deactivated by the client's own call).
    public mutating func reset() {
        isActive = false
        isPlaying = false
        idleSince = nil
        lingerUntil = nil
        heldByClient = false
        listeningUntil = nil
        listenedFrom = nil
    }

    /// Time passes: the voice input's time ends; end a linger that ran out; enforce the idle cap.
    public mutating func tick(now: Double) -> [Output] {
        if isActive, isPlaying, let until = listeningUntil, now >= until {
            isPlaying = false
            listeningUntil = nil
            idleSince = until
        }
        guard isActive, !isPlaying, let idleSince else { return [] }
        // Compare against the deadline itself (not now - idleSince): the engine ticks at exactly nextDeadline.
        if now >= idleSince + idleCap {
            var out: [Output] = []
            let at = idleSince + idleCap
            if !audioSinceActivation {
                let detail = everPlayed ? "no audio within \(idleCap) s of activation" : "activated before any prompt (at launch)"
                out.append(.violation(.activationLongBeforeAudio, at: at, detail: detail))
            } else if let listenedFrom {
                let listening = ((idleSince - listenedFrom) * 10).rounded() / 10
                out.append(
                    .violation(
                        .activeWithoutAudioPastCap, at: at,
                        detail: "held recording in its voice-control template past its voice input (\(listening) s), then \(idleCap) s more"))
            } else if heldByClient {
                out.append(.violation(.activeWithoutAudioPastCap, at: at, detail: "held active without audio for \(idleCap) s"))
            }
            return out + deactivate(.idleCap)
        }
        if !heldByClient, let until = lingerUntil, now >= until {
            return deactivate(.lingerExpired)
        }
        return []
    }

    private mutating func deactivate(_ reason: DeactivationReason) -> [Output] {
        reset()
        return [.deactivate(reason)]
    }
}

/// Why a session went inactive.
public enum DeactivationReason: String, Hashable, Codable, Sendable {
    /// The prompt finished and no next one is due soon.
    case finished
    /// Lingered for a next prompt that did not come in time.
    case lingerExpired
    /// Active without audio for the idle cap: deactivated by force.
    case idleCap
    /// The client asked.
    case clientRequest
    /// Another participant took focus for good (the car's guidance, the assistant, a call).
    case interrupted
}
