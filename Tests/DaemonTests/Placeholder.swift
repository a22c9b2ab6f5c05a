import Testing

@Test func placeholderDaemonTests() { #expect(1 + 1 == 2) }
