import AudioPolicy
import Guidance
import Prompts
import RPC

@testable import Engine

/// The prompt player held as the engine holds it, in one isolation: here a small actor of the
/// tests', with the player's worker and deadline timers as children of its `run()`, and a scripted
/// policy as its gate. The tests call the player through it with the player's own signatures.
actor PlayerHost {
    private let player: PromptPlayer
    private let gate: any PromptGate
    /// Ends `run()`: the worker once idle, and the timers.
    nonisolated let finish: @Sendable () -> Void

    init(_ player: sending PromptPlayer, gate: any PromptGate) {
        finish = player.finisher
        self.player = player
        self.gate = gate
    }

    /// The worker and one timer per waiting prompt's deadline, until `finish`.
    func run() async {
        let (deadlines, clock) = (player.deadlines, player.clock)
        await withDiscardingTaskGroup { group in
            group.addTask { await PromptPlayer.watch(deadlines, clock: clock) { await self.expire($0) } }
            await player.run(gate: gate)
        }
    }

    private func expire(_ id: PromptID) { player.expireIfWaiting(id) }

    func enqueue(
        client: ClientID, candidates: [Wording], voice: String, kind: Prompt.Kind = .text, options: PromptOptions,
        receivedAt: ContinuousClock.Instant
    ) async throws(EngineError) -> (PromptTicket, Int) {
        try await player.enqueue(
            client: client, candidates: candidates, voice: voice, kind: kind, options: options, receivedAt: receivedAt, gate: gate)
    }

    @discardableResult
    func cancel(client: ClientID, id: PromptID? = nil, reason: String) -> [PromptID] { player.cancel(client: client, id: id, reason: reason) }
    func cancelAll(reason: String) { player.cancelAll(reason: reason) }
    func cancelAll(of client: ClientID, reason: String) async { await player.cancelAll(of: client, reason: reason) }
    func cut(_ cut: PromptCut) { player.cut(cut) }
    @discardableResult
    func releaseHeldAlerts(of client: ClientID) -> [String] { player.releaseHeldAlerts(of: client) }
    var status: (waiting: Int, playing: Bool) { player.status }
    var clientsHoldingAlerts: Set<ClientID> { player.clientsHoldingAlerts }
    var clientsWithTurns: Int { player.clientsWithTurns }
    var secondsWaiting: Double { player.secondsWaiting }
    var spoken: Int { player.spoken }
    var skipped: Int { player.skipped }
}
