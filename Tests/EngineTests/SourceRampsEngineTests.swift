import AudioPolicy
import Foundation
import Prompts
import PulseAudio
import RPC
import Testing

@testable import Engine

/// A source's own ramps (`ramps.sources`) and the restore after a role's duck (`ramps.after`) reach the
/// streams, through the whole engine on the in-memory server (`EngineRig`): music whose policy restores
/// it over a second comes back in steps over at least that second, and its duck, under a prompt whose
/// duck time is 0, is set at once.
@Suite struct SourceRampsEngineTests {
    typealias Rig = EngineRig

    /// How the policy asks for the music's 1 s restore: as the music's own, or as the one after a
    /// prompt's duck (the music's own left at the built-in 0.2 s).
    enum SlowRestore: String, CaseIterable, Sendable {
        case musicsOwn, afterAPrompt
    }

    @Test(arguments: SlowRestore.allCases)
    func musicComesBackOverItsRestoreAndDucksAtOnceUnderAPrompt(_ asked: SlowRestore) async throws {
        var policy = Policy.builtIn
        policy.ramps.hold = 0
        policy.ramps.holdForNext = 0
        switch asked {
        case .musicsOwn: policy.ramps.sources[.music] = Ramps.Own(restore: 1)
        case .afterAPrompt: policy.ramps.after[.voicePrompt] = 1
        }
        policy.ramps.under[.voicePrompt] = 0
        let rig = try await Rig.withMusic(policy: policy)
        let setsBefore = rig.server.volumeSets.count
        let prompt = try await rig.engine.prompts.queue(PromptRequest(text: "Turn left."), client: "nav", options: PromptOptions())
        await rig.output.waitUntilPlaying(1)
        // Ducked at once: a ramp of 0 s is its two sets with no pause between (the built-in 30 ms
        // is three, 10 ms apart).
        let duckSets = rig.server.volumeSets.dropFirst(setsBefore).filter { $0.0 == Rig.music }.map(\.1)
        #expect(duckSets.last == Rig.ducked && duckSets.count == 2, "\(duckSets)")
        let setsAfterDuck = rig.server.volumeSets.count
        // Timed from before the prompt's end: the restore's ramp sleeps between its steps, so the
        // music cannot be back sooner than its second (less one step of 40 ms), however late the
        // test looks. The built-in restore would have it back in 0.2 s.
        let drained = ContinuousClock.now
        rig.output.drain()
        try await Rig.waitFor("the prompt finished") { rig.events.types(of: prompt.id).last == "prompt.finished" }
        try await Rig.waitFor("the music back at its own level") { rig.server.volume(of: Rig.music) == Rig.own.values }
        let took = ContinuousClock.now - drained
        #expect(took >= .milliseconds(950), "the music came back in \(took)")
        let restoreSets = rig.server.volumeSets.dropFirst(setsAfterDuck).filter { $0.0 == Rig.music }.map(\.1)
        #expect(restoreSets.count == 25 && restoreSets.last == Rig.own, "\(restoreSets.count) steps")
        await rig.stop()
    }
}
