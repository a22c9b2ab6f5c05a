import FoundationEssentials
import Synchronization

/// Simulated time for `EngineClock`: a discrete-event clock.
///
/// Engine work counted busy (`EngineClock.busy()`) stays so until it is done or sleeps; `advance`
/// waits for the engine to be idle, then jumps to the earliest sleeper's moment and wakes that one
/// sleeper alone, and so on until the target. Work therefore happens at exact simulated moments in a
/// fixed order, however long it takes on the wall clock (synthesis, ramps): runs are deterministic.
package final class VirtualTime: @unchecked Sendable {
    private struct Sleeper {
        let id: UInt64
        let time: Double
        let token: UInt64?
        let continuation: CheckedContinuation<Void, Never>
    }

    private let lock = Mutex(())
    private var current = 0.0
    private var sleepers: [Sleeper] = []
    private var busy = 0
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    private var nextID: UInt64 = 0

    package var now: Double { lock.withLock { _ in current } }

    package func enter() { lock.withLock { _ in busy += 1 } }

    package func leave() {
        let waiters = lock.withLock { _ -> [CheckedContinuation<Void, Never>] in
            busy -= 1
            return takeIdleWaitersLocked()
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Sleeps until simulated time reaches `time`; the sleeping task stops counting as busy.
    package func sleep(until time: Double, token: UInt64?) async {
        let id = lock.withLock { _ in
            nextID += 1
            return nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let (ready, waiters) = lock.withLock { _ -> (Bool, [CheckedContinuation<Void, Never>]) in
                    if time <= current || Task.isCancelled { return (true, []) }
                    sleepers.append(Sleeper(id: id, time: time, token: token, continuation: continuation))
                    busy -= 1
                    return (false, takeIdleWaitersLocked())
                }
                for waiter in waiters { waiter.resume() }
                if ready { continuation.resume() }
            }
        } onCancel: {
            self.wakeSleepers { $0.id == id }
        }
    }

    /// Wakes the sleepers that carry `token` now, without moving time.
    package func wake(_ token: UInt64) { wakeSleepers { $0.token == token } }

    private func wakeSleepers(where matches: (Sleeper) -> Bool) {
        let woken = lock.withLock { _ -> [Sleeper] in
            let woken = sleepers.filter(matches)
            sleepers.removeAll(where: matches)
            busy += woken.count
            return woken
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    package func advance(to target: Double) async {
        while true {
            await idle()
            let next = lock.withLock { _ -> Sleeper? in
                // Earliest first; among equals, the one that went to sleep first.
                guard let index = sleepers.indices.min(by: { (sleepers[$0].time, sleepers[$0].id) < (sleepers[$1].time, sleepers[$1].id) }),
                    sleepers[index].time <= target
                else {
                    current = max(current, target)
                    return nil
                }
                let sleeper = sleepers.remove(at: index)
                current = max(current, sleeper.time)
                busy += 1
                return sleeper
            }
            guard let next else { return }
            next.continuation.resume()
        }
    }

    /// Returns once no engine work is running.
    private func idle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = lock.withLock { _ -> Bool in
                if busy <= 0 { return true }
                idleWaiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private func takeIdleWaitersLocked() -> [CheckedContinuation<Void, Never>] {
        guard busy <= 0 else { return [] }
        defer { idleWaiters.removeAll() }
        return idleWaiters
    }
}
