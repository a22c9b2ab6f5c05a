/// Which lanes to recommend, reduced to what can be said: "the left two", "the right one",
/// "the middle two", "the second from the left". Lanes are listed left to right.
public struct LaneGuidance: Sendable, Hashable {
    public enum Position: String, CaseIterable, Sendable, Hashable {
        case left, right, middle
    }

    /// The side a single lane is counted from ("the second lane from the left").
    public enum Side: String, CaseIterable, Sendable, Hashable {
        case fromLeft, fromRight
    }

    /// One lane's place, counted from the nearer side: 2 is "the second lane from the left".
    public struct Counted: Sendable, Hashable {
        public let side: Side
        public let place: Int

        public init(_ side: Side, _ place: Int) {
            self.side = side
            self.place = place
        }
    }

    /// Where a lane leads, from its angle: within `straightAngle` degrees of 0 is straight on.
    public enum Direction: Sendable, Hashable, CaseIterable {
        case left, straight, right

        public static let straightAngle = 20.0

        public init(angle: Double) {
            self = abs(angle) <= Self.straightAngle ? .straight : angle < 0 ? .left : .right
        }
    }

    public let position: Position
    public let count: Int
    /// For one lane in the middle that "the middle lane" would not single out (four lanes or more,
    /// and not the exact middle one): its place from the nearer side. Nil otherwise.
    public let counted: Counted?

    public init(position: Position, count: Int, counted: Counted? = nil) {
        self.position = position
        self.count = count
        self.counted = counted
    }

    /// Nil when there is nothing useful to say: no lanes, no lane fine, or (where the lanes' angles
    /// cannot choose either) every lane fine or the fine lanes not side by side.
    ///
    /// Preferred lanes win; when none is preferred, every good lane is recommended. Where that
    /// recommends every lane, or lanes apart, and the maneuver leads `toward` a direction, the
    /// recommended lanes whose angle leads that way are ("turn right" with three good lanes, only the
    /// right one leading right: "use the right lane").
    public init?(lanes: [Lane], toward direction: Direction? = nil) {
        let wanted: Set<LaneStatus> = lanes.contains { $0.status == .preferred } ? [.preferred] : [.good]
        let fine = lanes.indices.filter { wanted.contains(lanes[$0].status) }
        if let advice = Self.advice(fine, of: lanes.count) {
            self = advice
            return
        }
        guard let direction, let advice = Self.advice(fine.filter { Direction(angle: lanes[$0].angle) == direction }, of: lanes.count) else {
            return nil
        }
        self = advice
    }

    /// The advice for the lanes at `indices` of `total`: nil unless they are some but not all, side by side.
    private static func advice(_ indices: [Int], of total: Int) -> LaneGuidance? {
        guard let first = indices.first, let last = indices.last, indices.count < total, last - first + 1 == indices.count else { return nil }
        if first == 0 { return LaneGuidance(position: .left, count: indices.count) }
        if last == total - 1 { return LaneGuidance(position: .right, count: indices.count) }
        let fromRight = total - first
        guard indices.count == 1, total >= 4, first + 1 != fromRight else { return LaneGuidance(position: .middle, count: indices.count) }
        let counted = first + 1 < fromRight ? Counted(.fromLeft, first + 1) : Counted(.fromRight, fromRight)
        return LaneGuidance(position: .middle, count: 1, counted: counted)
    }
}

extension ManeuverType {
    /// The way the maneuver leads, for choosing lanes by their angle: a turn's, a keep's, a ramp's
    /// side; straight on for going straight; nil where lanes' angles say nothing of it (roundabouts,
    /// U-turns, arrivals, ferries, starts).
    public var laneDirection: LaneGuidance.Direction? {
        switch family {
        case .straight: return .straight
        case .turns, .sharpTurns, .slightTurns, .turnsAtEnd, .keeps, .highwayOffRamps, .highwayChanges:
            return side.map { $0 == .left ? .left : .right }
        default: return nil
        }
    }
}
