import AudioPolicy
import Foundation
import Prompts
import RPC
import Synchronization
import Testing

@testable import Engine

/// The prompt queue through the whole engine, on the in-memory server (`EngineRig`): the events of a
/// prompt in order around the radio's duck, a cancel and a client's disconnect ending the session
/// with the radio restored, and prompts queued to outlive their client played after it has gone. What the socket adds (a deadline, a key and a priority carried over it,
/// the replies' shape, a flood over one connection) stays in DaemonTests' PromptQueueEventTests; the
/// queue's order, expiry and supersession are PromptPlayerTests'.
@Suite struct EngineQueueEventTests {
    static let long = PromptRequest(text: "In 800 meters, at the roundabout, take the third exit onto Solar Circle, then keep left.")
    static let radioVolume = [FakeSoundServer.sourceVolume, FakeSoundServer.sourceVolume]

    @Test func promptsQueuedToOutliveTheirClientPlayAfterItHasGoneInItsSessionThenItEnds() async throws {
        let rig = try await EngineRig.start()
        let radio = try await Self.radio(rig)
        let client = ClientID("say")
        let outliving = PromptOptions(outlivesClient: true)
        let first = try await rig.engine.prompts.queue(Self.long, client: client, options: outliving)
        let dropped = try await rig.engine.prompts.queue(PromptRequest(text: "Then keep left."), client: client, options: PromptOptions())
        let last = try await rig.engine.prompts.queue(PromptRequest(text: "Then turn right."), client: client, options: outliving)
        await rig.output.waitUntilPlaying(1)
        // The client goes: its disconnect returns only once its outliving prompts have ended.
        let gone = Task { await rig.engine.sessions.clientDisconnected(client) }
        try await Self.waitUntilSkipped([dropped.id], rig)
        #expect(rig.events.all.first { $0.prompt == dropped.id.rawValue && $0.type == .promptSkipped }?.reason?.contains("disconnected") == true)
        #expect(rig.output.cancelled == 0, "the playing prompt outlives its client")
        rig.output.drain()
        await rig.output.waitUntilPlaying(2)
        // The last one's last sample: the radio still ducked, the client's session still active. (It
        // lingered between the two; a loaded machine can take longer than the linger to bring the
        // second, and the session ends and begins again: the radio is ducked all the same.)
        #expect(rig.server.volume(of: radio) != Self.radioVolume)
        #expect(try await rig.engine.state().sessionActive)
        rig.output.drain()
        await gone.value
        #expect(rig.events.types(of: first.id) == ["prompt.queued", "prompt.started", "prompt.finished"])
        #expect(rig.events.types(of: last.id) == ["prompt.queued", "prompt.started", "prompt.finished"])
        try await Self.waitUntilTheSessionEnded(rig, radio: radio)
        await rig.stop()
    }

    /// A disconnect whose task is cancelled (the daemon stopping closes its connections) returns at
    /// once, though the client's prompt still plays: it waits for nothing more. It had waited in a
    /// loop whose cancelled wait returned at once, holding the player from the worker that would end
    /// the prompt: the daemon never stopped (seen in DaemonTests, a test process spinning on one core).
    @Test func aDisconnectCancelledWhileItsPromptPlaysReturnsAndThePromptStillEnds() async throws {
        let rig = try await EngineRig.start()
        let radio = try await Self.radio(rig)
        let client = ClientID("say")
        let prompt = try await rig.engine.prompts.queue(Self.long, client: client, options: PromptOptions(outlivesClient: true))
        await rig.output.waitUntilPlaying(1)
        let returned = Flag()
        let gone = Task(priority: .high) {
            await rig.engine.sessions.clientDisconnected(client)
            returned.set()
        }
        gone.cancel()
        try await EngineRig.waitFor("the cancelled disconnect returned") { returned.isSet }
        #expect(rig.events.types(of: prompt.id) == ["prompt.queued", "prompt.started"], "the prompt plays on")
        rig.output.drain()
        try await EngineRig.waitFor("the prompt finished") { rig.events.types(of: prompt.id).last == "prompt.finished" }
        try await Self.waitUntilTheSessionEnded(rig, radio: radio)
        await rig.stop()
    }

    /// Set once, read from any task; told to `Changes`.
    final class Flag: Sendable {
        private let value = Mutex(false)
        func set() {
            value.withLock { $0 = true }
            Changes.shared.signal()
        }
        var isSet: Bool { value.withLock { $0 } }
    }

    /// The radio, started through the engine, at its own volume.
    static func radio(_ rig: EngineRig) async throws -> UInt32 {
        try await rig.engine.sources.start(.fmRadio).sinkInput
    }

    /// An engine with the radio on and two prompts of `client` queued, the first playing.
    static func twoPromptsOverTheRadio(of client: ClientID) async throws
        -> (rig: EngineRig, radio: UInt32, first: (id: PromptID, position: Int), second: (id: PromptID, position: Int))
    {
        let rig = try await EngineRig.start()
        let radio = try await Self.radio(rig)
        let first = try await rig.engine.prompts.queue(Self.long, client: client, options: PromptOptions())
        let second = try await rig.engine.prompts.queue(PromptRequest(text: "Then keep left."), client: client, options: PromptOptions())
        await rig.output.waitUntilPlaying(1)
        return (rig, radio, first, second)
    }

    static func waitUntilSkipped(_ prompts: [PromptID], _ rig: EngineRig) async throws {
        try await EngineRig.waitFor("\(prompts) skipped") { prompts.allSatisfy { rig.events.types(of: $0).last == "prompt.skipped" } }
    }

    /// Returns once the session has ended and the radio is back at its own volume, and checks the
    /// engine's state says so.
    static func waitUntilTheSessionEnded(_ rig: EngineRig, radio: UInt32) async throws {
        try await EngineRig.waitFor("the session ended and the radio restored") {
            rig.events.all.contains { $0.type == .sessionDeactivated } && rig.server.volume(of: radio) == radioVolume
        }
        #expect(try await rig.engine.state().sessionActive == false)
    }

    @Test func aPromptsEventsComeInOrderAroundTheRadiosDuck() async throws {
        let rig = try await EngineRig.start()
        let radio = try await Self.radio(rig)
        async let spoken = rig.engine.prompts.speak(PromptRequest(text: "Turn left."))
        await rig.output.waitUntilPlaying(1)
        // Its last sample: the radio is ducked by the policy's 15 dB.
        #expect(rig.server.volume(of: radio) != Self.radioVolume)
        rig.output.drain()
        let outcome = try await spoken
        #expect(outcome.result == .finished)
        #expect(rig.server.volume(of: radio) == Self.radioVolume)
        #expect(rig.events.types(of: PromptID(rawValue: outcome.id)) == ["prompt.queued", "prompt.started", "prompt.finished"])
        let all = rig.events.all.map(\.type)
        let index = { (type: EventType) in all.firstIndex(of: type) ?? -1 }
        #expect(index(.sourceStarted) < index(.promptQueued))
        #expect(index(.promptQueued) < index(.sessionActivated))
        #expect(index(.sessionActivated) < index(.sourceDucked))
        #expect(index(.sourceDucked) < index(.promptStarted))
        #expect(index(.promptStarted) < index(.sessionDeactivated))
        // The session ends with the prompt; the radio is held ducked for the policy's hold after it
        // (for a prompt that may follow), and restored before the reply.
        #expect(index(.sessionDeactivated) < index(.promptFinished))
        #expect(index(.promptFinished) < index(.sourceRestored))
        let ducked = try #require(rig.events.all.first { $0.type == .sourceDucked })
        #expect(ducked.kind == .fmRadio && ducked.dB == -15)
        let deactivated = try #require(rig.events.all.first { $0.type == .sessionDeactivated })
        let restored = try #require(rig.events.all.first { $0.type == .sourceRestored })
        #expect(restored.time - deactivated.time >= 0.3 - 0.01, "restored \(restored.time - deactivated.time) s after the session ended")
        await rig.stop()
    }

    @Test func cancellingStopsThePlayingPromptDropsTheWaitingOnesAndRestoresTheRadio() async throws {
        let client = ClientID("navigation")
        let (rig, radio, first, second) = try await Self.twoPromptsOverTheRadio(of: client)
        #expect(rig.server.volume(of: radio) != Self.radioVolume)
        let cancelled = await rig.engine.prompts.cancel(client: client)
        #expect(Set(cancelled) == [first.id, second.id])
        #expect(rig.output.cancelled == 1, "the playing prompt's audio stopped, not played to its end")
        try await Self.waitUntilSkipped([first.id, second.id], rig)
        #expect(rig.events.types(of: second.id) == ["prompt.queued", "prompt.skipped"])
        try await Self.waitUntilTheSessionEnded(rig, radio: radio)
        #expect(rig.output.played == 1, "the waiting prompt never played")
        await rig.stop()
    }

    @Test func aClientThatDisconnectsHasItsPromptsSkippedAndItsSessionEnded() async throws {
        let leaving = ClientID("leaving")
        let (rig, radio, first, second) = try await Self.twoPromptsOverTheRadio(of: leaving)
        await rig.engine.sessions.clientDisconnected(leaving)
        try await Self.waitUntilSkipped([first.id, second.id], rig)
        let reasons = rig.events.all.filter { $0.type == .promptSkipped }.compactMap(\.reason)
        #expect(reasons.count == 2 && reasons.allSatisfy { $0.contains("disconnected") }, "\(reasons)")
        try await Self.waitUntilTheSessionEnded(rig, radio: radio)
        await rig.stop()
    }
}
