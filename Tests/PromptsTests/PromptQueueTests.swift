import AudioPolicy
import Prompts
import PropertyBased
import Testing

extension PromptQueue {
    /// Admits a prompt with no bound but the key's (the queue's order and supersession on their own).
    mutating func enqueue(id: PromptID, client: ClientID, priority: PromptPriority, deadline: Double?, key: String?) -> [Prompt] {
        let unbounded = PromptLimits(maxSeconds: 6, maxTextCharacters: 1000, maxWaiting: 1000, maxWaitingPerClient: 1000, maxWaitingSeconds: 3600)
        switch admit(Prompt(id: id, client: client, priority: priority, deadline: deadline, key: key), limits: unbounded) {
        case .success(let admission): return admission.superseded
        case .failure(let bound): preconditionFailure("refused: \(bound)")
        }
    }
}

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

    /// The parts of a long text take one turn: another client's prompt of their priority, waiting or
    /// coming later, goes before them all or after them all, never between; a more urgent one may.
    @Test func thePartsOfALongTextPlayInARow() {
        let unbounded = PromptLimits(maxSeconds: 6, maxTextCharacters: 1000, maxWaiting: 1000, maxWaitingPerClient: 1000, maxWaitingSeconds: 3600)
        var queue = PromptQueue()
        _ = queue.enqueue(id: Self.id(1), client: Self.b, priority: .normal, deadline: nil, key: nil)
        _ = queue.enqueue(id: Self.id(2), client: Self.b, priority: .normal, deadline: nil, key: nil)
        for n in 3...5 {
            let part = Prompt(id: Self.id(n), client: Self.a, priority: .normal, deadline: nil, key: nil)
            guard case .success = queue.admit(part, limits: unbounded, continuing: n > 3) else { return #expect(Bool(false)) }
        }
        _ = queue.enqueue(id: Self.id(6), client: Self.b, priority: .normal, deadline: nil, key: nil)
        _ = queue.enqueue(id: Self.id(7), client: Self.b, priority: .important, deadline: nil, key: nil)
        var order: [PromptID] = []
        order.append(queue.next()!.id)
        order.append(queue.next()!.id)
        // One part playing, another client's prompt coming: still after the last part.
        _ = queue.enqueue(id: Self.id(8), client: Self.b, priority: .normal, deadline: nil, key: nil)
        while let next = queue.next() { order.append(next.id) }
        // Without `continuing`, b's second prompt (its turn 1) would go between the parts (a's turns 0, 1, 2).
        #expect(order == [7, 1, 3, 4, 5, 2, 6, 8].map(Self.id))
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

    @Test func aGoneClientLeavesNoRecordOfTurns() {
        var queue = PromptQueue()
        // A flood's clients, each with prompts waiting when it goes.
        for client in 0..<300 {
            for n in 0..<3 {
                _ = queue.enqueue(id: Self.id(client * 3 + n), client: ClientID("flood-\(client)"), priority: .low, deadline: nil, key: nil)
            }
        }
        _ = queue.next()
        #expect(queue.clientsWithTurns == 300)
        for client in 0..<300 { _ = queue.forget(ClientID("flood-\(client)")) }
        #expect(queue.count == 0 && queue.clientsWithTurns == 0)
    }

    @Test func aClientForgottenStartsAfreshLikeANewOne() {
        var queue = PromptQueue()
        for n in 1...3 { _ = queue.enqueue(id: Self.id(n), client: Self.a, priority: .normal, deadline: nil, key: nil) }
        #expect(queue.forget(Self.a).map(\.id) == [1, 2, 3].map(Self.id))
        // Remembered, a's turns would put its next prompt after b's.
        _ = queue.enqueue(id: Self.id(4), client: Self.a, priority: .normal, deadline: nil, key: nil)
        _ = queue.enqueue(id: Self.id(5), client: Self.b, priority: .normal, deadline: nil, key: nil)
        #expect(queue.ordered.map(\.id) == [4, 5].map(Self.id))
    }

    @Test func removeTakesOutExactlyTheMatchingOnes() {
        var queue = PromptQueue()
        for n in 1...6 { _ = queue.enqueue(id: Self.id(n), client: n % 2 == 0 ? Self.a : Self.b, priority: .normal, deadline: nil, key: nil) }
        let removed = queue.remove { $0.client == Self.a }
        #expect(removed.map(\.id) == [2, 4, 6].map(Self.id))
        #expect(queue.waiting.map(\.id) == [1, 3, 5].map(Self.id))
        #expect(queue.position(of: Self.id(2)) == nil)
    }

    /// Whatever arrives, prompts leave highest priority first and, within a priority, by each
    /// client's turn (the number of prompts it queued at that priority before), then in arrival order; a key keeps at most one waiting prompt per client;
    /// nothing is lost or duplicated.
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
            // A client's turn at a priority: how many prompts it queued there before (superseded ones too).
            func turn(_ p: (id: PromptID, client: ClientID, priority: PromptPriority, key: String?, sequence: Int)) -> Int {
                arrivals[..<p.sequence].filter { ($0 % 2 == 0 ? Self.a : Self.b) == p.client && PromptPriority.allCases[$0 / 2 % 3] == p.priority }.count
            }
            let expectedOrder = live.sorted { ($0.priority, turn($0), $0.sequence) < ($1.priority, turn($1), $1.sequence) }.map(\.id)
            var order: [PromptID] = []
            while let next = queue.next() { order.append(next.id) }
            #expect(order == expectedOrder)
        }
    }

    @Test func aManeuverGoesBeforeTextOfTheSamePriorityAndClientsTakeTurns() {
        var queue = PromptQueue()
        let c = ClientID("flooder")
        for n in 1...3 { _ = queue.enqueue(id: Self.id(n), client: c, priority: .normal, deadline: nil, key: nil) }
        _ = queue.enqueue(id: Self.id(4), client: Self.b, priority: .normal, deadline: nil, key: nil)
        _ = queue.admit(Prompt(id: Self.id(5), client: Self.a, kind: .maneuver, priority: .normal, deadline: nil, key: nil), limits: Self.limits)
        _ = queue.enqueue(id: Self.id(6), client: Self.b, priority: .low, deadline: nil, key: nil)
        var order: [PromptID] = []
        while let next = queue.next() { order.append(next.id) }
        #expect(order == [5, 1, 4, 2, 3, 6].map(Self.id))
    }

    static let limits = PromptLimits(maxSeconds: 6, maxTextCharacters: 1000, maxWaiting: 8, maxWaitingPerClient: 6, maxWaitingSeconds: 20)

    /// Whatever arrives, the queue never holds more prompts, more of one client's or more seconds
    /// than its limits; a refusal changes nothing; a prompt is refused for the count only when no
    /// client holding more has a prompt it may replace; every prompt taken out to make room belonged
    /// to a client holding more than the newcomer, and did not outrank it.
    @Test func holdsItsBoundsAndRefusesOnlyTheClientWithTheMost() async {
        let arrivals = Gen.int(in: 0...(4 * 3 * 7 * 2 - 1)).array(of: 0...60)
        await propertyCheck(count: 300, input: arrivals) { arrivals in
            let limits = Self.limits
            var queue = PromptQueue()
            for (n, code) in arrivals.enumerated() {
                let client = ClientID("c\(code % 4)")
                let priority = PromptPriority.allCases[code / 4 % 3]
                let seconds = Double(code / 12 % 7) + 0.5
                let isManeuver = code / 84 == 1
                let entry = Prompt(
                    id: Self.id(n), client: client, kind: isManeuver ? .maneuver : .text, priority: priority, deadline: nil, key: nil, seconds: seconds)
                let before = queue
                let held = Dictionary(grouping: before.waiting, by: \.client).mapValues(\.count)
                let mine = held[client] ?? 0
                /// Whether the newcomer wins a tie against `other`: more urgent, or a maneuver against text.
                func winsTie(_ other: Prompt) -> Bool { priority < other.priority || (priority == other.priority && isManeuver && !other.isManeuver) }
                switch queue.admit(entry, limits: limits) {
                case .success(let admission):
                    for victim in admission.evicted {
                        #expect(victim.client != client && held[victim.client]! >= mine)
                        if held[victim.client]! == mine { #expect(winsTie(victim), "a tie given up to a prompt that does not win it") }
                    }
                case .failure(let bound):
                    #expect(queue.waiting.map(\.id) == before.waiting.map(\.id), "a refusal changes nothing")
                    switch bound {
                    case .clientFull: #expect(mine >= limits.maxWaitingPerClient)
                    case .queueFull:
                        // Refused at the first place it looked: nobody holds more, and no one holding as many gives way.
                        let most = held.filter { $0.key != client }.values.max() ?? 0
                        let tieWon = before.waiting.contains { $0.client != client && held[$0.client]! == mine && winsTie($0) }
                        #expect(before.count == limits.maxWaiting && most <= mine && !(most == mine && tieWon))
                    case .secondsFull:
                        #expect(before.seconds + seconds > limits.maxWaitingSeconds)
                    case .lineFull:
                        Issue.record("the queue alone never refuses for the synthesis line (the player does)")
                    }
                }
                #expect(queue.count <= limits.maxWaiting && queue.seconds <= limits.maxWaitingSeconds + 1e-9)
                #expect(Dictionary(grouping: queue.waiting, by: \.client).values.allSatisfy { $0.count <= limits.maxWaitingPerClient })
                if n % 5 == 4 { _ = queue.next() }
            }
        }
    }

    /// Round 3's fair admission: a flood spread thin (many connections holding a prompt or two of
    /// text each, up to the queue's bound) never keeps out a guidance prompt of a client holding fewer
    /// than the most, nor one holding as many when its maneuver is up against text.
    @Test func aFloodSpreadThinNeverKeepsOutGuidance() async {
        await propertyCheck(count: 300, input: Gen.int(in: 1...3).array(of: 1...90), Gen.int(in: 0...2), Gen.int(in: 0...2)) {
            flooders, guidanceWaiting, priorityIndex in
            let limits = Self.limits
            var queue = PromptQueue()
            var n = 0
            for (index, prompts) in flooders.enumerated() {
                for _ in 0..<prompts {
                    n += 1
                    let priority: PromptPriority = n % 3 == 0 ? .normal : .low
                    _ = queue.admit(
                        Prompt(id: Self.id(n), client: ClientID("flood-\(index)"), priority: priority, deadline: nil, key: nil, seconds: 1), limits: limits)
                }
            }
            let guidance = ClientID("guidance")
            for _ in 0..<guidanceWaiting {
                n += 1
                _ = queue.admit(
                    Prompt(id: Self.id(n), client: guidance, kind: .maneuver, priority: .normal, deadline: nil, key: nil, seconds: 1), limits: limits)
            }
            let mine = queue.count(of: guidance)
            let most = Dictionary(grouping: queue.waiting.filter { $0.client != guidance }, by: \.client).values.map(\.count).max() ?? 0
            n += 1
            let prompt = Prompt(
                id: Self.id(n), client: guidance, kind: .maneuver, priority: PromptPriority.allCases[priorityIndex], deadline: nil, key: nil, seconds: 1)
            let outcome = queue.admit(prompt, limits: limits)
            // Others hold prompts, and guidance holds fewer than the most, or as many against text no more urgent.
            let holders = Set(Dictionary(grouping: queue.waiting.filter { $0.client != guidance }, by: \.client).filter { $0.value.count == most }.keys)
            let flooderTextGivesWay = queue.waiting.contains { holders.contains($0.client) && $0.priority >= prompt.priority }
            if mine < most || (mine == most && most > 0 && flooderTextGivesWay), mine < limits.maxWaitingPerClient {
                if case .failure(let bound) = outcome {
                    Issue.record("guidance (\(mine) waiting, the most \(most)) refused: \(bound); flooders \(flooders)")
                }
            }
        }
    }
}

/// One program's one-shot connections (`PromptOptions.takesTurnsAs`) take fair turns as one client.
@Suite struct SharedTurnsTests {
    static let unbounded = PromptLimits(maxSeconds: 6, maxTextCharacters: 1000, maxWaiting: 1000, maxWaitingPerClient: 1000, maxWaitingSeconds: 3600)

    /// Eight connections of one program, one prompt each, then another client's: it plays second,
    /// as after one prompt of a single client with eight; each its own turn holder, it played ninth.
    @Test(arguments: [true, false]) func oneProgramsConnectionsTakeTurnsAsOne(_ shared: Bool) {
        var queue = PromptQueue()
        for n in 1...8 {
            var prompt = Prompt(id: PromptQueueTests.id(n), client: ClientID("ssip-\(n)"), priority: .normal, deadline: nil, key: nil)
            if shared { prompt.turnHolder = ClientID("ssip spd-say") }
            _ = queue.admit(prompt, limits: Self.unbounded)
        }
        _ = queue.admit(Prompt(id: PromptQueueTests.id(9), client: ClientID("navit"), priority: .normal, deadline: nil, key: nil), limits: Self.unbounded)
        var order: [PromptID] = []
        while let next = queue.next() { order.append(next.id) }
        #expect(order.firstIndex(of: PromptQueueTests.id(9)) == (shared ? 1 : 8), "\(order)")
    }
}
