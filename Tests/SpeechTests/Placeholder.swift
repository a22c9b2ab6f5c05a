import Testing

@Test func placeholderSpeechTests() { #expect(1 + 1 == 2) }
