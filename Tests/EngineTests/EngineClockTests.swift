import Foundation
import Testing

@testable import Engine
@testable import EngineTime

/// The simulated clock that drive simulations run on: timers fire at their exact moment, in order,
/// and time never moves while engine work is still running.
@Suite struct EngineClockTests {
    /// Records what happened, in order, from any task.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [(String, Double)] = []
        func add(_ label: String, _ time: Double) { lock.withLock { items.append((label, time)) } }
        var all: [(String, Double)] { lock.withLock { items } }
    }

    @Test func timersFireInTimeOrderAtTheirOwnMoment() async throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<30 {
            let clock = EngineClock(.virtual)
            let log = Log()
            let deadlines = (0..<Int.random(in: 1...12, using: &generator)).map { _ in Double(Int.random(in: 1...40, using: &generator)) / 4 }
            for (index, deadline) in deadlines.enumerated() {
                clock.spawn {
                    await clock.sleep(until: deadline)
                    log.add("t\(index)", clock.now())
                }
            }
            try await clock.advance(to: 20)
            let fired = log.all
            #expect(fired.count == deadlines.count)
            #expect(fired.map(\.1) == deadlines.sorted(), "each timer sees its own deadline as now")
            // Equal deadlines keep the order they went to sleep in; spawned tasks may start in any order,
            // so only the times are compared exactly.
            #expect(clock.now() == 20)
        }
    }

    @Test func timeWaitsForWorkInProgress() async throws {
        let clock = EngineClock(.virtual)
        let log = Log()
        clock.spawn {
            await clock.sleep(until: 1)
            // Real work (synthesis, a ramp) takes wall time; simulated time must not run on meanwhile.
            try? await Task.sleep(for: .milliseconds(80))
            log.add("work done", clock.now())
            await clock.sleep(until: 1.5)
            log.add("second timer", clock.now())
        }
        clock.spawn {
            await clock.sleep(until: 1.2)
            log.add("other timer", clock.now())
        }
        try await clock.advance(to: 3)
        #expect(log.all.map(\.0) == ["work done", "other timer", "second timer"])
        #expect(log.all.map(\.1) == [1, 1.2, 1.5])
    }

    @Test func aWokenOrCancelledSleepEndsWithoutMovingTime() async throws {
        let clock = EngineClock(.virtual)
        let log = Log()
        clock.spawn {
            await clock.sleep(until: 100, token: 7)
            log.add("woken", clock.now())
        }
        let cancelled = clock.spawn {
            await clock.sleep(until: 50)
            log.add("cancelled", clock.now())
        }
        try await clock.advance(to: 1)
        clock.wake(7)
        cancelled.cancel()
        await cancelled.value
        try await clock.advance(to: 2)
        #expect(Set(log.all.map(\.0)) == ["woken", "cancelled"])
        #expect(log.all.allSatisfy { $0.1 == 1 })
        #expect(clock.now() == 2)
    }

    @Test func theRealClockCannotBeAdvanced() async throws {
        let clock = EngineClock(.real)
        await #expect(throws: EngineClock.ClockError.self) { try await clock.advance(to: 5) }
        await #expect(throws: EngineClock.ClockError.self) { try await EngineClock(.virtual).advance(to: .nan) }
    }
}

extension EngineClock {
    /// A task counted busy from now until it ends or sleeps, as the engine's timers are.
    @discardableResult
    fileprivate func spawn(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        let busy = busy()
        return Task {
            await work()
            busy.done()
        }
    }
}
