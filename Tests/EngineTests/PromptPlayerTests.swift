import AudioPolicy
import Guidance
import Prompts
import PropertyBased
import RPC
import Testing

@testable import Engine
@testable import EngineTime

/// The prompt player with a scripted policy, instant audio and an output the test drains: the
/// queue's order, cancelling, expiring and skipping, without a sound server.
@Suite struct PromptPlayerTests {
    static let nav = ClientID("nav")
    static let other = ClientID("other")
    /// The built-in policy's limits (policy/default.yaml).
    static let limits = PromptLimits(maxSeconds: 6, maxTextCharacters: 1000, maxWaiting: 64, maxWaitingPerClient: 32, maxWaitingSeconds: 120)

    /// The player runs (its worker and deadline timers, `run()`) while the rig lives.
    final class Rig: Sendable {
        let gate = ScriptedGate()
        let renderer = InstantRenderer()
        let output: HeldOutput
        let events = EventBus()
        let log: EventLog
        let player: PlayerHost
        let clock: EngineClock

        /// - Parameter preemption: none by default, so that the queue's order is seen on its own
        ///   (`PromptPreemptionPlayerTests` plays with the built-in rule).
        init(
            clock: EngineClock = EngineClock(.real), limits: PromptLimits = PromptPlayerTests.limits, preemption: PromptPreemption = PromptPreemption(),
            audibility: Audibility = .builtIn, wake: OutputWake = .builtIn, output: HeldOutput = HeldOutput()
        ) async {
            self.clock = clock
            self.output = output
            log = EventLog(events)
            player = PlayerHost(
                PromptPlayer(
                    clock: clock, renderer: renderer, output: output, events: events, limits: limits, preemption: preemption,
                    wake: wake, audibility: audibility), gate: gate)
            Task { [player] in await player.run() }
        }

        deinit { player.finish() }

        func queue(
            _ text: String, client: ClientID = PromptPlayerTests.nav, voice: String = "en",
            priority: PromptPriority = .normal, deadline: Double? = nil, key: String? = nil, toneless: Bool = false
        ) async throws -> PromptTicket {
            var options = PromptOptions(priority: priority, deadline: deadline, key: key)
            options.toneless = toneless
            return try await player.enqueue(client: client, candidates: [Wording(text: text)], voice: voice, options: options, receivedAt: .now).0
        }

        /// A maneuver prompt: its wordings, richest first.
        func queueManeuver(_ wordings: [String], client: ClientID = PromptPlayerTests.nav, priority: PromptPriority = .normal) async throws
            -> PromptTicket
        {
            try await player.enqueue(
                client: client, candidates: wordings.map { Wording(text: $0) }, voice: "en", kind: .maneuver, options: PromptOptions(priority: priority),
                receivedAt: .now
            ).0
        }
    }

    /// Without a pre-roll rule no round trip to the server comes before the first sample: the prompt
    /// plays while its sink is still being woken, and ends once that is done too.
    @Test func withoutAPreRollRuleThePromptPlaysWhileItsSinkIsWoken() async throws {
        let output = HeldOutput(holdsSink: true)
        let rig = await Rig(output: output)
        let ticket = try await rig.queue("Turn left now")
        await output.waitUntilPlaying(1)
        #expect(output.sinksAsked == 1)
        output.drain()
        output.releaseSink()
        #expect(try await ticket.outcome().result == .finished)
    }

    /// A sink that may be suspended is woken before the first sample: the start is not lost.
    @Test func aSinkThatMayBeSuspendedIsWokenBeforeTheFirstSample() async throws {
        let output = HeldOutput(holdsSink: true, sinkSuspended: true)
        let rig = await Rig(output: output)
        let ticket = try await rig.queue("Turn left now")
        while output.sinksAsked == 0 { await Task.yield() }
        try await Task.sleep(for: .milliseconds(50))
        #expect(output.played == 0, "it played before its sink was woken")
        output.releaseSink()
        await output.waitUntilPlaying(1)
        output.drain()
        #expect(try await ticket.outcome().result == .finished)
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
        #expect(rig.output.played == 0)
        #expect(rig.renderer.rendered.withLock { $0.map(\.0) } == [.normal], "only the speech measured when it was queued")
        // Its speech was made when it was queued: the policy is asked once, when it can play.
        #expect(await rig.gate.calls == [.ready(Self.nav)], "nothing to restore: the policy is not told it drained")
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

    @Test func aContinuePromptIsSkippedWhereATonePlaysNotTurnedIntoOne() async throws {
        let rig = await Rig()
        // The policy is expected to want a tone (a call): skipped before its session is activated.
        await rig.gate.set(.play(.short), expecting: .short, for: Self.nav)
        let early = try await rig.queue("Continue for three miles", toneless: true).outcome()
        #expect(early.result == .skipped && early.reason == PromptPlayer.tonelessReason, "\(early)")
        #expect(await rig.gate.calls == [.ready(Self.nav)], "nothing activated, nothing ducked")
        // The policy decides a tone only once it is ready: skipped, and its session let go at once.
        await rig.gate.set(.play(.short), expecting: .normal, for: Self.nav)
        let late = try await rig.queue("Continue for three miles", toneless: true).outcome()
        #expect(late.result == .skipped && late.reason == PromptPlayer.tonelessReason, "\(late)")
        #expect(await rig.gate.calls.suffix(2) == [.ready(Self.nav), .finished(Self.nav, anotherWaiting: false)])
        #expect(rig.output.played == 0)
        // A maneuver's prompt still becomes the tone.
        let ticket = try await rig.queue("Turn right now")
        await rig.output.waitUntilPlaying(1)
        rig.output.drain()
        #expect(try await ticket.outcome().style == .short)
    }

    @Test func aPromptUnderTheTargetDucksTheBedDeeperAndSaysSo() async throws {
        let rig = await Rig(audibility: Audibility(promptAboveBed: 20, deepestDuck: -35, maxBoost: 6))
        // The fake's speech is -30.3 dBFS, -36.3 softer; a bed at -30 ducked 6 dB is -36: 20.3 dB short.
        await rig.gate.setBed(Audibility.Bed(level: -30, attenuation: -6, allDucked: true), gain: .softer)
        let ticket = try await rig.queue("Turn right now")
        await rig.output.waitUntilPlaying(1)
        rig.output.drain()
        _ = try await ticket.outcome()
        let deeper = await rig.gate.deeper
        #expect(deeper.count == 1 && abs(deeper[0] - -20.3) < 0.1, "\(deeper)")
        let started = try #require(rig.log.all.first { $0.type == .promptStarted })
        #expect(started.extraDuck == deeper.first)
        #expect(started.aboveBed == 20, "\(started)")
        #expect(started.gain == -6, "the driver's softer stays: the duck made the room")
        // Nothing under it: its client's gain only, nothing said of a bed.
        await rig.gate.setBed(nil, gain: .louder)
        let next = try await rig.queue("Turn left now")
        await rig.output.waitUntilPlaying(2)
        rig.output.drain()
        _ = try await next.outcome()
        let second = try #require(rig.log.all.last { $0.type == .promptStarted })
        #expect(second.gain == 6 && second.aboveBed == nil && second.extraDuck == nil)
        #expect(await rig.gate.deeper.count == 1)
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
        let perClient = Self.limits.maxWaitingPerClient
        for n in 0..<perClient { _ = try await rig.queue("waiting \(n)") }
        await #expect(throws: EngineError.self) { try await rig.queue("one too many") }
        #expect(await rig.player.status.waiting == perClient)
        _ = try await rig.queue("another client's", client: Self.other)
        #expect(rig.log.all.filter { $0.type == .promptQueued }.count == perClient + 2)
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
        options.guidance = 1
        let ticket = try await rig.player.enqueue(client: Self.nav, candidates: [Wording(text: "Turn left")], voice: "en", options: options, receivedAt: .now).0
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
            // Priority, then each client's turn at that priority (every prompt it queued takes one,
            // the one playing first too), then arrival.
            var turns: [Int] = []
            for (n, code) in arrivals.enumerated() {
                turns.append(arrivals[..<n].filter { $0 % 2 == code % 2 && $0 % 3 == code % 3 }.count)
            }
            let expected = [tickets[0]] + tickets.dropFirst().sorted { ($0.1, turns[$0.2], $0.2) < ($1.1, turns[$1.2], $1.2) }
            let started = rig.log.all.filter { $0.type == .promptStarted }.compactMap(\.prompt)
            #expect(started == expected.map(\.0.id.rawValue))
            let ends = rig.log.all.filter { $0.type == .promptFinished }.compactMap(\.prompt)
            #expect(Set(ends).count == tickets.count && ends.count == tickets.count)
        }
    }

    @Test func aTextTooLongToSayIsRefusedWithItsLengthChangingNothing() async throws {
        let rig = await Rig()
        // 8 s of speech: over the 6 s even spoken 1.25× as fast.
        let eightyWords = Array(repeating: "word", count: 80).joined(separator: " ")
        await #expect {
            try await rig.queue(eightyWords)
        } throws: { error in
            guard case EngineError.promptTooLong(let overrun) = error else { return false }
            return overrun.limit == 6 && abs(overrun.estimatedSeconds - 8) < 1e-6 && "\(error)".contains("more than the 6 s a prompt may take")
                && "\(error)".contains("1.25× as fast")
        }
        let tooManyCharacters = String(repeating: "a", count: Self.limits.maxTextCharacters + 1)
        await #expect {
            try await rig.queue(tooManyCharacters)
        } throws: { error in
            guard case EngineError.textTooLong(let characters, let limit) = error else { return false }
            return characters == 1001 && limit == 1000 && (error as? EngineError)?.isInvalidRequest == true
        }
        #expect(rig.renderer.rendered.withLock { $0.isEmpty }, "neither was spoken, and the second not even synthesised")
        let status = await rig.player.status
        #expect(rig.log.all.isEmpty && status == (waiting: 0, playing: false))
    }

    @Test func aManeuverTooLongIsSaidWithLessDetailNotRefused() async throws {
        let rig = await Rig()
        let rich = Array(repeating: "detail", count: 70).joined(separator: " ")
        let ticket = try await rig.queueManeuver([rich, "Turn left onto Main Street", "Turn left"])
        await rig.output.waitUntilPlaying(1)
        rig.output.drain()
        let outcome = try await ticket.outcome()
        #expect(outcome.result == .shortened && outcome.text == "Turn left onto Main Street")
    }

    /// A final instruction with little time left before its maneuver (`PromptOptions.wordBudget`,
    /// from the announcer) sheds detail until its words fit that time, below the policy's limit.
    @Test(arguments: [(0.55, "Turn left onto Main Street"), (0.35, "Turn left"), (0, "Turn left")])
    func aFinalInstructionWithLittleTimeLeftShedsDetailToFit(_ budget: Double, _ said: String) async throws {
        let rig = await Rig()
        var options = PromptOptions(priority: .important)
        options.wordBudget = budget
        let wordings = ["Turn left onto Main Street toward the Airport", "Turn left onto Main Street", "Turn left"]
        let ticket = try await rig.player.enqueue(
            client: Self.nav, candidates: wordings.map { Wording(text: $0) }, voice: "en", kind: .maneuver, options: options, receivedAt: .now
        ).0
        await rig.output.waitUntilPlaying(1)
        rig.output.drain()
        let outcome = try await ticket.outcome()
        #expect(outcome.result == .shortened && outcome.text == said, "\(outcome)")
    }

    /// A client flooding the queue delays another client by one prompt at most (here not at all:
    /// the flooder's turn was its prompt playing), and a maneuver goes before text of the same priority.
    @Test func clientsTakeTurnsAndAManeuverGoesBeforeText() async throws {
        let rig = await Rig()
        let flooder = ClientID("flooder")
        _ = try await rig.queue("playing", client: flooder)
        await rig.output.waitUntilPlaying(1)
        for n in 1...5 { _ = try await rig.queue("flood \(n)", client: flooder) }
        _ = try await rig.queue("other text", client: Self.other)
        _ = try await rig.queueManeuver(["In 300 meters turn right"])
        for count in 2...8 {
            rig.output.drain()
            await rig.output.waitUntilPlaying(count)
        }
        rig.output.drain()
        let started = rig.log.all.filter { $0.type == .promptStarted }.compactMap(\.text)
        #expect(started == ["playing", "In 300 meters turn right", "other text", "flood 1", "flood 2", "flood 3", "flood 4", "flood 5"])
    }

    /// The queue as a whole is bounded; when it is full, a client with fewer prompts waiting takes the
    /// place of the newest prompt of the client with the most, which ends skipped, saying why.
    @Test func aFullQueueMakesRoomForAClientWithFewerPromptsWaiting() async throws {
        let limits = PromptLimits(maxSeconds: 6, maxTextCharacters: 1000, maxWaiting: 4, maxWaitingPerClient: 4, maxWaitingSeconds: 2)
        let rig = await Rig(limits: limits)
        let flooder = ClientID("flooder")
        _ = try await rig.queue("playing", client: flooder)
        await rig.output.waitUntilPlaying(1)
        var flood: [PromptTicket] = []
        for n in 1...4 { flood.append(try await rig.queue("flood \(n)", client: flooder)) }
        await #expect(throws: EngineError.self, "the client with the most waiting is refused") { try await rig.queue("flood 5", client: flooder) }
        let guidance = try await rig.queueManeuver(["In 300 meters turn right"])
        let dropped = try await flood[3].outcome()
        #expect(dropped.result == .skipped && dropped.reason?.contains("the queue was full and client flooder had the most prompts waiting") == true)
        #expect(await rig.player.status.waiting == 4)
        // Seconds: 2 s may wait. Another client's 1.2 s takes a place (flood 3) and then, for the
        // seconds, one more (flood 2).
        _ = try await rig.queue("one two three four five six seven eight nine ten eleven twelve", client: Self.other)
        #expect(try await flood[2].outcome().result == .skipped)
        #expect(try await flood[1].outcome().result == .skipped)
        #expect(await rig.player.status.waiting == 3)
        #expect(await rig.player.secondsWaiting <= 2 + 1e-9)
        await rig.player.cancelAll(reason: "done")
        #expect(try await guidance.outcome().reason == "done")
    }
}
