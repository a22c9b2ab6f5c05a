import AudioPolicy
import ClientGuidance
import PulseAudio
import RPC

/// The policy as the prompt player sees it: may this client speak now, and how; and the word that
/// its prompt has drained. The engine answers (`VoxNavEngine+PromptGate`), each question an input of
/// its loop, carrying out the decisions (ducks, pauses) before it returns.
protocol PromptGate: Sendable {
    /// The style a prompt of `client` for `purpose` would get now. A client without a session gets a voicePrompt one.
    func expectedStyle(for client: ClientID, purpose: PromptPurpose) async -> PromptStyle
    /// The policy's verdict on the client's ready prompt, with what carrying it out did. A client
    /// without a session gets a voicePrompt one first. A `toneless` prompt (no maneuver a tone could
    /// stand for) that would get a tone is skipped with `PromptPlayer.tonelessReason` before its
    /// session is activated. `level` is the prompt's audio at the level it plays under a grant (nil
    /// where its audio is not yet made in the style granted): where it asks for a deeper duck to
    /// stand out of the bed, the duck goes there with the grant's own, in one reconciliation, and
    /// the grant carries it (`PromptGrant.level`).
    func promptReady(_ client: ClientID, purpose: PromptPurpose, toneless: Bool, level: @Sendable (PromptGrant) -> PromptLevel?) async
        -> PromptGrant
    /// Lowers every source the policy holds ducked by `extra` dB more (≤ 0), to the `audibility:`
    /// target's deepest duck at most, while the prompt plays and its hold lasts: the prompt stands out
    /// of the bed (a prompt whose audio was made only after its grant).
    func duckDeeper(by extra: Double) async
    /// Another prompt is coming (one is asked for while none plays, or one waits, is being made or
    /// follows in a burst as a prompt ends): a hold on the music is stretched for it
    /// (`PolicyInput.promptComing`). Told in passing: the player waits for it to be decided, not for
    /// anything to be carried out.
    func promptComing() async
    /// The prompt has drained (or ended before playing); returns once the restores are carried out,
    /// with the moment the session deactivated if it did. `anotherWaiting`: the session lingers.
    func promptFinished(_ client: ClientID, anotherWaiting: Bool) async -> ContinuousClock.Instant?
    /// A prompt the client's guidance asked for has ended (its real length replaces the estimate), and
    /// whether the driver heard it or the moment held it back.
    func guidancePromptEnded(_ client: ClientID, session: UInt64, _ ending: GuidancePromptEnding) async
}

extension PromptGate {
    /// Where nothing is ducked (a gate without sources), nothing goes deeper.
    func duckDeeper(by extra: Double) async {}
    /// Where nothing is held, nothing waits for the next prompt.
    func promptComing() async {}
}

/// The policy's answer to a ready prompt and what carrying it out did.
struct PromptGrant: Sendable {
    let verdict: PromptVerdict
    /// The style the oracle gave the prompt as it was judged: what a skipped prompt reports.
    var style: PromptStyle = .normal
    /// When the session became active for this prompt; nil when it already was.
    let activatedAt: ContinuousClock.Instant?
    var ducked: [PromptOutcome.DuckedSource]
    var paused: [SourceKind]
    /// The grant's ducks, under way when it is answered: the prompt's first sample comes after their
    /// last steps, sent in order before its uncork (`PlaybackStream.play(_:after:)`).
    var afterDucks = RampsSent.already
    /// The verdict holds the prompt back for the moment (`DriverSettings.heldBack`).
    var heldBack = false
    /// How loud the client wants its prompts.
    var gain: GuidanceGain = .normal
    /// What plays under the prompt, when something does and its level was measured.
    var bed: Audibility.Bed?
    /// The prompt's audio at its level, made and carried out with the grant (its deeper duck
    /// included); nil: the player makes it.
    var level: PromptLevel?
}
