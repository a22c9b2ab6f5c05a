import AudioPolicy
import Guidance
import RPC

extension VoxNavEngine {
    /// Whether something is held back that an input may have let go (the call or the assistant
    /// ended): checked after every input; cheap when nothing is held.
    func heldBackOwed() -> Bool {
        if guidance.values.contains(where: { $0.heldBack.held != nil }) { return true }
        return !prompts.clientsHoldingAlerts.isEmpty
    }

    /// What the moment held back or cut is said once it has passed: each guidance's latest held-back
    /// instruction (`sayHeldBackGuidance`), and the alerts a cut holds (`PromptPlayer.releaseHeldAlerts`)
    /// for each client whose alerts are spoken again.
    func sayHeldBack() async {
        await sayHeldBackGuidance()
        for client in prompts.clientsHoldingAlerts.sorted() where policy.promptStyle(for: client, purpose: .alert) == .normal {
            for words in prompts.releaseHeldAlerts(of: client) {
                logger.info("an alert the moment cut, once it passed", metadata: ["client": "\(client.rawValue)", "alert": "\(words)"])
            }
        }
    }

    /// For each guidance whose latest instruction the moment held back and whose instructions are
    /// spoken again now (the call or the assistant has ended): exactly one prompt, the maneuver
    /// still ahead as it is now (`HeldBackPrompt.release`); nothing for one already passed.
    func sayHeldBackGuidance() async {
        for client in guidance.keys.sorted() {
            guard var session = guidance[client], session.heldBack.held != nil,
                policy.promptStyle(for: client, purpose: .instruction) == .normal
            else { continue }
            let at = session.lastProgress.map { $0.time + max(0, now() - session.lastProgressReceived) } ?? now()
            let speaker = session.speaker
            let plan = session.heldBack.release(
                last: session.lastProgress, at: at, configuration: session.announcer.configuration,
                speaking: { [session] in GuidancePrompt($0, by: speaker).map(session.speakingTime(of:)) ?? session.speakingTime(of: "") })
            guidance[client] = session
            guard let plan, let prompt = GuidancePrompt(plan, by: speaker) else { continue }
            // Said now, in this state: the announcer does not say it again, and keeps its gap after it.
            guidance[client]?.announcer.said(plan.state, of: plan.maneuverID, at: at, for: session.speakingTime(of: prompt))
            do {
                guard try await queueGuidancePrompt(prompt, client: client, session: session) != nil else { continue }
                logger.info(
                    "the maneuver ahead is said again after a held-back prompt",
                    metadata: ["client": "\(client.rawValue)", "maneuver": "\(plan.maneuverID)", "distance": "\(Int(plan.distance))"])
            } catch {
                logger.warning("a held-back guidance prompt was not said again", metadata: ["client": "\(client.rawValue)", "error": "\(error)"])
            }
        }
    }
}
