import AsyncSupport
import AudioPolicy
import Guidance
import Prompts
import Testing

@testable import Engine
@testable import EngineTime

/// A flood of prompts from many clients at once, against the player with fakes (speech takes 2 ms
/// to make, the first prompt plays until the test ends): the queue's bounds are asked before each
/// synthesis, so what cannot be admitted is never synthesised, and a client with nothing waiting is
/// never refused.
@Suite struct FloodAdmissionTests {
    static let limits = PromptLimits(maxSeconds: 6, maxTextCharacters: 1000, maxWaiting: 8, maxWaitingPerClient: 4, maxWaitingSeconds: 120)

    struct Counts {
        var admitted = 0
        var refused = 0
        var other: [String] = []
    }

    @Test func onlyWhatCanBeAdmittedIsSynthesised() async throws {
        let renderer = InstantRenderer(delay: .milliseconds(2))
        let output = HeldOutput()
        let player = PlayerHost(
            PromptPlayer(clock: EngineClock(.real), renderer: renderer, output: output, events: EventBus(), limits: Self.limits), gate: ScriptedGate())
        Task { await player.run() }
        defer { player.finish() }
        // 40 clients × 8 prompts, all at once.
        let counts = await withTaskGroup(of: Result<Void, EngineError>.self, returning: Counts.self) { group in
            for client in 0..<40 {
                for prompt in 0..<8 {
                    group.addTask {
                        do throws(EngineError) {
                            _ = try await player.enqueue(
                                client: ClientID("flood-\(client)"), candidates: [Wording(text: "Flood \(client) prompt \(prompt)")], voice: "en",
                                options: PromptOptions(priority: .low), receivedAt: .now)
                            return .success(())
                        } catch {
                            return .failure(error)
                        }
                    }
                }
            }
            var counts = Counts()
            for await result in group {
                switch result {
                case .success: counts.admitted += 1
                case .failure(.queueFull): counts.refused += 1
                case .failure(let error): counts.other.append("\(error)")
                }
            }
            return counts
        }
        let synthesised = renderer.rendered.withLock { $0.count }
        #expect(counts.other.isEmpty, "\(counts.other)")
        #expect(counts.admitted + counts.refused == 320)
        // Each synthesis was admitted, but for a refusal the bounds could not foresee: at most one per
        // turn the other synthesis in flight took meanwhile. Before the line, all 320 were made.
        #expect(synthesised <= counts.admitted + SynthesisSlots.standardCapacity, "\(synthesised) made, \(counts.admitted) admitted")
        #expect(counts.refused >= 320 - 8 - 40, "\(counts)")

        // A client with nothing waiting gets in, the queue full of the flood.
        let guidance = try await player.enqueue(
            client: ClientID("guidance"), candidates: [Wording(text: "Turn left")], voice: "en", kind: .maneuver,
            options: PromptOptions(priority: .important), receivedAt: .now)
        #expect(guidance.1 >= 0)
        output.drain()
    }
}

/// `SynthesisSlots`: turns handed over in the order the queue plays, then first come first served,
/// and a waiter that leaves passes on a turn it was given.
@Suite struct SynthesisSlotsTests {
    /// Important before normal (it plays first anyway); within a priority the client holding fewer in
    /// line first; a busy connection's request (the daemon handles it at low task priority) after
    /// all, whatever it claims.
    @Test func theLineGoesInTheOrderTheQueuePlays() throws {
        var slots = SynthesisSlots(capacity: 1)
        let (flood, quiet, other) = (ClientID("flood"), ClientID("quiet"), ClientID("other"))
        #expect(slots.take(for: flood) == nil)
        let floodsSecond = try #require(slots.take(for: flood) as OneShot<Void>?)
        let busyImportant = try #require(slots.take(for: other, priority: .important, busy: true) as OneShot<Void>?)
        let quietNormal = try #require(slots.take(for: quiet) as OneShot<Void>?)
        let quietImportant = try #require(slots.take(for: ClientID("guidance"), priority: .important) as OneShot<Void>?)
        var order: [String] = []
        for _ in 0..<4 {
            slots.release(for: flood)
            for (name, turn) in [
                ("floodsSecond", floodsSecond), ("busyImportant", busyImportant), ("quietNormal", quietNormal), ("quietImportant", quietImportant),
            ]
            where turn.isSet && !order.contains(name) { order.append(name) }
        }
        #expect(order == ["quietImportant", "quietNormal", "floodsSecond", "busyImportant"])
    }

    @Test func turnsAreHandedOverInOrder() throws {
        var slots = SynthesisSlots(capacity: 2)
        let a = ClientID("a")
        let b = ClientID("b")
        #expect(slots.take(for: a) == nil && slots.take(for: b) == nil)
        let first = try #require(slots.take(for: a) as OneShot<Void>?)
        let second = try #require(slots.take(for: b) as OneShot<Void>?)
        #expect(slots.count == 4 && slots.count(of: a) == 2)
        slots.release(for: a)
        #expect(first.isSet && !second.isSet && slots.count == 3 && slots.count(of: a) == 1)
        // The second leaves the line before its turn: nothing is handed to it.
        slots.abandon(second, of: b)
        #expect(slots.count == 2 && slots.count(of: b) == 1)
        slots.release(for: b)
        slots.release(for: a)
        #expect(slots.count == 0 && slots.count(of: a) == 0)
    }

    @Test func aTurnHandedToAWaiterThatLeftIsPassedOn() throws {
        var slots = SynthesisSlots(capacity: 1)
        let a = ClientID("a")
        #expect(slots.take(for: a) == nil)
        let handed = try #require(slots.take(for: a) as OneShot<Void>?)
        let next = try #require(slots.take(for: a) as OneShot<Void>?)
        slots.release(for: a)
        #expect(handed.isSet)
        slots.abandon(handed, of: a)
        #expect(next.isSet && slots.count == 1)
    }
}
