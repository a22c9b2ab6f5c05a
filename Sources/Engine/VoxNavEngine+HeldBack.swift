import AudioPolicy
import ClientGuidance
import Guidance
import RPC

extension VoxNavEngine {
    /// Whether something is held back that an input may have let go (the call or the assistant
    /// ended): checked after every input; cheap when nothing is held.
    func heldBackOwed() -> Bool {
        if guidance.holdsBack { return true }
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
}
