import AudioPolicy
import Foundation
import Prompts
import RPC
import Testing

@testable import Engine

/// A text prompt whose words say its timing (`PromptOptions.timingFromText`, what `voxnav say` and
/// the SSIP door ask for), through the whole engine on the in-memory server (`EngineRig`): a newer
/// instruction for the same turn replaces a waiting one, and "now" kept waiting expires instead of
/// playing late. How each pack's words are read is GuidanceTests' TextTimingTests.
@Suite struct EngineTextTimingTests {
    static let long = PromptRequest(text: "Continue on the ring road past the stadium and the old market hall for a while.")

    static func timed() -> PromptOptions {
        var options = PromptOptions()
        options.timingFromText = true
        return options
    }

    /// An engine whose output holds `client`'s long prompt playing, so that what is queued next waits.
    static func holdingALongPrompt(of client: ClientID) async throws -> EngineRig {
        let rig = try await EngineRig.start()
        _ = try await rig.engine.prompts.queue(long, client: client, options: PromptOptions())
        await rig.output.waitUntilPlaying(1)
        return rig
    }

    @Test func aNewerInstructionForTheSameTurnReplacesTheWaitingOne() async throws {
        let client = ClientID("navit")
        let rig = try await Self.holdingALongPrompt(of: client)
        let prepare = try await rig.engine.prompts.queue(
            PromptRequest(text: "In 200 meters, turn right onto Oak Avenue."), client: client, options: Self.timed())
        // Its key from its words, and a deadline of its own: "now" gives 3 s, which the steps below
        // may take on a loaded machine (a fresh-clone run of 2026-12-01: it expired, never played).
        // Expiring is `nowKeptWaitingExpiresInsteadOfPlayingLate`'s.
        var timedNow = Self.timed()
        timedNow.deadline = 60
        let now = try await rig.engine.prompts.queue(PromptRequest(text: "Turn right now onto Oak Avenue."), client: client, options: timedNow)
        try await EngineRig.waitFor("the older instruction skipped") { rig.events.types(of: prepare.id).last == "prompt.skipped" }
        let skipped = try #require(rig.events.all.first { $0.prompt == prepare.id.rawValue && $0.type == .promptSkipped })
        #expect(skipped.reason?.contains("superseded by \(now.id)") == true, "\(String(describing: skipped.reason))")
        rig.output.drain()
        await rig.output.waitUntilPlaying(2)
        rig.output.drain()
        try await EngineRig.waitFor("the newer instruction said") { rig.events.types(of: now.id).last == "prompt.finished" }
        await rig.stop()
    }

    @Test func withoutTimingFromTextNothingIsReplacedAndAClientsOwnKeyWins() async throws {
        let client = ClientID("app")
        let rig = try await Self.holdingALongPrompt(of: client)
        let plain = try await rig.engine.prompts.queue(PromptRequest(text: "In 200 meters, turn right."), client: client, options: PromptOptions())
        var keyed = Self.timed()
        keyed.key = "m7"
        // And a deadline of its own: "now" gives 3 s, which the steps below may take on a loaded
        // machine (it expired there, and never played).
        keyed.deadline = 60
        let own = try await rig.engine.prompts.queue(PromptRequest(text: "Turn right now."), client: client, options: keyed)
        // Neither replaced the other: the plain one has no key, the other its own.
        #expect(rig.events.types(of: plain.id) == ["prompt.queued"])
        #expect(rig.events.types(of: own.id) == ["prompt.queued"])
        rig.output.drain()
        await rig.output.waitUntilPlaying(2)
        rig.output.drain()
        await rig.output.waitUntilPlaying(3)
        rig.output.drain()
        try await EngineRig.waitFor("both said") { rig.events.types(of: own.id).last == "prompt.finished" }
        #expect(rig.events.types(of: plain.id).last == "prompt.finished")
        await rig.stop()
    }

    @Test func nowKeptWaitingExpiresInsteadOfPlayingLate() async throws {
        let client = ClientID("navit")
        let rig = try await Self.holdingALongPrompt(of: client)
        let now = try await rig.engine.prompts.queue(PromptRequest(text: "Jetzt links abbiegen.", language: "de"), client: client, options: Self.timed())
        // The long prompt holds the output past "now"'s deadline (3 s): it expires, unplayed.
        try await EngineRig.waitFor("now expired") { rig.events.types(of: now.id).last == "prompt.expired" }
        #expect(rig.events.types(of: now.id) == ["prompt.queued", "prompt.expired"])
        #expect(rig.output.played == 1, "only the long prompt played")
        rig.output.drain()
        await rig.stop()
    }
}
