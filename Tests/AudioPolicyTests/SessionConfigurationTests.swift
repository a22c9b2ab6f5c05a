import Testing
@testable import AudioPolicy

@Test func voicePromptConfigurationIsValid() throws {
    try SessionConfiguration.voicePrompt.validate()
    #expect(SessionConfiguration.voicePrompt.mixes)
}
