import StrictCoding

/// The typed reads of a scalar. The type asked for decides how its text is read, whether it was
/// written plain or in quotes (`"0.5"` is a number where a number is asked for); a problem says
/// what was expected and what was found.
extension YAMLCursor {
    /// A scalar's text exactly as written (`no`, `4:00` and `0.25` stay text), within the `textLimit`.
    public func string() throws(YAMLProblem) -> String {
        guard let text = node.scalar?.string else { throw problem("expected a text value", kind: .wrongShape) }
        if let limit = textLimit, text.utf8.count > limit.characters, text.count > limit.characters {
            throw problem("'\(InputLimits.echo(text))' has \(text.count) characters, over the \(limit.characters) \(limit.what) may have")
        }
        return text
    }

    /// A finite number as YAML reads a plain scalar: `0.5`, `-10`, `1e-3`, `1_000`, `0x10`, `1:30` (90).
    /// `what` says what is expected: "expected <what> (got 'loud')".
    public func double(_ what: String = "a number") throws(YAMLProblem) -> Double {
        guard let scalar = asPlain, let value = scalar.float ?? scalar.int.map(Double.init), value.isFinite else {
            throw mismatch(what)
        }
        return value
    }

    /// A whole number as YAML reads a plain scalar: `12`, `-3`, `0x1F`, `1_000`.
    public func int(_ what: String = "a whole number") throws(YAMLProblem) -> Int {
        guard let value = asPlain?.int else { throw mismatch(what) }
        return value
    }

    /// `true`, `yes`, `on` or `false`, `no`, `off`, in any case.
    public func bool() throws(YAMLProblem) -> Bool {
        guard let value = asPlain?.bool else { throw mismatch("true or false") }
        return value
    }

    /// One of `allowed`, by its raw value; `what` names it in the problem, which suggests the nearest
    /// allowed name: "unknown vehicle 'tractr' (did you mean 'tractor'?) (expected one of: …)".
    public func value<T: RawRepresentable>(_ what: String, among allowed: [T]) throws(YAMLProblem) -> T where T.RawValue == String {
        let names = allowed.map(\.rawValue)
        guard let text = node.scalar?.string else {
            throw problem("expected \(what), one of: \(names.joined(separator: ", ")) (got a collection)", kind: .wrongShape)
        }
        guard let value = allowed.first(where: { $0.rawValue == text }) else { throw problem(Self.unknown(what, text, allowed: names)) }
        return value
    }

    /// One of the cases of `T`.
    public func value<T: RawRepresentable & CaseIterable>(_ what: String, _ type: T.Type = T.self) throws(YAMLProblem) -> T
    where T.RawValue == String {
        try value(what, among: Array(T.allCases))
    }

    /// The scalar's text trimmed of spaces and read as if written plain.
    private var asPlain: YAMLNode.Scalar? {
        guard let text = node.scalar?.string else { return nil }
        let trimmed = text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
        return YAMLNode.Scalar(String(trimmed))
    }

    /// "expected <what> (got 'x')", or "(got a collection)".
    private func mismatch(_ what: String) -> YAMLProblem {
        guard let text = node.scalar?.string else { return problem("expected \(what) (got a collection)", kind: .wrongShape) }
        return problem("expected \(what) (got '\(InputLimits.echo(text))')")
    }
}
