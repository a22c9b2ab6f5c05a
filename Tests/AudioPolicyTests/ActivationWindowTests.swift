import Testing

@testable import AudioPolicy

@Test func activatesOnlyWhenAudioIsReady() {
    var w = ActivationWindow()
    #expect(!w.isActive)
    #expect(w.tick(now: 10) == [])
    #expect(w.audioReady(at: 10) == [.activate])
    #expect(w.isActive && w.isPlaying)
    #expect(w.audioReady(at: 10.1) == [])  // already active
}

@Test(arguments: [(0.3, true), (0.5, true), (0.51, false), (2.0, false)])
func lingersOnlyForANextPromptWithinTheLinger(gap: Double, lingers: Bool) {
    var w = ActivationWindow(linger: 0.5, idleCap: 2)
    _ = w.audioReady(at: 0)
    let out = w.promptFinished(at: 1, nextDueAt: 1 + gap)
    #expect(w.isActive == lingers)
    #expect(out == (lingers ? [] : [.deactivate(.finished)]))
}

@Test func lingerRunsOutWhenTheNextPromptIsLate() {
    var w = ActivationWindow(linger: 0.5, idleCap: 2)
    _ = w.audioReady(at: 0)
    _ = w.promptFinished(at: 1, nextDueAt: 1.2)
    #expect(w.nextDeadline == 1.5)
    #expect(w.tick(now: 1.49) == [])
    #expect(w.tick(now: 1.5) == [.deactivate(.lingerExpired)])
    #expect(w.idleDuration(at: 1.6) == 0)
}

@Test func lingeringSessionCarriesTheNextPromptWithoutReactivation() {
    var w = ActivationWindow()
    _ = w.audioReady(at: 0)
    _ = w.promptFinished(at: 1, nextDueAt: 1.3)
    #expect(w.audioReady(at: 1.3) == [])
    #expect(w.isPlaying)
    #expect(w.nextDeadline == nil)
}

@Test func idleCapIsClampedToFiveSecondsAndLingerToTheCap() {
    #expect(ActivationWindow(linger: 0.5, idleCap: 30).idleCap == 5)
    #expect(ActivationWindow(linger: 9, idleCap: 1).linger == 1)
    #expect(ActivationWindow(linger: -1, idleCap: -1).idleCap == 0)
    #expect(ActivationWindow().linger == 0.5 && ActivationWindow().idleCap == 2)
}

@Test func clientHoldIsCutAtTheCapWhateverTheClientDoes() {
    var w = ActivationWindow(linger: 0.5, idleCap: 3)
    _ = w.audioReady(at: 0)
    _ = w.clientRequestedActive(at: 0.5)
    _ = w.promptFinished(at: 1, nextDueAt: nil)
    #expect(w.isActive)
    _ = w.clientRequestedActive(at: 3.5)  // asking again does not restart the clock
    #expect(w.nextDeadline == 4)
    #expect(
        w.tick(now: 4.2) == [
            .violation(.activeWithoutAudioPastCap, at: 4, detail: "held active without audio for 3.0 s"),
            .deactivate(.idleCap),
        ])
    #expect(!w.isActive)
}

@Test func activationWithoutAudioIsAViolationAtTheCap() {
    var w = ActivationWindow()
    #expect(w.clientRequestedActive(at: 0) == [.activate])
    let out = w.tick(now: 2)
    #expect(out == [.violation(.activationLongBeforeAudio, at: 2, detail: "activated before any prompt (at launch)"), .deactivate(.idleCap)])
}

/// Issue 52 (CarPlay: activate just before a prompt): with an idle cap that lets a session wait longer
/// than 2 s, an activation more than 2 s before its audio is audited when the audio comes, and the
/// prompt plays; 2 s or less is not, nor is a session that has played since it was activated.
@Test func anActivationMoreThanTwoSecondsBeforeItsAudioIsAuditedUnderALongerCap() {
    var w = ActivationWindow(idleCap: 5)
    _ = w.clientRequestedActive(at: 10)
    #expect(w.audioReady(at: 13.14) == [.violation(.activationLongBeforeAudio, at: 13.14, detail: "activated 3.1 s before its audio")])
    #expect(w.isPlaying && w.isActive)
    // Idle again after its prompt, then more audio 4 s later: it played since the activation.
    #expect(w.promptFinished(at: 14, nextDueAt: 14.2) == [])
    #expect(w.audioReady(at: 14.2) == [])

    var onTime = ActivationWindow(idleCap: 5)
    _ = onTime.clientRequestedActive(at: 0)
    #expect(onTime.audioReady(at: ActivationWindow.earlyActivationLimit) == [])
}

@Test func earlyActivationFollowedByAudioInTimeIsFine() {
    var w = ActivationWindow()
    _ = w.clientRequestedActive(at: 0)
    #expect(w.audioReady(at: 1.5) == [])
    #expect(w.tick(now: 100) == [])
    #expect(w.clientRequestedInactive(at: 100) == [])  // still playing: stays until it drains
    #expect(w.promptFinished(at: 101, nextDueAt: nil) == [.deactivate(.finished)])
}

@Test func clientMayDeactivateWhileIdle() {
    var w = ActivationWindow()
    _ = w.audioReady(at: 0)
    _ = w.promptFinished(at: 1, nextDueAt: 1.2)
    #expect(w.clientRequestedInactive(at: 1.1) == [.deactivate(.clientRequest)])
}
