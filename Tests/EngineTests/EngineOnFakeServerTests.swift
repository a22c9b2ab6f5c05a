import AudioPolicy
import Foundation
import Logging
import Prompts
import PulseAudio
import RPC
import Testing

@testable import Engine
@testable import SourceFocus

/// The whole engine (`VoxNavEngine`: its policy loop, focus lane, prompt player, journal and server
/// supervision) on an in-memory sound server (`FakeSoundServer` as `AudioServer`) with instant
/// speech (`InstantRenderer`): ducks and exact restores, a user's change during a duck, a killed
/// daemon's journal taken over, the server lost and back, the policy's cut of the prompt in flight,
/// and preemption. Each prompt is held playing until the test drains it, so what holds at its last
/// sample is read then. What only a real server shows (ramps heard on `car.monitor`, a desktop
/// server's own saves) stays in the real-server suites.
@Suite struct EngineOnFakeServerTests {
    typealias Rig = EngineRig

    static func text(_ words: String) -> PromptRequest { PromptRequest(text: words) }

    @Test func aPromptDucksAnotherProgramsMusicThroughItsLastSampleAndRestoresItExactly() async throws {
        let rig = try await Rig.withMusic()
        async let spoken = rig.engine.prompts.speak(Self.text("In 300 meters turn right"))
        await rig.output.waitUntilPlaying(1)
        // Its last sample: the output holds it until drained.
        #expect(rig.server.volume(of: Rig.music) == Rig.ducked.values)
        rig.output.drain()
        let outcome = try await spoken
        #expect(outcome.result == .finished)
        #expect(outcome.ducked.map(\.sinkInput) == [Rig.music])
        #expect(rig.server.volume(of: Rig.music) == Rig.own.values)
        await rig.stop()
    }

    @Test func aUsersChangeDuringADuckIsKept() async throws {
        let rig = try await Rig.withMusic()
        async let spoken = rig.engine.prompts.speak(Self.text("Turn left now"))
        await rig.output.waitUntilPlaying(1)
        rig.server.userSets(Rig.music, to: 20000)
        rig.output.drain()
        _ = try await spoken
        #expect(rig.server.volume(of: Rig.music) == [20000, 20000], "the user's level, not the one before the duck")
        // Ducked again from the user's level, and back to it.
        async let again = rig.engine.prompts.speak(Self.text("Turn right now"))
        await rig.output.waitUntilPlaying(2)
        #expect(rig.server.volume(of: Rig.music) == ChannelVolumes([20000, 20000]).scaled(byDecibels: Policy.builtIn.duckLevelDB).values)
        rig.output.drain()
        _ = try await again
        #expect(rig.server.volume(of: Rig.music) == [20000, 20000])
        await rig.stop()
    }

    /// pipewire-pulse shows a player's new stream at volume 0 before WirePlumber gives it its own,
    /// and not always corked (a player started again during a duck, in CI): it is taken up at its
    /// next change, at its own volume, and ducked and restored from that.
    @Test func aStreamFirstSeenPlayingAtVolumeZeroIsTakenUpAtItsOwnVolume() async throws {
        let rig = try await Rig.start()
        async let spoken = rig.engine.prompts.speak(Self.text("In 300 meters turn right"))
        await rig.output.waitUntilPlaying(1)
        rig.server.play(Rig.music, volume: 0, properties: Rig.musicProperties)
        try await Rig.waitFor("the new stream read at volume 0") { rig.server.reads(of: Rig.music) > 0 }
        #expect(await !rig.engine.manages(.foreign(Rig.music)))
        rig.server.userSets(Rig.music, to: 40000)
        try await rig.waitUntilManaged(Rig.music)
        try await Rig.waitFor("ducked from its own volume") { rig.server.volume(of: Rig.music) == Rig.ducked.values }
        rig.output.drain()
        #expect(try await spoken.result == .finished)
        #expect(rig.server.volume(of: Rig.music) == Rig.own.values)
        await rig.stop()
    }

    @Test func aKilledEnginesDuckIsUndoneByTheNextFromItsJournal() async throws {
        let journal = try FocusExecutorTests.journalPath()
        let server = FakeSoundServer()
        server.play(Rig.music, volume: 40000, properties: Rig.musicProperties)
        let first = try await Rig.start(server, journal: journal)
        try await first.waitUntilManaged(Rig.music)
        _ = try await first.engine.prompts.queue(Self.text("Keep left"), client: VoxNavEngine.localClient, options: PromptOptions())
        await first.output.waitUntilPlaying(1)
        #expect(server.volume(of: Rig.music) == Rig.ducked.values)
        // Killed mid-prompt: its tasks end, nothing of it restores anything (its prompt never drains).
        first.running.cancel()
        #expect(server.volume(of: Rig.music) == Rig.ducked.values)
        let next = try await Rig.start(server, journal: journal)
        #expect(server.volume(of: Rig.music) == Rig.own.values, "restored from the journal before serving")
        // And it manages the stream afresh: a prompt of its own ducks it and restores it again.
        async let spoken = next.engine.prompts.speak(Self.text("Keep right"))
        await next.output.waitUntilPlaying(1)
        #expect(server.volume(of: Rig.music) == Rig.ducked.values)
        next.output.drain()
        #expect(try await spoken.result == .finished)
        #expect(server.volume(of: Rig.music) == Rig.own.values)
        await next.stop()
    }

    @Test func theServerLostEndsThePromptRefusesNewOnesAndOnItsReturnTheRadioPlaysAgain() async throws {
        let rig = try await Rig.start()
        let radio = try await rig.engine.sources.start(.fmRadio)
        #expect(rig.server.inputs.map(\.index) == [radio.sinkInput])
        async let spoken = rig.engine.prompts.speak(Self.text("In 2 kilometers take the exit"))
        await rig.output.waitUntilPlaying(1)
        rig.server.die()
        let outcome = try await spoken
        #expect(outcome.result == .skipped)
        #expect(outcome.reason == EngineError.serverUnavailableReason)
        try await Rig.waitFor("server.lost") { rig.events.all.contains { $0.type == .serverLost } }
        await #expect(throws: EngineError.self) { try await rig.engine.prompts.speak(Self.text("Turn left")) }
        await #expect(throws: EngineError.self) { try await rig.engine.sources.start(.spokenAudio) }
        rig.server.comeBack()
        try await Rig.waitFor("server.restored") { rig.events.all.contains { $0.type == .serverRestored } }
        // The radio was started again as a new stream, at its own volume.
        let restarted = try #require(rig.server.inputs.first)
        #expect(rig.server.inputs.count == 1)
        #expect(restarted.volume.values == [FakeSoundServer.sourceVolume, FakeSoundServer.sourceVolume])
        #expect(try await rig.engine.state().sources.map(\.sinkInput) == [restarted.index])
        // Prompts play again, and mix with the radio by ducking it.
        async let again = rig.engine.prompts.speak(Self.text("Turn left now"))
        await rig.output.waitUntilPlaying(2)
        #expect(rig.server.volume(of: restarted.index) != restarted.volume.values)
        rig.output.drain()
        #expect(try await again.result == .finished)
        #expect(rig.server.volume(of: restarted.index) == restarted.volume.values)
        await rig.stop()
    }

    @Test func aCallCutsThePromptInFlightAndTheMusicStaysDuckedForTheCallNotThePrompt() async throws {
        let rig = try await Rig.withMusic()
        async let spoken = rig.engine.prompts.speak(Self.text("Now turn right onto Solar Circle"))
        await rig.output.waitUntilPlaying(1)
        _ = try await rig.engine.sources.start(.phoneCall)
        let outcome = try await spoken
        #expect(outcome.result == .interrupted)
        #expect(outcome.cut != nil)
        #expect(rig.output.cancelled == 1, "its audio stopped, not played to its end")
        // The prompt's session is over; what the call asks of the music holds.
        #expect(rig.server.volume(of: Rig.music) != Rig.own.values || rig.server.muted(Rig.music) == true)
        try await rig.engine.sources.stop(.phoneCall)
        try await Rig.waitFor("the music back at its own level") {
            rig.server.volume(of: Rig.music) == Rig.own.values && rig.server.muted(Rig.music) == false
        }
        await rig.stop()
    }

    @Test func anImportantPromptInterruptsALowOneWhichIsSaidAgainAfterIt() async throws {
        let rig = try await Rig.start()
        async let low = rig.engine.prompts.speak(Self.text("Traffic is light"), options: PromptOptions(priority: .low))
        await rig.output.waitUntilPlaying(1)
        async let important = rig.engine.prompts.speak(Self.text("Turn left now"), options: PromptOptions(priority: .important))
        let interrupted = try await low
        #expect(interrupted.result == .interrupted)
        await rig.output.waitUntilPlaying(2)
        rig.output.drain()
        #expect(try await important.result == .finished)
        // The low one, queued again under a new id, plays after it.
        await rig.output.waitUntilPlaying(3)
        rig.output.drain()
        try await Rig.waitFor("the low prompt said again") {
            rig.events.all.contains { $0.type == .promptFinished && $0.text == "Traffic is light" }
        }
        let played = rig.events.all.filter { $0.type == .promptStarted }.compactMap(\.text)
        #expect(played == ["Traffic is light", "Turn left now", "Traffic is light"])
        await rig.stop()
    }
}
