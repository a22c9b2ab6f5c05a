import AudioPolicy
import BuiltInPolicy
import Testing

/// The built-in policy's `classify:` rules on their own (the real streams are in CarAudioTests' ForeignStreamTests).
@Suite struct StreamClassifierTests {
    let classifier = Policy.builtIn.classify

    @Test func rolesMapToKinds() {
        #expect(classifier.kind(properties: ["media.role": "music"]) == .music)
        #expect(classifier.kind(properties: ["media.role": "Video"]) == .music)
        #expect(classifier.kind(properties: ["media.role": "game"]) == .music)
        #expect(classifier.kind(properties: ["media.role": "phone"]) == .phoneCall)
        #expect(classifier.kind(properties: ["media.role": "spoken"]) == .spokenAudio)
        #expect(classifier.kind(properties: ["media.role": "event"]) == .vehicleChime)
        #expect(classifier.kind(properties: ["media.role": "production"]) == nil)
        #expect(classifier.kind(properties: [:]) == .music)
    }

    @Test func voxNavsOwnStreamsAreLeftToTheEngine() {
        #expect(classifier.kind(properties: ["application.id": "org.voxnav", "media.role": "event"]) == nil)
        #expect(
            classifier.kind(properties: [
                "application.id": "org.voxnav.car.music", "media.role": "music",
                "voxnav.source.kind": "music",
            ]) == nil)
    }

    /// Screen readers and speech-dispatcher are how the user operates the machine: never touched. What
    /// speech-dispatcher 0.11's pulse output and the espeak-ng command line really send (pactl list sink-inputs).
    @Test func accessibilitySpeechIsLeftAloneWhateverItSays() {
        #expect(classifier.kind(properties: ["media.role": "a11y"]) == nil)
        #expect(classifier.kind(properties: ["media.role": "accessibility", "application.name": "Some reader"]) == nil)
        #expect(
            classifier.kind(properties: [
                "application.name": "speech-dispatcher-espeak-ng", "media.name": "playback",
                "application.process.binary": "speech-dispatcher",
            ]) == nil)
        #expect(classifier.kind(properties: ["application.name": "speech-dispatcher-festival"]) == nil)
        #expect(classifier.kind(properties: ["application.name": "Orca", "media.role": "music"]) == nil)
        #expect(classifier.kind(properties: ["application.name": "eSpeak", "application.process.binary": "espeak-ng"]) == nil)
        #expect(classifier.kind(properties: ["application.name": "x", "application.process.binary": "orca"]) == nil)
        // A music player is still music.
        #expect(classifier.kind(properties: ["application.name": "Rhythmbox"]) == .music)
    }

    @Test func spokenAudioAppsArePausedNotDuckedWhateverRoleTheyClaim() {
        #expect(classifier.kind(properties: ["media.role": "music", "application.name": "Cozy Audiobook Player"]) == .spokenAudio)
        #expect(classifier.kind(properties: ["media.role": "music", "media.name": "My Podcast #4"]) == .spokenAudio)
        #expect(classifier.kind(properties: ["media.role": "phone", "application.name": "Podcast call-in"]) == .phoneCall)
    }

    @Test func aDeclaredKindWinsAndAnUnknownOneIsIgnored() {
        #expect(classifier.kind(properties: ["voxnav.source.kind": "nativeNavigation", "media.role": "event"]) == .nativeNavigation)
        #expect(classifier.kind(properties: ["voxnav.source.kind": "bogus", "media.role": "music"]) == nil)
    }

    @Test func aCustomTableIsHonoured() {
        let custom = StreamClassifier(rules: [StreamRule("media.role", .equals(["navigation"]), .kind(.nativeNavigation))])
        #expect(custom.kind(properties: ["media.role": "navigation"]) == .nativeNavigation)
        #expect(custom.kind(properties: ["media.role": "music"]) == nil)
    }
}
