import StrictCoding
import YAMLTree

/// A YAML node together with its key path, so that every error can say where it is.
struct PackNode {
    let node: YAMLNode
    let path: String

    static func root(yaml: String) throws(PhrasePackError) -> PackNode {
        let parsed: YAMLNode?
        do {
            parsed = try YAMLTree.compose(yaml: yaml)
        } catch {
            throw PhrasePackError(.invalidYAML, at: "", "not valid YAML: \(InputLimits.echo(parserError: error))")
        }
        guard let parsed else { throw PhrasePackError(.invalidYAML, at: "", "the pack is empty") }
        return PackNode(node: parsed, path: "")
    }

    private func childPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    var isMapping: Bool { node.mapping != nil }

    /// The last component of the path: the key this node was found under.
    var key: String { String(path.split(separator: ".").last ?? "") }

    /// A scalar's text, whatever YAML would have typed it as ("no", "0.25" stay strings).
    func string() throws(PhrasePackError) -> String {
        guard let scalar = node.scalar else {
            throw PhrasePackError(.wrongShape, at: path, "expected a text value")
        }
        guard scalar.string.count <= PhrasePack.maximumPhraseLength else {
            throw PhrasePackError(
                .invalidValue, at: path,
                "'\(InputLimits.echo(scalar.string))' has \(scalar.string.count) characters, over the \(PhrasePack.maximumPhraseLength) a phrase may have")
        }
        return scalar.string
    }

    /// The entries of a mapping, in file order.
    func entries() throws(PhrasePackError) -> [(key: String, value: PackNode)] {
        guard let mapping = node.mapping else {
            throw PhrasePackError(.wrongShape, at: path, "expected a mapping of keys to values")
        }
        var result: [(key: String, value: PackNode)] = []
        for (key, value) in mapping {
            guard let name = key.scalar?.string else {
                throw PhrasePackError(.wrongShape, at: path, "keys must be plain text")
            }
            result.append((name, PackNode(node: value, path: childPath(name))))
        }
        return result
    }

    func items() throws(PhrasePackError) -> [PackNode] {
        guard let sequence = node.sequence else {
            throw PhrasePackError(.wrongShape, at: path, "expected a list")
        }
        return sequence.enumerated().map { PackNode(node: $1, path: "\(path)[\($0)]") }
    }

    func optional(_ key: String) throws(PhrasePackError) -> PackNode? {
        guard let mapping = node.mapping else {
            throw PhrasePackError(.wrongShape, at: path, "expected a mapping of keys to values")
        }
        return mapping[key].map { PackNode(node: $0, path: childPath(key)) }
    }

    func required(_ key: String) throws(PhrasePackError) -> PackNode {
        guard let child = try optional(key) else {
            throw PhrasePackError(.missingKey, at: childPath(key), "missing key '\(InputLimits.echo(key))'")
        }
        return child
    }

    /// Rejects keys outside `allowed`: a typo must not silently drop a phrase.
    func onlyKeys(_ allowed: [String]) throws(PhrasePackError) {
        for (key, value) in try entries() where !allowed.contains(key) {
            throw PhrasePackError(
                .unknownKey, at: value.path,
                "unknown key '\(InputLimits.echo(key))'\(NearestName.didYouMean(key, among: allowed)); allowed: \(allowed.joined(separator: ", "))")
        }
    }

    func template() throws(PhrasePackError) -> Template {
        let text = try string()
        // `execute:` with nothing after it (or a stray `#` that makes the rest a comment) is YAML's
        // empty value: a prompt that says nothing. Leaving the key out is how a pack defers to the default.
        guard !text.allSatisfy(\.isWhitespace) else {
            throw PhrasePackError(.invalidValue, at: path, "an empty phrase: write the words, or leave the key out")
        }
        do {
            return try Template(text)
        } catch {
            throw PhrasePackError(.templateSyntax, at: path, error.description)
        }
    }
}
