import StrictCoding

/// Reads on after a problem, so that a file's every problem is listed at once (the policy and
/// scenario readers; a phrase pack stops at its first). A read that fails records its problem and
/// gives nil.
public struct YAMLReader: Sendable {
    public private(set) var problems: [YAMLProblem] = []

    public init() {}

    public mutating func record(_ problem: YAMLProblem) { problems.append(problem) }

    /// `message` at `cursor` (or at `key` below it, for a key that is missing).
    public mutating func fail(_ cursor: YAMLCursor, _ message: String, key: String? = nil) {
        record(cursor.problem(message, key: key))
    }

    /// The value read, or nil with its problem recorded: `reader.read(try node.double())`.
    public mutating func read<T>(_ read: @autoclosure () throws(YAMLProblem) -> T) -> T? {
        do {
            return try read()
        } catch {
            record(error)
            return nil
        }
    }

    /// A mapping's entries, each key outside `known` (when given) recorded as unknown and left out,
    /// each of `required` that is absent recorded as missing, unless a mistyped key stands for it
    /// (named once, at the typo's own line). Not a mapping: recorded, and no entries.
    public mutating func entries(_ cursor: YAMLCursor, known: [String]?, required: [String] = []) -> YAMLEntries {
        guard let mapping = cursor.node.mapping else {
            fail(cursor, "expected a mapping" + (known.map { " with keys \($0.joined(separator: ", "))" } ?? ""))
            return []
        }
        var result: [(key: String, value: YAMLCursor)] = []
        var meant = Set<String>()
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let child = cursor.child(key, value)
            if let known, !known.contains(key) {
                if let near = NearestName.suggestion(for: key, among: known) { meant.insert(near) }
                record(child.unknownKey(key, allowed: known, line: keyNode.mark?.line))
                continue
            }
            result.append((key, child))
        }
        let entries = YAMLEntries(result)
        for key in required where entries[key] == nil && !meant.contains(key) { record(cursor.missingKey(key)) }
        return entries
    }

    /// A sequence's items with their paths; not a sequence: "expected <expected>" recorded, and no items.
    public mutating func items(_ cursor: YAMLCursor, _ expected: String = "a list") -> [YAMLCursor] {
        read(try cursor.items(expected)) ?? []
    }

    // The typed reads of `YAMLCursor`, each problem recorded; nil for a value that is absent. (A
    // closure that says `read(try …)` would be inferred as throwing, so these take the cursor.)

    public mutating func string(_ node: YAMLCursor?) -> String? {
        guard let node else { return nil }
        return read(try node.string())
    }

    public mutating func double(_ node: YAMLCursor?, _ what: String = "a number") -> Double? {
        guard let node else { return nil }
        return read(try node.double(what))
    }

    public mutating func int(_ node: YAMLCursor?, _ what: String = "a whole number") -> Int? {
        guard let node else { return nil }
        return read(try node.int(what))
    }

    public mutating func bool(_ node: YAMLCursor?) -> Bool? {
        guard let node else { return nil }
        return read(try node.bool())
    }

    public mutating func value<T: RawRepresentable>(_ node: YAMLCursor?, _ what: String, among allowed: [T]) -> T? where T.RawValue == String {
        guard let node else { return nil }
        return read(try node.value(what, among: allowed))
    }
}
