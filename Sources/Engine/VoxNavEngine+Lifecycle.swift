import AsyncSupport
import AudioPolicy
import EngineTime
import Prompts
import PulseAudio
import RPC
import SourceFocus

/// The engine's life: `run()` is the root of every task it starts, `shutdown()` its clean end.
extension VoxNavEngine {
    /// Runs the engine until `shutdown()`: the focus lane, the prompt player's worker (on the
    /// engine's executor) and deadline timers, the server memory's writer, and as children every
    /// timer, watcher and reconnection the engine starts (`spawnChild`). It begins with what the
    /// previous daemon left and the streams already playing; `untilStarted()` returns once that is
    /// done. Run it once. voxnavd runs it as a service of its `ServiceGroup`. The engine's loop is
    /// this actor: an input's turn is a turn of it, with no task in between.
    public func run() async {
        await withDiscardingTaskGroup { outer in
            // The lane outlives the children: what the engine handed it is carried out, and the
            // server's memory is written after its last batch.
            let memory = focus.memory
            outer.addTask {
                await self.lane.run()
                memory.finish()
            }
            outer.addTask { await memory.run() }
            outer.addTask { await self.playPrompts() }
            let deadlines = player.deadlines
            outer.addTask { [clock] in await PromptPlayer.watch(deadlines, clock: clock) { await self.expireWaitingPrompt($0) } }
            await withDiscardingTaskGroup { group in
                let busy = clock.busy()
                group.addTask {
                    await self.begin()
                    busy.done()
                }
                for await child in children.children { group.addTask { await child.run() } }
                // Timers, watchers and reconnecting end with the engine (`shutdown()`).
                group.cancelAll()
            }
            player.finish()
            lane.finish()
        }
    }

    /// The prompt player's worker, on the engine: the prompt queue and the one playing are the
    /// engine's state.
    private func playPrompts() async {
        await player.run(gate: self)
    }

    /// A waiting prompt's deadline has passed (`PromptPlayer.watch`).
    private func expireWaitingPrompt(_ id: PromptID) {
        player.expireIfWaiting(id)
    }

    /// Returns once `run()` has done its start-up.
    public func untilStarted() async {
        await started.value
    }

    /// Starts `work` as a child task of `run()`. `counted`: the simulated clock waits for it until it
    /// ends or sleeps (as for `EngineClock.spawn`); not for a watcher that waits for events.
    nonisolated func spawnChild(counted: Bool = true, _ work: @escaping @Sendable () async -> Void) {
        children.send(ChildTasks.Child(work: work, busy: counted ? clock.busy() : nil))
    }

    /// The start-up (`EngineStartUp.begin`), once; `untilStarted()` returns after it.
    private func begin() async {
        defer { started.set(()) }
        guard let startUp else { return }
        self.startUp = nil
        await startUp.begin(on: self)
    }

    /// Restores every source, stops the simulated ones and closes the prompt stream (clean shutdown);
    /// then `run()` ends, and every task the engine started with it.
    public func shutdown() async {
        shuttingDown = true
        deadlineTimer.cancel()
        // Nothing more plays: waiting prompts end as skipped, the playing one stops.
        player.cancelAll(reason: "the daemon is shutting down")
        for client in policy.configurations.keys { await decide { .clientGone(client, at: $0) } }
        // Every batch decided so far is carried out.
        await carryOut {}
        // Nothing is held for a next prompt any more: whoever waits for a hold to end is answered.
        releaseReplies.answerAll()
        // Whatever is still lowered goes back to its own volume, muted foreign streams are unmuted.
        await focus.undoAll()
        // Other programs' streams were unmuted above if the engine had muted them; the rest is theirs.
        for case .simulated(let source) in sourceDesk.registry.removeAll() { source.stop() }
        // Stopped on purpose: the next daemon does not start them again.
        await focus.save(sources: [])
        output.close()
        stopped = true
        children.finish()
    }
}
