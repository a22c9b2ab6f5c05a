extension Duration {
    /// The duration in seconds, for tests that judge against the time that really passed.
    public var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
