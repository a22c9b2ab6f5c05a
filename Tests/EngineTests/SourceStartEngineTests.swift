import AudioPolicy
import Prompts
import RPC
import Testing

@testable import CarAudio
@testable import Engine

/// A simulated source's start on the whole engine on the in-memory server (`EngineRig`): the policy
/// takes the source before its stream is made, so that what it cuts is cut while a busy server is
/// still making the stream (on PipeWire that waits for WirePlumber to link it); a stream the server
/// cannot make ends the source again and leaves the other sources as they were, or, where a later
/// batch acted on the source, as they were before it; an activity the kind does not have is refused
/// before anything changes.
@Suite struct SourceStartEngineTests {
    typealias Rig = EngineRig

    @Test func aCallCutsThePromptInFlightBeforeTheServerHasMadeTheCallsStream() async throws {
        let rig = try await Rig.start()
        async let spoken = rig.engine.prompts.speak(PromptRequest(text: "In 300 meters turn right onto Solar Circle"))
        await rig.output.waitUntilPlaying(1)
        let gate = rig.server.holdStreams()
        async let call = rig.engine.sources.start(.phoneCall)
        try await Rig.waitFor("the prompt cut by the call") { rig.events.all.contains { $0.type == .promptInterrupted } }
        let interrupted = try #require(rig.events.all.first { $0.type == .promptInterrupted })
        #expect(interrupted.cut == .call, "\(interrupted)")
        #expect(rig.server.inputs.isEmpty, "the call's stream is not made yet: \(rig.server.inputs)")
        _ = gate.set(())
        let started = try await call
        #expect(rig.server.inputs.map(\.index) == [started.sinkInput])
        #expect(try await spoken.result == .interrupted)
        #expect(try await rig.engine.state().sources.map(\.kind) == [.phoneCall])
        await rig.stop()
    }

    @Test func aStreamTheServerCannotMakeEndsTheSourceAndLeavesTheMusicAsItWas() async throws {
        let rig = try await Rig.withMusic()
        rig.server.refuseStreams()
        let before = rig.server.volumeSets.count
        let musicEvents = { rig.events.all.filter { $0.source != nil && $0.source != "phoneCall" }.map(\.type) }
        let toldOfMusic = musicEvents()
        await #expect(throws: EngineError.self) { try await rig.engine.sources.start(.phoneCall) }
        let told = rig.events.all.filter { $0.source == "phoneCall" }.map(\.type)
        #expect(told == [.sourceStarted, .sourceEnded], "\(told)")
        #expect(try await rig.engine.state().sources.map(\.kind) == [.music])
        // The call's start was not carried out: the music was neither ducked nor paused for it.
        #expect(musicEvents() == toldOfMusic, "\(musicEvents())")
        #expect(rig.server.volumeSets.count == before, "\(rig.server.volumeSets)")
        #expect(rig.server.muted(Rig.music) == false)
        #expect(rig.server.volume(of: Rig.music) == Rig.own.values)
        #expect(rig.server.corked(Rig.music) == false)
        await rig.stop()
    }

    /// Another program's music that starts while the call's stream is being made is paused for the
    /// call (a batch handed after the call's); when the call's stream is then refused, taking the
    /// call back is carried out, and the music plays again.
    @Test func aStreamRefusedAfterALaterBatchIsTakenBackOnTheStreams() async throws {
        let rig = try await Rig.start()
        let gate = rig.server.holdStreams()
        async let call = rig.engine.sources.start(.phoneCall)
        try await Rig.waitFor("the call told") { rig.events.all.contains { $0.type == .sourceStarted && $0.source == "phoneCall" } }
        rig.server.play(Rig.music, volume: 40000, properties: Rig.musicProperties)
        try await Rig.waitFor("the music told") { rig.events.all.contains { $0.type == .sourceStarted && $0.source != "phoneCall" } }
        rig.server.refuseStreams()
        _ = gate.set(())
        do {
            _ = try await call
            Issue.record("the call started on a server that refuses streams")
        } catch {
            #expect(error is EngineError, "\(error)")
        }
        try await Rig.waitFor("the music paused for the call, and playing again") {
            let told = rig.events.all.filter { $0.source != nil && $0.source != "phoneCall" }.map(\.type)
            return told.contains(.sourcePaused) && told.contains(.sourceResumed) && rig.server.muted(Rig.music) == false
                && rig.server.corked(Rig.music) == false
        }
        #expect(rig.server.volume(of: Rig.music) == Rig.own.values)
        #expect(try await rig.engine.state().sources.map(\.kind) == [.music])
        await rig.stop()
    }

    @Test(arguments: SourceKind.allCases)
    func anActivityTheKindDoesNotHaveIsRefusedAndChangesNothing(kind: SourceKind) async throws {
        let rig = try await Rig.start()
        for activity in SourceActivity.allCases where !kind.activities.contains(activity) {
            let error = await #expect(throws: EngineError.self) { try await rig.engine.sources.start(kind, activity: activity) }
            #expect(error?.description == "\(kind.rawValue) has no activity \(activity.rawValue)")
        }
        #expect(rig.server.inputs.isEmpty)
        #expect(rig.events.all.allSatisfy { $0.source == nil }, "\(rig.events.all)")
        await rig.stop()
    }

    /// The activities the policy's kinds have are exactly those a simulated source has a stream for.
    @Test func eachKindsActivitiesAreThoseItHasAStreamFor() {
        for kind in SourceKind.allCases {
            for activity in SourceActivity.allCases {
                #expect(
                    ((try? CarSourceProfile.of(kind, activity)) != nil) == kind.activities.contains(activity),
                    "\(kind.rawValue) \(activity.rawValue)")
            }
        }
    }
}
