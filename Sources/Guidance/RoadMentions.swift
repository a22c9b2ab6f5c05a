/// Which parts of a road a guidance session says (`guidance.start` `roadNames`, `roadNumbers`):
/// "turn right onto Main Street", "take the exit onto I-95", or just "turn right".
public struct RoadMentions: Sendable, Hashable, Codable {
    public var names: Bool
    public var numbers: Bool

    public static let all = RoadMentions(names: true, numbers: true)

    public init(names: Bool = true, numbers: Bool = true) {
        self.names = names
        self.numbers = numbers
    }

    /// The maneuver as it is said: without its road name and/or route number. A road name that is
    /// itself a route reference ("CT 145", matched by the pack's `names.routes`) counts as a number.
    public func apply(to maneuver: Maneuver, names expander: NameExpander) -> Maneuver {
        var said = maneuver
        if let road = maneuver.roadName, expander.isRoute(road) ? !numbers : !names {
            said.roadName = nil
            said.roadNamePronunciation = nil
        }
        if !numbers { said.routeNumber = nil }
        return said
    }
}
