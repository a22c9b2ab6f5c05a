import AudioPolicy
import Foundation
import PropertyBased
import PulseAudio
import Testing

@testable import Engine

/// The prompt queue on its own (pure: no audio, no clock).
@Suite struct PromptQueueTests {
    static let a = ClientID("nav-a")
    static let b = ClientID("nav-b")

    static func id(_ n: Int) -> PromptID { PromptID(rawValue: "p-\(n)") }

    @Test func higherPriorityFirstThenArrivalOrder() {
        var queue = PromptQueue()
        _ = queue.enqueue(id: Self.id(1), client: Self.a, priority: .low, deadline: nil, key: nil)
        _ = queue.enqueue(id: Self.id(2), client: Self.a, priority: .normal, deadline: nil, key: nil)
        _ = queue.enqueue(id: Self.id(3), client: Self.b, priority: .important, deadline: nil, key: nil)
        _ = queue.enqueue(id: Self.id(4), client: Self.b, priority: .normal, deadline: nil, key: nil)
        #expect(queue.position(of: Self.id(3)) == 0)
        #expect(queue.position(of: Self.id(1)) == 3)
        var order: [PromptID] = []
        while let next = queue.next() { order.append(next.id) }
        #expect(order == [3, 2, 4, 1].map(Self.id))
        #expect(queue.count == 0 && queue.next() == nil)
    }

    @Test func aNewerPromptWithTheSameClientAndKeyReplacesTheWaitingOne() {
        var queue = PromptQueue()
        _ = queue.enqueue(id: Self.id(1), client: Self.a, priority: .normal, deadline: nil, key: "exit-12")
        _ = queue.enqueue(id: Self.id(2), client: Self.b, priority: .normal, deadline: nil, key: "exit-12")
        let superseded = queue.enqueue(id: Self.id(3), client: Self.a, priority: .important, deadline: 9, key: "exit-12")
        #expect(superseded.map(\.id) == [Self.id(1)], "only the same client's prompt with that key goes")
        #expect(queue.count == 2 && queue.count(of: Self.a) == 1 && queue.count(of: Self.b) == 1)
        #expect(queue.next()?.deadline == 9)
    }

    @Test func aPromptWithoutAKeyNeverSupersedes() {
        var queue = PromptQueue()
        _ = queue.enqueue(id: Self.id(1), client: Self.a, priority: .normal, deadline: nil, key: nil)
        #expect(queue.enqueue(id: Self.id(2), client: Self.a, priority: .normal, deadline: nil, key: nil).isEmpty)
        #expect(queue.count == 2)
    }

    @Test func removeTakesOutExactlyTheMatchingOnes() {
        var queue = PromptQueue()
        for n in 1...6 { _ = queue.enqueue(id: Self.id(n), client: n % 2 == 0 ? Self.a : Self.b, priority: .normal, deadline: nil, key: nil) }
        let removed = queue.remove { $0.client == Self.a }
        #expect(removed.map(\.id) == [2, 4, 6].map(Self.id))
        #expect(queue.waiting.map(\.id) == [1, 3, 5].map(Self.id))
        #expect(queue.position(of: Self.id(2)) == nil)
    }

    /// Whatever arrives, prompts leave highest priority first and, within a priority, in arrival
    /// order; a key keeps at most one waiting prompt per client; nothing is lost or duplicated.
    @Test func ordersAnyArrivalsAndLosesNothing() async {
        let arrivals = Gen.int(in: 0...59).array(of: 0...40)
        await propertyCheck(count: 300, input: arrivals) { arrivals in
            var queue = PromptQueue()
            var live: [(id: PromptID, client: ClientID, priority: PromptPriority, key: String?, sequence: Int)] = []
            for (n, code) in arrivals.enumerated() {
                let client = code % 2 == 0 ? Self.a : Self.b
                let priority = PromptPriority.allCases[code / 2 % 3]
                let key: String? = code / 6 % 5 == 0 ? nil : "k\(code / 6 % 5)"
                let superseded = queue.enqueue(id: Self.id(n), client: client, priority: priority, deadline: nil, key: key)
                let expected = live.filter { key != nil && $0.client == client && $0.key == key }.map(\.id)
                #expect(superseded.map(\.id) == expected)
                live.removeAll { key != nil && $0.client == client && $0.key == key }
                live.append((Self.id(n), client, priority, key, n))
            }
            let expectedOrder = live.sorted { ($0.priority, $0.sequence) < ($1.priority, $1.sequence) }.map(\.id)
            var order: [PromptID] = []
            while let next = queue.next() { order.append(next.id) }
            #expect(order == expectedOrder)
        }
    }
}

/// The duck journal's account of volumes (pure).
@Suite struct DuckJournalVolumeTests {
    static let own = ChannelVolumesFixture.own

    @Test func overlappingDucksRestoreToTheFirstVolumeWithoutRatcheting() {
        var journal = DuckJournal()
        journal.recordIfAbsent(7, Self.own)
        journal.noteApplied(7, Self.own.scaled(byDecibels: -15))
        // A second duck while the first holds records nothing new: the original stays.
        journal.recordIfAbsent(7, Self.own.scaled(byDecibels: -15))
        journal.noteApplied(7, Self.own.scaled(byDecibels: -20))
        #expect(journal.originalVolume(of: 7) == Self.own)
        #expect(journal.restoreTarget(of: 7, current: Self.own.scaled(byDecibels: -20)) == Self.own)
    }

    @Test func aLevelTheEngineDidNotSetIsTheUsersAndStands() {
        var journal = DuckJournal()
        journal.recordIfAbsent(7, Self.own)
        journal.noteApplied(7, Self.own.scaled(byDecibels: -15))
        #expect(journal.restoreTarget(of: 7, current: Self.own.scaled(byDecibels: -3)) == nil)
    }

    @Test func forgettingADuckKeepsAMuteUntilItIsLifted() {
        var journal = DuckJournal()
        journal.recordIfAbsent(7, Self.own)
        journal.noteMuted(7, true)
        journal.forget(7)
        #expect(!journal.isEmpty && journal.streams[7]?.muted == true && journal.originalVolume(of: 7) == nil)
        journal.noteMuted(7, false)
        #expect(journal.isEmpty)
    }

    @Test func aStreamThatIsGoneIsForgottenMuteAndAll() {
        var journal = DuckJournal()
        journal.recordIfAbsent(7, Self.own)
        journal.noteMuted(7, true)
        journal.forgetAll(7)
        #expect(journal.isEmpty)
    }

    @Test func survivesTheJournalFileRoundTrip() throws {
        var journal = DuckJournal()
        journal.recordIfAbsent(3, Self.own, identity: ["application.name": "player"])
        journal.noteApplied(3, Self.own.scaled(byDecibels: -15))
        journal.noteMuted(4, true, identity: ["application.name": "podcasts"])
        let data = try JSONEncoder().encode(journal)
        #expect(try JSONDecoder().decode(DuckJournal.self, from: data) == journal)
    }
}

enum ChannelVolumesFixture {
    static let own = ChannelVolumes([40_000, 40_000])
}
