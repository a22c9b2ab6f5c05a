import AudioTestSupport
import Foundation
import Guidance
import LoadClients
import RPC
import RPCSocket
import Synchronization
import Testing

@testable import Daemon

/// The flood the third reliability round measured, against the real voxnavd over its socket: 320
/// connections with 64 `prompt.speak` each, sent at once, three rounds. Before, every request was
/// synthesised before the queue's bounds refused it: 42 MB became 736 MB, and 729 MB stayed held
/// after the clients had gone. Now a request waits its turn in the client's socket (`RequestTurns`),
/// what the queue cannot admit is refused before synthesis (`SynthesisSlots`), and the heap is
/// trimmed once the burst settles (`MemoryTrim`). Nothing of the clients stays once they have gone:
/// no session, no record of turns.
@Suite struct FloodMemoryTests {
    /// Resident memory of a process, in MB.
    static func residentMB(_ pid: Int32) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kB = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kB / 1024
    }

    @Test func aFloodCostsLittleAndGivesItBack() async throws {
        try await RealDaemon.whileRunning { daemon in
            let pid = daemon.process.processIdentifier
            // Warmed up: a voice loaded, prompts played, the client's calls answered.
            for i in 0..<3 { _ = try daemon.client.call(PromptSpeak.self, .init(text: "Go \(i).", wait: true)) }
            try await Task.sleep(for: .seconds(2))
            let idle = try #require(Self.residentMB(pid))
            for round in 0..<3 {
                let peak = Highest(idle)
                let answered = Highest(0)
                let socket = daemon.socket
                let counts = try await withThrowingTaskGroup(of: (Int, Int)?.self) { group in
                    group.addTask {
                        while !Task.isCancelled {
                            if let now = Self.residentMB(pid) { peak.note(now) }
                            try? await Task.sleep(for: .milliseconds(20))
                        }
                        return nil
                    }
                    group.addTask {
                        try await withCheckedThrowingContinuation { done in
                            Thread.detachNewThread {
                                done.resume(with: Result { try PipelinedFlood(connections: 320, requests: 64).run(socket: socket, round: round) })
                            }
                        }
                    }
                    // Guidance with nothing waiting is never refused, whatever the flood, and it is
                    // answered at once: a connection that holds no turn takes one at once, and a
                    // quiet one's requests go before a busy one's (it waited 2.5–3.7 s; issue 50).
                    group.addTask {
                        try await Task.sleep(for: .milliseconds(300))
                        let guidance = try RPCClient(socketPath: socket)
                        let sent = ContinuousClock.now
                        _ = try guidance.call(PromptSpeak.self, .init(text: "Turn right now.", priority: .important, wait: false))
                        answered.note((ContinuousClock.now - sent) / .milliseconds(1))
                        return nil
                    }
                    var counts: (Int, Int)?
                    while let result = try await group.next() {
                        if let result {
                            counts = result
                            group.cancelAll()
                        }
                    }
                    return try #require(counts)
                }
                #expect(counts.0 + counts.1 == 320 * 64 && counts.0 > 0 && counts.1 > 0, "\(counts)")
                let highest = peak.value
                // The clients have gone: once the daemon has seen to their going and been quiet for a
                // second, the heap is given back (within 10 s here).
                let gone = ContinuousClock.now
                var after = try #require(Self.residentMB(pid))
                while after - idle > 15, ContinuousClock.now - gone < .seconds(10) {
                    try await Task.sleep(for: .milliseconds(250))
                    after = try #require(Self.residentMB(pid))
                }
                let settled = ContinuousClock.now - gone
                print(
                    "flood round \(round + 1): idle \(idle) MB, peak \(highest) MB, \(after) MB \(settled) after; \(counts.0) admitted, \(counts.1) refused; a fresh client's important prompt answered in \(Int(answered.value)) ms"
                )
                // 5–210 ms seen (the call alone, the connection made before); 2.5–3.7 s before; 2000 ms once in CI.
                #expect(answered.value > 0 && answered.value < 1000, "round \(round + 1): the fresh client was answered in \(answered.value) ms")
                #expect(highest - idle <= 50, "round \(round + 1): peak \(highest) MB against \(idle) MB idle")
                #expect(after - idle <= 15, "round \(round + 1): \(after) MB held after the flood, against \(idle) MB idle")
                // Each flood client took its session with it: only the test's own client has one left.
                // Before, about 80 a round stayed, configured again by a prompt in flight as its client went.
                var sessions = try daemon.client.call(StateGet.self, NoParams()).sessions
                while sessions.count > 1, ContinuousClock.now - gone < .seconds(20) {
                    try await Task.sleep(for: .milliseconds(250))
                    sessions = try daemon.client.call(StateGet.self, NoParams()).sessions
                }
                #expect(sessions.count <= 1, "round \(round + 1): \(sessions.count) sessions, of clients that have gone")
            }
        }
    }
}

/// One guidance client's long drive against the real voxnavd over its socket: the daemon's memory
/// does not grow with the number of progress reports. Each report gave the announcer a new closure
/// (`GuidanceSession.spokenDuration`) that held the whole session, whose announcer held the closure
/// before it: a chain as long as the drive, about 3 kB a report (scripts/bench's load rounds ended
/// at 88 MB instead of 34 MB).
@Suite struct GuidanceMemoryTests {
    @Test func aSessionsMemoryDoesNotGrowWithItsReports() async throws {
        try await RealDaemon.whileRunning { daemon in
            let pid = daemon.process.processIdentifier
            let client = try RPCClient(socketPath: daemon.socket)
            _ = try client.call(GuidanceStart.self, .init(language: "en-US"))
            // A maneuver far ahead, so that each report plans without speaking: only the planning's memory.
            func report(_ n: Int) throws {
                let upcoming = GuidanceUpdate.Upcoming(
                    id: "m\(n / 500)", distance: 200_000 - Double(n % 500), maneuver: Maneuver(type: .rightTurn, roadName: "Solar Circle"))
                _ = try client.call(GuidanceUpdate.self, .init(speed: 13.9, maneuvers: [upcoming]))
            }
            for n in 0..<500 { try report(n) }
            let before = try #require(FloodMemoryTests.residentMB(pid))
            for n in 500..<4500 { try report(n) }
            let after = try #require(FloodMemoryTests.residentMB(pid))
            // With the chain, 4000 reports held over 10 MB.
            #expect(after - before < 4, "\(before) MB after 500 reports, \(after) MB after 4500")
        }
    }
}

/// The highest value seen, shared by tasks.
final class Highest: Sendable {
    private let state: Mutex<Double>
    init(_ value: Double) { state = Mutex(value) }
    func note(_ value: Double) { state.withLock { $0 = max($0, value) } }
    var value: Double { state.withLock { $0 } }
}

/// Values in the order tasks appended them.
final class Order: Sendable {
    private let state = Mutex<[Int]>([])
    func append(_ value: Int) { state.withLock { $0.append(value) } }
    var values: [Int] { state.withLock { $0 } }
}

/// `RequestTurns`: at most `capacity` requests at once, the rest waiting by how many turns their
/// connection took lately, then first come first served; a waiter cancelled leaves the line, and a
/// turn handed to it is passed on.
@Suite struct RequestTurnsTests {
    /// A connection that took many turns lately waits behind one that took none, though it came first;
    /// the busy one's request is handled at low priority.
    @Test func aQuietConnectionGoesBeforeABusyOne() async throws {
        let turns = RequestTurns(capacity: 1)
        let (busy, quiet) = (TurnAccount(), TurnAccount())
        // Enough that its count stays above `busy` for the test, however slow the machine (it halves each second).
        for _ in 0..<100_000 { busy.took() }
        let held = try await turns.take(for: quiet)
        #expect(held.priority == .high)
        let order = Order()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                let turn = try await turns.take(for: busy)
                #expect(turn.priority == .low)
                order.append(1)
                turn.release()
            }
            await waitUntil(turns, waiting: 1)
            group.addTask {
                let turn = try await turns.take(for: quiet)
                order.append(2)
                turn.release()
            }
            await waitUntil(turns, waiting: 2)
            held.release()
            try await group.waitForAll()
        }
        #expect(order.values == [2, 1])
    }

    private func waitUntil(_ turns: RequestTurns, waiting: Int) async {
        while turns.load.waiting != waiting { try? await Task.sleep(for: .milliseconds(1)) }
    }

    @Test func turnsGoInOrderAndACancelledWaiterLeavesTheLine() async throws {
        let turns = RequestTurns(capacity: 2)
        try await turns.take()
        try await turns.take()
        let order = Order()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for i in 0..<3 {
                group.addTask {
                    try await turns.take()
                    order.append(i)
                }
                await waitUntil(turns, waiting: i + 1)
            }
            let leaving = Task { try await turns.take() }
            await waitUntil(turns, waiting: 4)
            leaving.cancel()
            await #expect(throws: CancellationError.self) { try await leaving.value }
            #expect(turns.load.waiting == 3 && turns.load.inUse == 2)
            // One turn at a time, each taken before the next is given: the three waiters woken at
            // once would race one another to note their turn, whatever order the turns went in.
            for given in 1...3 {
                turns.release()
                while order.values.count < given { try await Task.sleep(for: .milliseconds(1)) }
            }
            try await group.waitForAll()
        }
        #expect(order.values == [0, 1, 2])
        #expect(turns.load.inUse == 2 && turns.load.waiting == 0)
        turns.release()
        turns.release()
        #expect(turns.load.inUse == 0)
    }
}
