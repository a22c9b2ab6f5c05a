import Testing

@testable import AudioPolicy

@Test func voicePromptConfigurationIsValid() throws {
    try SessionConfiguration.voicePrompt.validate()
    #expect(SessionConfiguration.voicePrompt.mixes)
    #expect(SessionConfiguration.voicePrompt.focusRole == .voicePrompt)
    #expect(!SessionConfiguration.voicePrompt.records)
}

/// Invalid configurations and (a fragment of) the reason each must give.
let invalidConfigurations: [(SessionConfiguration, String)] = [
    (.init(category: .ambient, options: .duckOthers), "duckOthers needs category playback or playAndRecord or multiRoute (got ambient)"),
    (.init(category: .soloAmbient, options: .duckOthers), "duckOthers needs category playback"),
    (.init(category: .record, options: .duckOthers), "record has no output"),
    (.init(category: .record, options: .mixWithOthers), "mixWithOthers needs category playback"),
    (.init(category: .record, options: .interruptSpokenAudioAndMixWithOthers), "interruptSpokenAudioAndMixWithOthers needs"),
    (.init(category: .ambient, options: .interruptSpokenAudioAndMixWithOthers), "ambient always mixes"),
    (.init(category: .ambient, options: .mixWithOthers), "mixWithOthers needs category playback"),
    (.init(category: .soloAmbient, options: .mixWithOthers), "mixWithOthers needs"),
    (.init(category: .playAndRecord, mode: .voicePrompt, options: [.duckOthers]), "mode voicePrompt needs category playback (got playAndRecord)"),
    (.init(category: .ambient, mode: .voicePrompt), "mode voicePrompt needs category playback"),
    (.init(category: .record, mode: .voicePrompt), "mode voicePrompt needs category playback"),
    (.init(category: .playAndRecord, mode: .spokenAudio), "mode spokenAudio needs category playback"),
    (.init(category: .playback, mode: .voiceChat), "mode voiceChat needs category playAndRecord"),
    (.init(category: .playback, mode: .videoChat), "mode videoChat needs category playAndRecord"),
    (.init(category: .record, mode: .gameChat), "mode gameChat needs category playAndRecord"),
    (.init(category: .playback, mode: .videoRecording), "mode videoRecording needs category record or playAndRecord"),
    (.init(category: .ambient, mode: .measurement), "mode measurement needs category playback or record or playAndRecord"),
    (.init(category: .record, mode: .moviePlayback), "mode moviePlayback needs category playback"),
    (.init(category: .soloAmbient, mode: .shortFormVideo), "mode shortFormVideo needs category playback"),
    (.init(category: .playback, options: .allowBluetooth), "allowBluetooth needs category record or playAndRecord"),
    (.init(category: .playback, options: .allowBluetoothA2DP), "allowBluetoothA2DP needs category playAndRecord"),
    (.init(category: .playback, options: .allowAirPlay), "allowAirPlay needs category playAndRecord"),
    (.init(category: .playback, options: .defaultToSpeaker), "defaultToSpeaker needs category playAndRecord"),
    (.init(category: .record, options: .defaultToSpeaker), "defaultToSpeaker needs category playAndRecord"),
    (.init(category: .playback, options: .overrideMutedMicrophoneInterruption), "overrideMutedMicrophoneInterruption needs category record or playAndRecord"),
]

@Test(arguments: invalidConfigurations)
func invalidConfigurationIsRejectedWithReason(configuration: SessionConfiguration, reason: String) {
    #expect(throws: SessionConfigurationError.self) { try configuration.validate() }
    do {
        try configuration.validate()
    } catch {
        #expect(error.reason.contains(reason), "\(configuration): \(error.reason)")
    }
}

let validConfigurations: [SessionConfiguration] = [
    .voicePrompt,
    .init(category: .playback),
    .init(category: .playback, mode: .spokenAudio, options: .interruptSpokenAudioAndMixWithOthers),
    .init(category: .playback, options: [.mixWithOthers, .duckOthers]),
    .init(category: .ambient),
    .init(category: .soloAmbient),
    .init(category: .record, options: .allowBluetooth),
    .init(category: .playAndRecord, mode: .voiceChat, options: [.allowBluetooth, .defaultToSpeaker, .duckOthers]),
    .init(category: .playAndRecord, mode: .videoRecording),
    .init(category: .multiRoute, options: .mixWithOthers),
]

@Test(arguments: validConfigurations)
func validConfigurationPasses(configuration: SessionConfiguration) throws {
    try configuration.validate()
    #expect(configuration.problems.isEmpty)
}

@Test func everyProblemIsListed() {
    let configuration = SessionConfiguration(category: .record, mode: .voicePrompt, options: [.duckOthers, .defaultToSpeaker])
    #expect(configuration.problems.count == 3)
}

/// The rules hold over every category × mode × option combination there is.
@Test func validationInvariantsOverEveryCombination() {
    for category in SessionCategory.allCases {
        for mode in SessionMode.allCases {
            for raw in UInt8.min...UInt8.max {
                let c = SessionConfiguration(category: category, mode: mode, options: SessionOptions(rawValue: raw))
                guard c.problems.isEmpty else { continue }
                if c.options.contains(.duckOthers) {
                    #expect([.playback, .playAndRecord, .multiRoute].contains(category), "\(c)")
                    #expect(c.mixes, "duckOthers implies mixing: \(c)")
                }
                if c.options.contains(.interruptSpokenAudioAndMixWithOthers) { #expect(c.mixes, "\(c)") }
                if mode == .voicePrompt { #expect(category == .playback, "\(c)") }
                if category == .record { #expect(!c.mixes && c.options.isDisjoint(with: SessionOptions.mixing), "\(c)") }
                if category == .ambient { #expect(c.mixes && c.options.isDisjoint(with: SessionOptions.mixing), "\(c)") }
            }
        }
    }
}

@Test func rolesFollowFromOptions() {
    #expect(SessionConfiguration(category: .playback).focusRole == .exclusivePlayback)
    #expect(SessionConfiguration(category: .soloAmbient).focusRole == .exclusivePlayback)
    #expect(SessionConfiguration(category: .ambient).focusRole == .mixingPlayback)
    #expect(SessionConfiguration(category: .playback, options: .mixWithOthers).focusRole == .mixingPlayback)
    #expect(SessionConfiguration(category: .playback, options: .duckOthers).focusRole == .duckingPlayback)
    #expect(SessionConfiguration(category: .playback, options: .interruptSpokenAudioAndMixWithOthers).focusRole == .spokenInterruptingPlayback)
    #expect(SessionConfiguration(category: .playAndRecord, options: .mixWithOthers).focusRole == .recording)
    #expect(SessionConfiguration(category: .record).focusRole == .recording)
}
