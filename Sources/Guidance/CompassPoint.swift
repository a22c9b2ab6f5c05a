/// One of the eight compass points a departure is said with ("head north on Main Street").
public enum CompassPoint: String, CaseIterable, Sendable, Hashable {
    case north, northeast, east, southeast, south, southwest, west, northwest

    /// The nearest point to `heading` (degrees clockwise from north); nil when not finite.
    /// Each point covers 45°, centred on it: 337.5…22.5 is north.
    public init?(heading: Double) {
        guard heading.isFinite else { return nil }
        let degrees = heading.truncatingRemainder(dividingBy: 360) + (heading < 0 ? 360 : 0)
        let index = Int((degrees + 22.5) / 45) % 8
        self = Self.allCases[index]
    }
}
