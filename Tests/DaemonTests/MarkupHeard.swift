import Testing

/// The same words heard on `car.monitor` plain, as SSML ("markup") and at a rate of 60 ("fast"),
/// each as the seconds from its first to its last loud window: the markup is not said (about as long
/// as the words plain: spoken as text it had lasted 1.8× as long), and the rate is heard at least a
/// fifth shorter. Both doors take markup and rate to the same engine path.
func expectMarkupUnsaidAndRateHeard(_ heard: [String: Double], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let plain = try #require(heard["plain"], sourceLocation: sourceLocation)
    let markup = try #require(heard["markup"], sourceLocation: sourceLocation)
    let fast = try #require(heard["fast"], sourceLocation: sourceLocation)
    #expect(plain > 1.5, "the plain words heard for \(plain) s", sourceLocation: sourceLocation)
    #expect(abs(markup - plain) < plain * 0.25, "the markup heard for \(markup) s against \(plain) s plain", sourceLocation: sourceLocation)
    #expect(fast < plain * 0.8, "rate 60 heard for \(fast) s against \(plain) s", sourceLocation: sourceLocation)
}
