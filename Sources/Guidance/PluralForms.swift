import StrictCoding
import YAMLTree

/// Wordings of a counted thing, one per plural category (`one`, `few`, `other`…), plus optional
/// wordings for exact amounts written as numbers (`"0.25": a quarter mile`, `"2": two lanes`).
struct PluralForms: Sendable, Hashable {
    let byCategory: [PluralCategory: Template]
    let exact: [Double: Template]

    /// Reads `{one: ..., other: ..., "0.5": ...}`; every category `rules` can produce is required.
    init(_ node: YAMLCursor, rules: PluralRules, allowed: Set<String>) throws(PhrasePackError) {
        var byCategory: [PluralCategory: Template] = [:]
        var exact: [Double: Template] = [:]
        for (key, value) in try node.entries() {
            let template = try value.template()
            try PhrasePack.checkKnown(template, allowed: allowed, at: value.path)
            if let category = PluralCategory(rawValue: key) {
                byCategory[category] = template
            } else if let amount = Double(key) {
                exact[amount] = template
            } else {
                throw PhrasePackError(
                    .unknownKey, at: value,
                    "'\(InputLimits.echo(key))' is neither a plural category (\(PluralCategory.allCases.map(\.rawValue).joined(separator: ", "))) nor a number")
            }
        }
        for category in rules.categories where byCategory[category] == nil {
            throw node.problem(
                "missing plural form '\(category.rawValue)' (the pack's plural rules use \(rules.categories.map(\.rawValue).joined(separator: ", ")))",
                kind: .missingKey, key: category.rawValue)
        }
        self.byCategory = byCategory
        self.exact = exact
    }

    /// One template for every amount.
    init(_ template: Template, allowed: Set<String>, at path: String) throws(PhrasePackError) {
        try PhrasePack.checkKnown(template, allowed: allowed, at: path)
        byCategory = [.other: template]
        exact = [:]
    }

    /// Every template, the categories' and the exact amounts'.
    var templates: [Template] { Array(byCategory.values) + Array(exact.values) }

    func template(for amount: Double, digits: String, rules: PluralRules) -> Template {
        exact[amount] ?? template(forCategoryOf: digits, rules: rules)
    }

    /// The category's template, exact amounts aside.
    func template(forCategoryOf digits: String, rules: PluralRules) -> Template {
        byCategory[rules.category(of: digits)] ?? byCategory[.other]!
    }
}
