/// Which lanes to recommend, reduced to what can be said: "the left two", "the right one",
/// "the middle two". Lanes are listed left to right.
public struct LaneGuidance: Sendable, Hashable {
    public enum Position: String, CaseIterable, Sendable, Hashable {
        case left, right, middle
    }

    public let position: Position
    public let count: Int

    public init(position: Position, count: Int) {
        self.position = position
        self.count = count
    }

    /// Nil when there is nothing useful to say: no lanes, every lane fine, no lane fine, or
    /// recommended lanes that are not side by side.
    public init?(lanes: [Lane]) {
        // Preferred lanes win; when none is preferred, every good lane is recommended.
        let wanted: Set<LaneStatus> = lanes.contains { $0.status == .preferred } ? [.preferred] : [.good]
        let indices = lanes.indices.filter { wanted.contains(lanes[$0].status) }
        guard let first = indices.first, let last = indices.last,
            indices.count < lanes.count, last - first + 1 == indices.count
        else { return nil }
        count = indices.count
        position = first == 0 ? .left : last == lanes.count - 1 ? .right : .middle
    }
}
