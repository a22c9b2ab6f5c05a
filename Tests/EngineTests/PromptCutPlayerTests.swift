import AudioPolicy
import Guidance
import Prompts
import RPC
import Testing

@testable import Engine
@testable import EngineTime

/// The player carries out the policy's cut of the prompt in flight (`PromptCut`), with a scripted
/// gate and an output the test drains: the playing prompt fades out and ends `interrupted` with the
/// rule; a guidance instruction is held back (said afresh later), an alert is held until the moment
/// passes and said again if its deadline allows, text is not said again.
@Suite(.timeLimit(.minutes(1))) struct PromptCutPlayerTests {
    typealias Rig = PromptPlayerTests.Rig
    static let nav = PromptPlayerTests.nav

    static func cut(_ rule: PromptCutRule, client: ClientID = nav, style: PromptStyle = .none, momentary: Bool = true) -> PromptCut {
        PromptCut(client: client, rule: rule, style: style, momentary: momentary)
    }

    func guidanceManeuver(_ rig: Rig, _ text: String, key: String) async throws -> PromptTicket {
        var options = PromptOptions(priority: .normal, key: key)
        options.guidance = 1
        return try await rig.player.enqueue(
            client: Self.nav, candidates: [Wording(text: text)], voice: "en", kind: .maneuver, options: options, receivedAt: .now
        ).0
    }

    func alert(_ rig: Rig, _ text: String, deadline: Double?) async throws -> PromptTicket {
        let options = PromptOptions(priority: .important, deadline: deadline, key: "alert.speedCamera")
        return try await rig.player.enqueue(
            client: Self.nav, candidates: [Wording(text: text)], voice: "en", kind: .alert, options: options, receivedAt: .now
        ).0
    }

    @Test func aSpeakingGuidanceInstructionIsCutAndHeldBackNotRequeued() async throws {
        let rig = await Rig()
        let ticket = try await guidanceManeuver(rig, "In half a mile turn right onto Solar Circle", key: "m1")
        await rig.output.waitUntilPlaying(1)
        await rig.player.cut(Self.cut(.call, style: .short))
        let outcome = try await ticket.outcome()
        #expect(outcome.result == .interrupted)
        #expect(outcome.cut == .call)
        #expect(
            outcome.reason == "interrupted: a call started (prompt style short); the maneuver is said again, as it is then, once that ends",
            "\(String(describing: outcome.reason))")
        #expect(rig.output.cancelled == 1, "faded out (cancelled, on an output without sound)")
        while await rig.gate.endings.isEmpty { await Task.yield() }
        #expect(await rig.gate.endings == [.heldBack(key: "m1")])
        // Not queued again: nothing waits or plays.
        #expect(await rig.player.status == (waiting: 0, playing: false))
        #expect(rig.log.types(of: ticket.id) == ["prompt.queued", "prompt.started", "prompt.interrupted"])
        #expect(rig.log.all.last?.cut == .call)
    }

    /// Every kind of prompt is cut, text too; text ends with the rule and is not said again.
    @Test(arguments: PromptCutRule.allCases)
    func textIsCutForEveryRuleAndNotSaidAgain(rule: PromptCutRule) async throws {
        let rig = await Rig()
        let text = try await rig.queue("Your destination is near the old bridge")
        await rig.output.waitUntilPlaying(1)
        await rig.player.cut(Self.cut(rule, momentary: rule != .voiceGuidanceOff))
        let outcome = try await text.outcome()
        #expect(outcome.result == .interrupted && outcome.cut == rule)
        #expect(outcome.reason == "interrupted: \(rule.description) (prompt style none); not said again", "\(String(describing: outcome.reason))")
        #expect(await rig.player.status == (waiting: 0, playing: false))
        #expect(await rig.player.clientsHoldingAlerts.contains(Self.nav) == false)
    }

    @Test func onlyThePromptOfTheClientTheCutNamesIsCut() async throws {
        let rig = await Rig()
        let text = try await rig.queue("Your destination is near")
        await rig.output.waitUntilPlaying(1)
        await rig.player.cut(Self.cut(.assistantListening, client: "someone-else"))
        rig.output.drain()
        #expect(try await text.outcome().result == .finished)
        #expect(rig.output.cancelled == 0)
    }

    /// The user turning voice guidance off silences the instruction: it is not owed afterwards.
    @Test func anInstructionTheUserSilencedIsNotHeldBack() async throws {
        let rig = await Rig()
        let ticket = try await guidanceManeuver(rig, "In half a mile turn right onto Solar Circle", key: "m1")
        await rig.output.waitUntilPlaying(1)
        await rig.player.cut(Self.cut(.voiceGuidanceOff, momentary: false))
        let outcome = try await ticket.outcome()
        #expect(outcome.result == .interrupted && outcome.cut == .voiceGuidanceOff)
        #expect(outcome.reason?.hasSuffix("; not said again") == true, "\(String(describing: outcome.reason))")
        while await rig.gate.endings.isEmpty { await Task.yield() }
        #expect(await rig.gate.endings == [.other])
    }

    /// An alert cut by the moment waits for it to pass, then is queued again, once, under a new id.
    @Test func aCutAlertIsSaidAgainOnceTheMomentPasses() async throws {
        let rig = await Rig()
        let ticket = try await alert(rig, "Speed camera ahead", deadline: 30)
        await rig.output.waitUntilPlaying(1)
        await rig.player.cut(Self.cut(.assistantListening))
        let outcome = try await ticket.outcome()
        #expect(outcome.result == .interrupted && outcome.cut == .assistantListening)
        #expect(outcome.reason?.hasSuffix("; said again once that ends, if before its deadline") == true, "\(String(describing: outcome.reason))")
        #expect(await rig.player.clientsHoldingAlerts.contains(Self.nav))
        #expect(await rig.player.status == (waiting: 0, playing: false), "held, not queued, while the moment lasts")
        let said = await rig.player.releaseHeldAlerts(of: Self.nav)
        #expect(said.count == 1 && said[0].contains("said again as p-2"), "\(said)")
        // Queued again with no other prompt waiting: the idle worker is started for it.
        await rig.output.waitUntilPlaying(2)
        rig.output.drain()
        while rig.log.types(of: PromptID(rawValue: "p-2")).count < 3 { await Task.yield() }
        #expect(rig.log.types(of: PromptID(rawValue: "p-2")) == ["prompt.queued", "prompt.started", "prompt.finished"])
        #expect(await rig.player.releaseHeldAlerts(of: Self.nav).isEmpty, "said again once, not twice")
    }

    /// An alert whose deadline passed while the moment lasted is not said again. On the simulated clock,
    /// so that the alert surely starts before its deadline, however busy the machine, and the moment
    /// outlasts it.
    @Test func aCutAlertPastItsDeadlineIsNotSaidAgain() async throws {
        let clock = EngineClock(.virtual)
        let rig = await Rig(clock: clock)
        // Seven words: 0.7 s of audio; its deadline, 0.5 s, passes while the moment lasts.
        let ticket = try await alert(rig, "Speed camera ahead on the main road", deadline: 0.5)
        try await clock.advance(to: 0.2)
        await rig.player.cut(Self.cut(.call, style: .short))
        #expect(try await ticket.outcome().result == .interrupted)
        try await clock.advance(to: 1)
        let said = await rig.player.releaseHeldAlerts(of: Self.nav)
        #expect(said == ["p-1 not said again: its deadline has passed"], "\(said)")
        #expect(await rig.player.status == (waiting: 0, playing: false))
    }

    /// A cancel after the cut (the client goes, its guidance ends) leaves the cut's rule as the end,
    /// and lets go of any alert held for that client.
    @Test func aCancelAfterTheCutKeepsTheRuleAndDropsHeldAlerts() async throws {
        let rig = await Rig()
        let ticket = try await alert(rig, "Speed camera ahead", deadline: nil)
        await rig.output.waitUntilPlaying(1)
        await rig.player.cut(Self.cut(.nativeNavigation))
        await rig.player.cancel(client: Self.nav, reason: "the client disconnected")
        let outcome = try await ticket.outcome()
        #expect(outcome.result == .interrupted && outcome.cut == .nativeNavigation)
        #expect(await rig.player.clientsHoldingAlerts.contains(Self.nav) == false)
    }

    /// A tone in place of the words (the verdict holds it back) is remembered as held back; speech is heard.
    @Test func aToneInsteadOfTheWordsIsHeldBack() async throws {
        let rig = await Rig()
        await rig.gate.set(.play(.short), expecting: .short, heldBack: true, for: Self.nav)
        let tone = try await guidanceManeuver(rig, "In 300 meters turn right", key: "m3")
        await rig.output.waitUntilPlaying(1)
        rig.output.drain()
        let outcome = try await tone.outcome()
        #expect(outcome.result == .finished && outcome.style == .short)
        while await rig.gate.endings.isEmpty { await Task.yield() }
        #expect(await rig.gate.endings == [.heldBack(key: "m3")])
    }
}
