import AudioPolicy
import ClientGuidance
import Guidance
import Testing

/// Why the hold after a prompt never waits for a guidance prompt of VoxNav's own (docs/POLICY.md,
/// "The hold waits for a prompt known to be near"): the announcer asks for its next prompt no sooner
/// than its gap less the output latency after the last one's end
/// (`AnnouncerPropertyTests.theNextPromptIsAskedForNoSoonerThanTheGapLessTheLatency`), which is
/// longer than the built-in policy's window for a prompt known to be near. Pure test.
@Suite struct GuidanceHoldTests {
    @Test func theAnnouncersGapIsLongerThanTheWindowForAPromptKnownToBeNear() {
        // The configuration every guidance session's announcer starts from (`GuidanceSession`).
        let announcer = AnnouncerConfiguration(profile: .car)
        let soonest = announcer.minimumGap - announcer.outputLatency
        #expect(soonest == 2.75)
        #expect(soonest > Policy.builtIn.ramps.holdForNext, "a guidance prompt could come within the hold's window, and nothing foresees it")
    }
}
