import FoundationEssentials
import TextFormat

/// A distance rounded the way people say it: "300 meters", "1.5 kilometers", "a quarter mile",
/// "less than 10 feet". Language-free: a phrase pack turns it into words.
public struct SpokenDistance: Sendable, Hashable {
    /// The number said, one of `DistanceFormatter.steps` or a whole number ("1.2", "0.75", "300").
    public let amount: Double
    public let unit: DistanceUnit
    /// True when the real distance is below `amount` ("less than 10 meters").
    public let isLessThan: Bool

    public init(amount: Double, unit: DistanceUnit, isLessThan: Bool = false) {
        self.amount = amount
        self.unit = unit
        self.isLessThan = isLessThan
    }

    /// The amount in plain digits with "." as separator and no trailing zeros: "300", "1.5",
    /// "0.25". Plural rules read their operands (i, v, f…) from this spelling.
    public var digits: String {
        if amount == amount.rounded() { return String(Int(amount)) }
        var text = String(cFormat: "%.2f", amount)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// The amount in meters, for comparisons.
    public var meters: Double { amount * unit.metersPerUnit }

    /// The plural category of the amount under a language's rules.
    public func pluralCategory(_ rules: PluralRules) -> PluralCategory { rules.category(of: digits) }
}

extension DistanceUnit {
    public var metersPerUnit: Double {
        switch self {
        case .meters: 1
        case .kilometers: 1000
        case .feet: 0.3048
        case .yards: 0.9144
        case .miles: 1609.344
        }
    }
}
