import Foundation

/// A one-shot signal many tasks can wait for ("the chime has finished").
final class Completion: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func signal() {
        let woken: [CheckedContinuation<Void, Never>] = lock.withLock {
            if done { return [] }
            done = true
            defer { waiters = [] }
            return waiters
        }
        for waiter in woken { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let already: Bool = lock.withLock {
                if !done { waiters.append(continuation) }
                return done
            }
            if already { continuation.resume() }
        }
    }
}
