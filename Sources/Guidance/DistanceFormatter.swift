/// Rounds a distance to what a person would say (after Valhalla's narrative tables):
///
/// - metric: < 10 m "less than 10 m"; 10–94 m to 10 m; 95–299 m to 50 m; 300–949 m to 100 m;
///   ≤ 3 km to 0.5 km; then whole km.
/// - imperialUS: < 10 ft "less than 10 ft"; 10–94 ft to 10 ft; 95–299 ft to 50 ft; up to 1000 ft
///   to 100 ft; quarter miles below 0.625 mi; half miles up to 2 mi; then whole miles.
/// - imperialUK: the same with yards in place of feet, switching to miles at the same
///   distance (1000 ft ≈ 333 yd).
///
/// The 50 steps below 300 are what navigation apps say ("in 150 m"): with 100 steps from 95, 150 m was
/// said as 200 m, a third too far. Now a distance is said at most a fifth too far, at 125 (as 150),
/// and at most 14 % too far from 175 on. Rounding is half-up, so the result never decreases as the
/// distance grows.
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
        if meters < 950 { return SpokenDistance(amount: Self.roundSmall(meters), unit: .meters) }
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
            return SpokenDistance(amount: Self.roundSmall(small), unit: smallUnit)
        }
        let miles = meters / DistanceUnit.miles.metersPerUnit
        if miles < 0.625 { return SpokenDistance(amount: Self.round(miles, to: 0.25), unit: .miles) }
        if miles <= 2 { return SpokenDistance(amount: Self.round(miles, to: 0.5), unit: .miles) }
        return SpokenDistance(amount: Self.round(miles, to: 1), unit: .miles)
    }

    /// Meters, feet or yards from 10 on: to 10 below 95, to 50 below 300 (a value that rounds to 300
    /// is 300 either way), then to 100.
    private static func roundSmall(_ value: Double) -> Double {
        if value < 95 { return round(value, to: 10) }
        if value < 300 { return round(value, to: 50) }
        return round(value, to: 100)
    }

    private static func round(_ value: Double, to step: Double) -> Double {
        (value / step).rounded(.toNearestOrAwayFromZero) * step
    }
}
