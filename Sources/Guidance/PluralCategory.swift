/// CLDR plural categories (https://cldr.unicode.org/index/cldr-spec/plural-rules).
public enum PluralCategory: String, CaseIterable, Sendable, Hashable, Codable {
    case zero, one, two, few, many, other
}
