import AudioPolicy

/// What the moment held back (a guidance instruction during a call, an alert a cut holds), said
/// once it has passed: checked after every input of the engine's loop (`VoxNavEngine.apply`).
enum HeldBackPrompts {
    /// Whether something is held back that an input may have let go (the call or the assistant
    /// ended); cheap when nothing is held.
    static func owed(on engine: isolated VoxNavEngine) -> Bool {
        engine.guidanceDesk.sessions.holdsBack || !engine.player.clientsHoldingAlerts.isEmpty
    }

    /// Each guidance's latest held-back instruction (`GuidanceDesk.sayHeldBack`), and the alerts a
    /// cut holds (`PromptPlayer.releaseHeldAlerts`) for each client whose alerts are spoken again.
    static func say(on engine: isolated VoxNavEngine) async {
        await engine.guidanceDesk.sayHeldBack(on: engine)
        for client in engine.player.clientsHoldingAlerts.sorted() where engine.policy.promptStyle(for: client, purpose: .alert) == .normal {
            for words in engine.player.releaseHeldAlerts(of: client) {
                engine.logger.info("an alert the moment cut, once it passed", metadata: ["client": "\(client.rawValue)", "alert": "\(words)"])
            }
        }
    }
}
