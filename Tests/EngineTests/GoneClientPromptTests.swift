import AudioPolicy
import Synchronization
import Testing

@testable import Engine

/// A client goes away while one of its prompts is in flight (the player, a scripted policy, an
/// output the test holds). The engine lets the client's session go once `cancelAll(of:)` returns, so
/// nothing of that prompt may reach the policy afterwards: a flood of 320 clients closing at once left
/// 80 sessions of gone clients behind per round, configured again by their prompts' last questions.
@Suite struct GoneClientPromptTests {
    typealias Rig = PromptPlayerTests.Rig
    static let nav = PromptPlayerTests.nav
    static let other = PromptPlayerTests.other

    @Test func theGoneClientsPromptHasEndedWhenCancelAllReturns() async throws {
        let output = HeldOutput(holdsSink: true)
        // A pre-roll rule: the prompt waits for its sink's state before its first sample.
        let rig = await Rig(wake: OutputWake(rules: [.init(sink: "*", preRoll: 0.2)]), output: output)
        let ticket = try await rig.queue("In 300 meters turn right")
        // Taken from the queue, the prompt waits for its sink (the policy is asked meanwhile).
        while output.sinksAsked == 0 { await Task.yield() }
        let returned = Flag()
        async let gone: Void = {
            await rig.player.cancelAll(of: Self.nav, reason: "the client disconnected")
            returned.set()
        }()
        try await Task.sleep(for: .milliseconds(50))
        #expect(!returned.isSet, "cancelAll(of:) returned while the client's prompt was still in flight")
        output.releaseSink()
        await gone
        let asked = await rig.gate.calls
        #expect(await rig.player.clientsWithTurns == 0, "the queue still keeps the gone client's turns")
        #expect(try await ticket.outcome().result == .skipped)
        // Another client's prompt plays to its end; the gone client is not heard of again.
        let later = try await rig.queue("Turn left now", client: Self.other)
        await output.waitUntilPlaying(1)
        output.drain()
        #expect(try await later.outcome().result == .finished)
        let afterwards = await rig.gate.calls.dropFirst(asked.count)
        #expect(!afterwards.contains { $0.client == Self.nav }, "\(afterwards)")
    }

    @Test func anOutrankedPromptWhoseClientGoesIsNotQueuedAgain() async throws {
        let output = HeldOutput(holdsFades: true)
        let rig = await Rig(preemption: .builtIn, output: output)
        let low = try await rig.queue("Continue for nine miles", priority: .low)
        await output.waitUntilPlaying(1)
        // Outranked: it fades out, and would be queued again after the newcomer; cancelled, it is not.
        let important = try await rig.queue("Turn left now", client: Self.other, priority: .important)
        await rig.player.cancelAll(of: Self.nav, reason: "the client disconnected")
        let outcome = try await low.outcome()
        #expect([.interrupted, .skipped].contains(outcome.result))
        #expect(outcome.reason?.contains("queued again") == false, "\(String(describing: outcome.reason))")
        await output.waitUntilPlaying(2)
        output.drain()
        #expect(try await important.outcome().result == .finished)
        let queued = rig.log.all.filter { $0.type == .promptQueued && $0.client == Self.nav.rawValue }
        #expect(queued.count == 1, "the gone client's prompt came back: \(queued.map(\.prompt))")
        #expect(await rig.player.status == (waiting: 0, playing: false))
    }
}

extension ScriptedGate.Call {
    var client: ClientID {
        switch self {
        case .expected(let c), .ready(let c), .finished(let c, _), .guidanceEnded(let c): c
        }
    }
}

/// Set once, read by the test.
final class Flag: Sendable {
    private let state = Mutex(false)
    func set() { state.withLock { $0 = true } }
    var isSet: Bool { state.withLock { $0 } }
}
