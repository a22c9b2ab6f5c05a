/// Rounds a distance to what a person would say (after Valhalla's narrative tables):
///
/// - metric: < 10 m "less than 10 m"; 10–94 m to 10 m; 95–949 m to 100 m; ≤ 3 km to 0.5 km;
///   then whole km.
/// - imperialUS: < 10 ft "less than 10 ft"; 10–94 ft to 10 ft; ≤ 1000 ft to 100 ft; quarter
///   miles below 0.625 mi; half miles up to 2 mi; then whole miles.
/// - imperialUK: the same with yards in place of feet, switching to miles at the same
///   distance (1000 ft ≈ 333 yd).
///
/// Rounding is half-up, so the result never decreases as the distance grows.
public struct DistanceFormatter: Sendable, Hashable {
    public let unitSystem: UnitSystem

    public init(unitSystem: UnitSystem) { self.unitSystem = unitSystem }

    public func spoken(meters: Double) -> SpokenDistance {
        let meters = max(0, meters)
        switch unitSystem {
        case .metric: return metric(meters)
        case .imperialUS: return imperial(meters, smallUnit: .feet)
        case .imperialUK: return imperial(meters, smallUnit: .yards)
        }
    }

    private func metric(_ meters: Double) -> SpokenDistance {
        if meters < 10 { return SpokenDistance(amount: 10, unit: .meters, isLessThan: true) }
        if meters < 95 { return SpokenDistance(amount: Self.round(meters, to: 10), unit: .meters) }
        if meters < 950 { return SpokenDistance(amount: Self.round(meters, to: 100), unit: .meters) }
        let km = meters / 1000
        if km <= 3 { return SpokenDistance(amount: Self.round(km, to: 0.5), unit: .kilometers) }
        return SpokenDistance(amount: Self.round(km, to: 1), unit: .kilometers)
    }

    /// Miles take over above 1000 ft whatever the small unit, as in Valhalla.
    private static let smallUnitLimitMeters = 1000 * DistanceUnit.feet.metersPerUnit

    private func imperial(_ meters: Double, smallUnit: DistanceUnit) -> SpokenDistance {
        if meters <= Self.smallUnitLimitMeters {
            let small = meters / smallUnit.metersPerUnit
            if small < 10 { return SpokenDistance(amount: 10, unit: smallUnit, isLessThan: true) }
            if small < 95 { return SpokenDistance(amount: Self.round(small, to: 10), unit: smallUnit) }
            return SpokenDistance(amount: Self.round(small, to: 100), unit: smallUnit)
        }
        let miles = meters / DistanceUnit.miles.metersPerUnit
        if miles < 0.625 { return SpokenDistance(amount: Self.round(miles, to: 0.25), unit: .miles) }
        if miles <= 2 { return SpokenDistance(amount: Self.round(miles, to: 0.5), unit: .miles) }
        return SpokenDistance(amount: Self.round(miles, to: 1), unit: .miles)
    }

    private static func round(_ value: Double, to step: Double) -> Double {
        (value / step).rounded(.toNearestOrAwayFromZero) * step
    }
}
