import AudioPolicy
import PropertyBased
import RPC
import Testing

@testable import Engine

/// The prompt player with a scripted policy, instant audio and an output the test drains: the
/// queue's order, cancelling, expiring and skipping, without a sound server.
@Suite struct PromptPlayerTests {
    static let nav = ClientID("nav")
    static let other = ClientID("other")

    struct Rig {
        let gate = ScriptedGate()
        let renderer = InstantRenderer()
        let output = HeldOutput()
        let events = EventBus()
        let log: EventLog
        let player: PromptPlayer
        let clock: EngineClock

        init(clock: EngineClock = EngineClock(.real)) async {
            self.clock = clock
            log = EventLog(events)
            player = PromptPlayer(clock: clock, renderer: renderer, output: output, events: events)
            await player.attach(gate)
        }

        func queue(
            _ text: String, client: ClientID = PromptPlayerTests.nav, voice: String = "en",
            priority: PromptPriority = .normal, deadline: Double? = nil, key: String? = nil
        ) async throws -> PromptTicket {
            try await player.enqueue(
                client: client, candidates: [text], voice: voice, options: PromptOptions(priority: priority, deadline: deadline, key: key),
                receivedAt: .now
            ).0
        }
    }

    @Test func playsOneAtATimeHighestPriorityFirstThenInArrivalOrder() async throws {
        let rig = await Rig()
        let first = try await rig.queue("Continue for nine miles", priority: .low)
        await rig.output.waitUntilPlaying(1)
        let normal = try await rig.queue("In 300 meters turn right")
        let important = try await rig.queue("Turn left now", priority: .important)
        let later = try await rig.queue("Then keep right", client: Self.other, priority: .important)
        #expect(await rig.player.status == (waiting: 3, playing: true))
        for count in 2...4 {
            rig.output.drain()
            await rig.output.waitUntilPlaying(count)
        }
        rig.output.drain()
        let outcomes = [try await first.outcome(), try await important.outcome(), try await later.outcome(), try await normal.outcome()]
        #expect(outcomes.map(\.result) == [.finished, .finished, .finished, .finished])
        let started = rig.log.all.filter { $0.type == .promptStarted }.map(\.text)
        #expect(started == ["Continue for nine miles", "Turn left now", "Then keep right", "In 300 meters turn right"])
        #expect(await rig.player.spoken == 4)
        // The session lingers while another prompt waits, and is let go after the last.
        let finished = await rig.gate.calls.compactMap { if case .finished(_, let waiting) = $0 { waiting } else { nil } }
        #expect(finished == [true, true, true, false])
    }

    @Test func cancellingThePlayingPromptStopsItsAudioAndRestores() async throws {
        let rig = await Rig()
        let ticket = try await rig.queue("In 300 meters turn right")
        await rig.output.waitUntilPlaying(1)
        let cancelled = await rig.player.cancel(client: Self.nav, reason: "cancelled by the client")
        let outcome = try await ticket.outcome()
        #expect(cancelled == [ticket.id])
        #expect(outcome.result == .skipped && outcome.reason == "cancelled by the client")
        #expect(outcome.paused == [.music], "what the prompt paused is reported even when it is cut")
        #expect(rig.output.cancelled == 1)
        #expect(await rig.gate.calls.last == .finished(Self.nav, anotherWaiting: false), "the policy hears that it ended")
        #expect(rig.log.types(of: ticket.id) == ["prompt.queued", "prompt.started", "prompt.skipped"])
    }

    @Test func cancelByIDLeavesTheClientsOtherPrompts() async throws {
        let rig = await Rig()
        let playing = try await rig.queue("one")
        await rig.output.waitUntilPlaying(1)
        let second = try await rig.queue("two")
        let third = try await rig.queue("three")
        #expect(await rig.player.cancel(client: Self.other, id: second.id, reason: "by id") == [second.id])
        #expect(try await second.outcome().result == .skipped)
        rig.output.drain()
        await rig.output.waitUntilPlaying(2)
        rig.output.drain()
        #expect(try await playing.outcome().result == .finished)
        #expect(try await third.outcome().result == .finished)
        #expect(await rig.player.skipped == 1)
        #expect(await rig.player.spoken == 2)
    }

    @Test func aNewerPromptForTheSameManeuverSupersedesTheWaitingOne() async throws {
        let rig = await Rig()
        _ = try await rig.queue("playing")
        await rig.output.waitUntilPlaying(1)
        let old = try await rig.queue("In 500 meters turn left", key: "m1")
        let new = try await rig.queue("In 200 meters turn left", key: "m1")
        let outcome = try await old.outcome()
        #expect(outcome.result == .skipped && outcome.reason == "superseded by \(new.id) for the same maneuver")
        #expect(await rig.player.status.waiting == 1)
        await rig.player.cancelAll(reason: "done")
    }

    @Test func aSkipVerdictPlaysNothingAndSaysWhy() async throws {
        let rig = await Rig()
        await rig.gate.set(.skip(reason: "the driver is on a call"), expecting: .none, for: Self.nav)
        let outcome = try await rig.queue("Turn right now").outcome()
        #expect(outcome.result == .skipped && outcome.reason == "the driver is on a call")
        #expect(rig.output.played == 0 && rig.renderer.rendered.withLock { $0.isEmpty })
        #expect(await rig.gate.calls == [.expected(Self.nav), .ready(Self.nav)], "nothing to restore: the policy is not told it drained")
    }

    @Test func theVerdictsStyleWinsOverTheExpectedOne() async throws {
        let rig = await Rig()
        await rig.gate.set(.play(.short), expecting: .normal, for: Self.nav)
        let ticket = try await rig.queue("Turn right now")
        await rig.output.waitUntilPlaying(1)
        rig.output.drain()
        let outcome = try await ticket.outcome()
        #expect(outcome.style == .short && outcome.text == "(earcon) Turn right now" && outcome.voice == nil)
        #expect(rig.renderer.rendered.withLock { $0.map(\.0) } == [.normal, .short], "made again in the style decided")
    }

    @Test func aNoSessionVerdictFailsThePromptWithTheReason() async throws {
        let rig = await Rig()
        await rig.gate.set(.noSession(SessionConfigurationError("no session")), for: Self.nav)
        await #expect(throws: EngineError.self) { try await rig.queue("Turn right now").outcome() }
        #expect(await rig.player.skipped == 1)
    }

    @Test func refusesAnUnknownVoiceAndAFullQueueChangingNothing() async throws {
        let rig = await Rig()
        _ = try await rig.queue("playing")
        await rig.output.waitUntilPlaying(1)
        await #expect(throws: EngineError.self) { try await rig.queue("hello", voice: "xx") }
        for n in 0..<PromptPlayer.maxWaitingPerClient { _ = try await rig.queue("waiting \(n)") }
        await #expect(throws: EngineError.self) { try await rig.queue("one too many") }
        #expect(await rig.player.status.waiting == PromptPlayer.maxWaitingPerClient)
        _ = try await rig.queue("another client's", client: Self.other)
        #expect(rig.log.all.filter { $0.type == .promptQueued }.count == PromptPlayer.maxWaitingPerClient + 2)
        await rig.player.cancelAll(reason: "done")
    }

    @Test func cancelAllEndsTheWaitingAndThePlayingWithTheReason() async throws {
        let rig = await Rig()
        let tickets = [try await rig.queue("one"), try await rig.queue("two", client: Self.other), try await rig.queue("three")]
        await rig.output.waitUntilPlaying(1)
        await rig.player.cancelAll(reason: EngineError.serverUnavailableReason)
        for ticket in tickets {
            let outcome = try await ticket.outcome()
            #expect(outcome.result == .skipped && outcome.reason == EngineError.serverUnavailableReason)
        }
        #expect(await rig.player.status == (waiting: 0, playing: false))
    }

    @Test func aPromptWhoseServerWentAwayIsNotFinished() async throws {
        let rig = await Rig()
        rig.output.loseServer()
        let outcome = try await rig.queue("Turn right now").outcome()
        #expect(outcome.result == .skipped && outcome.reason == EngineError.serverUnavailableReason)
    }

    /// On the simulated clock a prompt takes its length of simulated time, and one that cannot
    /// start before its deadline expires at that deadline.
    @Test func expiresAtItsDeadlineOnTheSimulatedClock() async throws {
        let clock = EngineClock(.virtual)
        let rig = await Rig(clock: clock)
        // Ten words: one second of audio.
        let long = try await rig.queue("one two three four five six seven eight nine ten")
        let late = try await rig.queue("Turn right now", deadline: 0.5)
        try await clock.advance(to: 2)
        #expect(try await long.outcome().result == .finished)
        let outcome = try await late.outcome()
        #expect(outcome.result == .expired && outcome.reason == "its deadline passed while it waited")
        let expired = rig.log.all.first { $0.type == .promptExpired }
        #expect(expired.map { abs($0.time - 0.505) < 0.001 } == true, "expired at \(String(describing: expired?.time))")
        let finished = rig.log.all.first { $0.type == .promptFinished }
        #expect(finished?.time == 1 && finished?.duration == 1)
        #expect(rig.output.played == 0, "the virtual clock plays no audio")
    }

    @Test func tellsGuidanceWhenItsPromptEnded() async throws {
        let rig = await Rig()
        var options = PromptOptions()
        options.fromGuidance = true
        let ticket = try await rig.player.enqueue(client: Self.nav, candidates: ["Turn left"], voice: "en", options: options, receivedAt: .now).0
        await rig.output.waitUntilPlaying(1)
        rig.output.drain()
        _ = try await ticket.outcome()
        while await !rig.gate.calls.contains(.guidanceEnded(Self.nav)) { await Task.yield() }
    }

    /// Whatever is queued while a prompt plays, each prompt ends exactly once, in the queue's order,
    /// and every queued event has one end event.
    @Test func everyPromptEndsOnceInQueueOrder() async throws {
        let arrivals = Gen.int(in: 0...29).array(of: 1...12)
        await propertyCheck(count: 40, input: arrivals) { arrivals in
            let rig = await Rig()
            var tickets: [(PromptTicket, PromptPriority, Int)] = []
            for (n, code) in arrivals.enumerated() {
                let priority = PromptPriority.allCases[code % 3]
                let ticket = try! await rig.queue("prompt \(n)", client: code % 2 == 0 ? Self.nav : Self.other, priority: priority)
                tickets.append((ticket, priority, n))
                if n == 0 { await rig.output.waitUntilPlaying(1) }
            }
            for count in 1...tickets.count {
                await rig.output.waitUntilPlaying(count)
                rig.output.drain()
            }
            for (ticket, _, _) in tickets { #expect(try! await ticket.outcome().result == .finished) }
            let expected = [tickets[0]] + tickets.dropFirst().sorted { ($0.1, $0.2) < ($1.1, $1.2) }
            let started = rig.log.all.filter { $0.type == .promptStarted }.compactMap(\.prompt)
            #expect(started == expected.map(\.0.id.rawValue))
            let ends = rig.log.all.filter { $0.type == .promptFinished }.compactMap(\.prompt)
            #expect(Set(ends).count == tickets.count && ends.count == tickets.count)
        }
    }
}
