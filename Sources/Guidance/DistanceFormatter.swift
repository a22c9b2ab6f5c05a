/// Rounds a distance to what a person would say: a step a driver is used to hearing, or where none
/// is close enough, a finer one.
///
/// - metric: < 10 m "less than 10 m"; 10–90 m by 10; 100, 150, 200, 250 m; 300–900 m by 100; 1, 1.5,
///   2, 2.5, 3 km; then whole km. Finer: 120 m, 1.2 km.
/// - imperialUS: < 10 ft "less than 10 ft"; 10–90 ft by 10; 100, 150, 200, 250 ft; 300–1000 ft by
///   100; 0.25, 0.5, 0.75, 1, 1.5, 2, 2.5, 3 mi; then whole miles. Finer: 120 ft; 0.3, 0.4, 0.6, 1.2 mi.
/// - imperialUK: the same with yards up to 300 yd, then miles. Finer: 120 and 400 yd, and the miles'.
///
/// A distance is said as the nearest usual step (the lower one when it lies halfway) when that is
/// within 15 % of it, or within 5 m, ft or yd (half a step of 10); otherwise as the nearest finer
/// step, which always is. So no distance is said more than 15 % too far or too short: 125 m is
/// "120 m", 1.25 km "1.2 km", 1001 ft "1000 ft", 0.75 mi "three quarters of a mile", 0.56 mi still
/// "half a mile". The result never decreases as the distance grows.
public struct DistanceFormatter: Sendable, Hashable {
    public let unitSystem: UnitSystem

    public init(unitSystem: UnitSystem) { self.unitSystem = unitSystem }

    /// How far from the truth a usual step may be and still be said: 15 %, or 5 small units.
    public static let tolerance = 0.15
    public static let toleranceUnits = 5.0

    /// The steps said below whole kilometres or miles, smallest first, each with whether drivers
    /// are used to it (`usual`) or it only fills a gap between usual ones where neither is within
    /// the tolerance.
    public var steps: [(distance: SpokenDistance, usual: Bool)] {
        switch unitSystem {
        case .metric: Self.metricSteps
        case .imperialUS: Self.feetSteps
        case .imperialUK: Self.yardSteps
        }
    }

    private static func steps(_ amounts: [Double], _ unit: DistanceUnit, finer: Set<Double>) -> [(distance: SpokenDistance, usual: Bool)] {
        amounts.map { (SpokenDistance(amount: $0, unit: unit), !finer.contains($0)) }
    }

    private static let tens = Array(stride(from: 10.0, through: 90, by: 10)) + [100, 120, 150, 200, 250]
    private static let hundreds = Array(stride(from: 300.0, through: 1000, by: 100))
    private static let metricSteps =
        steps(tens + hundreds.dropLast(), .meters, finer: [120]) + steps([1, 1.2, 1.5, 2, 2.5, 3], .kilometers, finer: [1.2])
    private static let feetSteps = steps(tens + hundreds, .feet, finer: [120]) + mileSteps
    private static let yardSteps = steps(tens + [300, 400], .yards, finer: [120, 400]) + mileSteps
    private static let mileSteps = steps([0.25, 0.3, 0.4, 0.5, 0.6, 0.75, 1, 1.2, 1.5, 2, 2.5, 3], .miles, finer: [0.3, 0.4, 0.6, 1.2])

    public func spoken(meters: Double) -> SpokenDistance {
        let meters = max(0, meters)
        let steps = steps
        let first = steps[0].distance
        // A step "not above" the distance allows for the rounding of `amount × metersPerUnit`.
        let slack = 1e-9 * max(1, meters)
        if meters + slack < first.meters { return SpokenDistance(amount: first.amount, unit: first.unit, isLessThan: true) }
        /// The nearest of two steps, the lower when halfway.
        func nearest(_ below: SpokenDistance, _ above: SpokenDistance) -> SpokenDistance {
            meters - below.meters <= above.meters - meters ? below : above
        }
        let usual = steps.filter(\.usual).map(\.distance)
        guard let index = usual.lastIndex(where: { $0.meters <= meters + slack }), index + 1 < usual.count else {
            // Beyond the steps: whole kilometres or miles, every one usual and none more than a third
            // above the one before.
            let big = steps[steps.count - 1].distance.unit
            let whole = (meters / big.metersPerUnit + 1e-9).rounded(.down)
            return nearest(SpokenDistance(amount: whole, unit: big), SpokenDistance(amount: whole + 1, unit: big))
        }
        let (below, above) = (usual[index], usual[index + 1])
        let said = nearest(below, above)
        if abs(said.meters - meters) <= max(Self.tolerance * meters, Self.toleranceUnits * first.unit.metersPerUnit) { return said }
        let finer = steps.filter { !$0.usual && $0.distance.meters > below.meters && $0.distance.meters < above.meters }.map(\.distance)
        guard var best = finer.first else { return said }
        for step in finer.dropFirst() where abs(step.meters - meters) < abs(best.meters - meters) { best = step }
        return best
    }
}
