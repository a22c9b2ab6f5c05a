import PropertyBased
import Testing

@testable import Guidance

struct RoundingCase: Sendable, CustomTestStringConvertible {
    let meters: Double
    let expected: SpokenDistance

    init(_ meters: Double, _ amount: Double, _ unit: DistanceUnit, lessThan: Bool = false) {
        self.meters = meters
        expected = SpokenDistance(amount: amount, unit: unit, isLessThan: lessThan)
    }

    var testDescription: String { "\(meters) m → \(expected.isLessThan ? "< " : "")\(expected.digits) \(expected.unit)" }
}

@Suite struct DistanceFormatterTests {
    static let metric = DistanceFormatter(unitSystem: .metric)
    static let us = DistanceFormatter(unitSystem: .imperialUS)
    static let uk = DistanceFormatter(unitSystem: .imperialUK)

    static let feet = DistanceUnit.feet.metersPerUnit
    static let yards = DistanceUnit.yards.metersPerUnit
    static let miles = DistanceUnit.miles.metersPerUnit

    static let metricCases: [RoundingCase] = [
        RoundingCase(0.0, 10, .meters, lessThan: true),
        RoundingCase(9.99, 10, .meters, lessThan: true),
        RoundingCase(10, 10, .meters),
        RoundingCase(14.9, 10, .meters),
        RoundingCase(15, 20, .meters),
        RoundingCase(44, 40, .meters),
        RoundingCase(94.9, 90, .meters),
        RoundingCase(95, 100, .meters),
        RoundingCase(149, 100, .meters),
        RoundingCase(287, 300, .meters),
        RoundingCase(649, 600, .meters),
        RoundingCase(949, 900, .meters),
        RoundingCase(950, 1, .kilometers),
        RoundingCase(1249, 1, .kilometers),
        RoundingCase(1250, 1.5, .kilometers),
        RoundingCase(2740, 2.5, .kilometers),
        RoundingCase(3000, 3, .kilometers),
        RoundingCase(3400, 3, .kilometers),
        RoundingCase(3500, 4, .kilometers),
        RoundingCase(12_345, 12, .kilometers),
        RoundingCase(250_600, 251, .kilometers),
    ]

    @Test(arguments: metricCases) func metricTable(_ c: RoundingCase) {
        #expect(Self.metric.spoken(meters: c.meters) == c.expected, "\(c.meters) m")
    }

    static let usCases: [RoundingCase] = [
        RoundingCase(5 * feet, 10, .feet, lessThan: true),
        RoundingCase(10 * feet, 10, .feet),
        RoundingCase(64 * feet, 60, .feet),
        RoundingCase(94 * feet, 90, .feet),
        RoundingCase(96 * feet, 100, .feet),
        RoundingCase(449 * feet, 400, .feet),
        RoundingCase(451 * feet, 500, .feet),
        RoundingCase(999 * feet, 1000, .feet),
        RoundingCase(0.2 * miles, 0.25, .miles),
        RoundingCase(0.37 * miles, 0.25, .miles),
        RoundingCase(0.38 * miles, 0.5, .miles),
        RoundingCase(0.62 * miles, 0.5, .miles),
        RoundingCase(0.74 * miles, 0.5, .miles),
        RoundingCase(0.76 * miles, 1, .miles),
        RoundingCase(1.3 * miles, 1.5, .miles),
        RoundingCase(1.9 * miles, 2, .miles),
        RoundingCase(2.4 * miles, 2, .miles),
        RoundingCase(2.5 * miles, 3, .miles),
        RoundingCase(47.2 * miles, 47, .miles),
    ]

    @Test(arguments: usCases) func usTable(_ c: RoundingCase) {
        #expect(Self.us.spoken(meters: c.meters) == c.expected, "\(c.meters) m")
    }

    static let ukCases: [RoundingCase] = [
        RoundingCase(3 * yards, 10, .yards, lessThan: true),
        RoundingCase(10 * yards, 10, .yards),
        RoundingCase(55 * yards, 60, .yards),
        RoundingCase(94 * yards, 90, .yards),
        RoundingCase(95 * yards, 100, .yards),
        RoundingCase(249 * yards, 200, .yards),
        RoundingCase(333 * yards, 300, .yards),
        RoundingCase(340 * yards, 0.25, .miles),
        RoundingCase(0.45 * miles, 0.5, .miles),
        RoundingCase(1.1 * miles, 1, .miles),
        RoundingCase(1.8 * miles, 2, .miles),
        RoundingCase(9.6 * miles, 10, .miles),
    ]

    @Test(arguments: ukCases) func ukTable(_ c: RoundingCase) {
        #expect(Self.uk.spoken(meters: c.meters) == c.expected, "\(c.meters) m")
    }

    /// Every amount a pack may have to word (docs/PHRASES.md lists the same).
    static func isAllowed(_ spoken: SpokenDistance, in system: UnitSystem) -> Bool {
        let amount = spoken.amount
        if spoken.isLessThan { return amount == 10 && system.units.first == spoken.unit }
        let whole = amount == amount.rounded()
        switch spoken.unit {
        case .meters:
            return system == .metric && whole
                && ((10...90).contains(amount) && amount.truncatingRemainder(dividingBy: 10) == 0
                    || (100...900).contains(amount) && amount.truncatingRemainder(dividingBy: 100) == 0)
        case .kilometers: return system == .metric && (amount <= 3 ? [1, 1.5, 2, 2.5, 3].contains(amount) : whole)
        case .feet, .yards:
            let limit: Double = spoken.unit == .feet ? 1000 : 300
            return system.units.first == spoken.unit && whole
                && ((10...90).contains(amount) && amount.truncatingRemainder(dividingBy: 10) == 0
                    || (100...limit).contains(amount) && amount.truncatingRemainder(dividingBy: 100) == 0)
        case .miles: return system != .metric && (amount <= 2 ? [0.25, 0.5, 1, 1.5, 2].contains(amount) : whole)
        }
    }

    @Test(arguments: UnitSystem.allCases)
    func roundedAmountsAreOnesTheTablesAllow(system: UnitSystem) async {
        let formatter = DistanceFormatter(unitSystem: system)
        await propertyCheck(count: 500, input: Gen.double(in: 0...200_000)) { meters in
            let spoken = formatter.spoken(meters: meters)
            #expect(Self.isAllowed(spoken, in: system), "\(meters) m → \(spoken)")
        }
    }

    @Test(arguments: UnitSystem.allCases)
    func roundingNeverDecreasesAsDistanceGrows(system: UnitSystem) async {
        let formatter = DistanceFormatter(unitSystem: system)
        await propertyCheck(count: 500, input: Gen.double(in: 0...50_000), Gen.double(in: 0...5_000)) { meters, extra in
            let near = formatter.spoken(meters: meters)
            let far = formatter.spoken(meters: meters + extra)
            // "less than 10" sits below the 10 it names.
            let nearValue = near.isLessThan ? 0 : near.meters
            let farValue = far.isLessThan ? 0 : far.meters
            #expect(nearValue <= farValue + 1e-9, "\(meters) m → \(near), \(meters + extra) m → \(far)")
        }
    }

    @Test(arguments: UnitSystem.allCases)
    func roundingStaysCloseToTheTruth(system: UnitSystem) async {
        let formatter = DistanceFormatter(unitSystem: system)
        await propertyCheck(count: 500, input: Gen.double(in: 20...100_000)) { meters in
            let spoken = formatter.spoken(meters: meters)
            // Coarsest step is a quarter mile at ~0.2 mi, i.e. within 40 % of the truth there.
            #expect(abs(spoken.meters - meters) <= max(0.4 * meters, 10), "\(meters) m → \(spoken)")
        }
    }

    @Test func digitsAreMinimal() {
        #expect(SpokenDistance(amount: 300, unit: .meters).digits == "300")
        #expect(SpokenDistance(amount: 1.5, unit: .kilometers).digits == "1.5")
        #expect(SpokenDistance(amount: 0.25, unit: .miles).digits == "0.25")
    }

    @Test func negativeDistancesAreTreatedAsZero() {
        #expect(Self.metric.spoken(meters: -40) == SpokenDistance(amount: 10, unit: .meters, isLessThan: true))
    }
}
