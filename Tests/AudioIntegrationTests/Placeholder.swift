import Testing

@Test func placeholderAudioIntegrationTests() { #expect(1 + 1 == 2) }
