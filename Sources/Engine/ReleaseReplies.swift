import AudioPolicy

/// The `prompt.speak` replies waiting for their session's hold on the sources to end: each is
/// answered once the policy no longer holds the session releasing and the lane has carried out what
/// came before (its restores, or the next prompt taking them over).
///
/// A part of `VoxNavEngine`, owned by it and run only in its turns.
final class ReleaseReplies {
    private var waiting: [ClientID: [CheckedContinuation<Void, Never>]] = [:]

    /// Returns once `client`'s prompt session holds nothing any more, after the lane has carried
    /// that out.
    func untilReleased(_ client: ClientID, on engine: isolated VoxNavEngine) async {
        guard engine.policy.isReleasing(client), !engine.stopped else {
            await engine.carryOut {}
            return
        }
        await withCheckedContinuation { waiting[client, default: []].append($0) }
    }

    /// Those waiting for a session whose hold has just ended are answered after this batch's
    /// restores are carried out.
    func answer(on engine: isolated VoxNavEngine) async {
        for client in Array(waiting.keys) where !engine.policy.isReleasing(client) {
            let replies = waiting.removeValue(forKey: client) ?? []
            await engine.lane.submit { for reply in replies { reply.resume() } }
        }
    }

    /// Everyone waiting is answered now (the engine is shutting down: nothing is held any more).
    func answerAll() {
        for reply in waiting.values.joined() { reply.resume() }
        waiting = [:]
    }
}
