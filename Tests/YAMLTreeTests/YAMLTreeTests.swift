import PropertyBased
import Testing
import YAMLTree

/// The YAML reader over libyaml (pure: text in, nodes out).
struct YAMLTreeTests {
    private func compose(_ text: String) throws -> YAMLNode {
        try #require(try YAMLTree.compose(yaml: text))
    }

    @Test func aMappingKeepsItsOrderAndEachNodeItsLine() throws {
        let root = try compose("zeta: 1\nalpha:\n  - a\n  - b: [x, y]\nmiddle: {k: v}\n")
        let mapping = try #require(root.mapping)
        #expect(mapping.map { $0.key.string } == ["zeta", "alpha", "middle"])
        #expect(mapping["zeta"]?.int == 1)
        #expect(mapping["alpha"]?.mark?.line == 3)
        let items = try #require(mapping["alpha"]?.sequence)
        #expect(items.count == 2)
        #expect(items[0].string == "a")
        #expect(items[1].mapping?["b"]?.sequence?.compactMap(\.string) == ["x", "y"])
        #expect(items[1].mark == YAMLNode.Mark(line: 4, column: 5))
        #expect(mapping["middle"]?.mapping?["k"]?.string == "v")
        #expect(mapping["missing"] == nil)
        #expect(root.scalar == nil && root.string == nil && root.sequence == nil)
    }

    @Test(
        arguments: [
            // text, int, float, bool, null
            ("5", 5, 5.0, nil, false), ("-12", -12, -12.0, nil, false), ("1_000", 1000, 1000.0, nil, false),
            ("0x1F", 31, 31.0, nil, false), ("017", 15, 17.0, nil, false), ("0b101", 5, nil, nil, false), ("1:30", 90, 90.0, nil, false),
            ("0.25", nil, 0.25, nil, false), (".inf", nil, Double.infinity, nil, false), ("-.inf", nil, -Double.infinity, nil, false),
            ("yes", nil, nil, true, false), ("No", nil, nil, false, false), ("ON", nil, nil, true, false), ("false", nil, nil, false, false),
            ("~", nil, nil, nil, true), ("null", nil, nil, nil, true), ("NULL", nil, nil, nil, true), ("", nil, nil, nil, true),
            ("'5'", nil, nil, nil, false), ("\"yes\"", nil, nil, nil, false), ("'null'", nil, nil, nil, false), ("''", nil, nil, nil, false),
            ("text", nil, nil, nil, false), ("4:00 pm", nil, nil, nil, false),
        ] as [(String, Int?, Double?, Bool?, Bool)])
    func plainScalarsResolveAndQuotedOnesStayText(text: String, int: Int?, float: Double?, bool: Bool?, null: Bool) throws {
        let value = try #require(try compose("key: \(text)\n").mapping?["key"])
        #expect(value.int == int)
        #expect(value.float == float)
        #expect(value.bool == bool)
        #expect(value.isNull == null)
        #expect(value.scalar != nil)
    }

    @Test func quotedAndBlockScalarsKeepTheirTextAndStyle() throws {
        let root = try compose("a: 'it''s'\nb: \"tab\\there\"\nc: |\n  line one\n  line two\nd: >\n  folded\n  text\n")
        let mapping = try #require(root.mapping)
        #expect(mapping["a"]?.scalar == YAMLNode.Scalar("it's", style: .singleQuoted))
        #expect(mapping["b"]?.scalar == YAMLNode.Scalar("tab\there", style: .doubleQuoted))
        #expect(mapping["c"]?.scalar == YAMLNode.Scalar("line one\nline two\n", style: .literal))
        #expect(mapping["d"]?.scalar == YAMLNode.Scalar("folded text\n", style: .folded))
    }

    @Test func textInAnyScriptComesBackWhole() throws {
        let root = try compose("cs: Náměstí Míru\nzh: 在解放路右转\nmixed: \"Straße → 東京\"\n")
        #expect(root.mapping?["cs"]?.string == "Náměstí Míru")
        #expect(root.mapping?["zh"]?.string == "在解放路右转")
        #expect(root.mapping?["mixed"]?.string == "Straße → 東京")
        // A column counts Unicode scalars, as libyaml does.
        #expect(try compose("名前: [a, b]\n").mapping?["名前"]?.mark?.column == 5)
    }

    @Test func anAliasIsItsAnchorsNode() throws {
        let root = try compose("left: &side\n  say: links\n  code: L\nright: *side\nlist: [&n 3, *n]\n")
        let mapping = try #require(root.mapping)
        #expect(mapping["right"]?.mapping?["say"]?.string == "links")
        #expect(mapping["right"]?.mapping?["code"]?.string == "L")
        #expect(mapping["list"]?.sequence?.map(\.int) == [3, 3])
    }

    @Test func anUnknownAliasIsNamedWithItsLine() {
        #expect {
            try YAMLTree.compose(yaml: "a: 1\nb: *nowhere\n")
        } throws: { error in
            "\(error)" == "line 2, column 4: unknown alias 'nowhere'"
        }
    }

    @Test func aDocumentThatAliasesWouldBlowUpIsRefused() {
        // Ten aliases of ten aliases of …: 10^7 nodes from a few hundred bytes.
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...7 {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        #expect {
            try YAMLTree.compose(yaml: text)
        } throws: { error in
            "\(error)".contains("its aliases add over 65536 nodes to the document")
        }
        // Below the cap the same shape composes.
        #expect((try? YAMLTree.compose(yaml: "a0: &a0 [x, x]\na1: [*a0, *a0]\n"))??.mapping?["a1"]?.sequence?.count == 2)
    }

    /// Issue 50, row 7: a 20 KB scalar under an anchor, aliased 500 times as a key, was 10 MB of keys
    /// from a 24 KB text, under a budget that counted the alias as one node; a policy reader took 20 s
    /// over it (a 235 KB one hung voxnavd's start). An alias counts for all its anchor stands for, in
    /// bytes and in nodes. Pure: text in, nodes or the refusal out.
    @Test func anAliasCountsForAllItsAnchorStandsForInBytesAndNodes() throws {
        let big = String(repeating: "k", count: 20_000)
        let keys = "x: &k \(big)\n" + String(repeating: "*k : 1\n", count: 500)
        let started = ContinuousClock.now
        #expect {
            try YAMLTree.compose(yaml: keys)
        } throws: { error in
            "\(error)" == "line 15, column 1: its aliases add over 256 KiB of text to the document"
        }
        #expect(ContinuousClock.now - started < .seconds(1))
        // A list of 100 scalars aliased 700 times: 70,700 nodes.
        let list =
            "x: &l [" + Array(repeating: "a", count: 100).joined(separator: ", ") + "]\ny: [" + Array(repeating: "*l", count: 700).joined(separator: ", ")
            + "]\n"
        #expect {
            try YAMLTree.compose(yaml: list)
        } throws: { error in
            "\(error)".hasSuffix("its aliases add over 65536 nodes to the document")
        }
        // Within both budgets the same shapes compose: 12 aliases of 20 KB, 600 of the list.
        let fewKeys = try compose("x: &k \(big)\n" + String(repeating: "*k : 1\n", count: 12))
        #expect(fewKeys.mapping?.count == 13 && fewKeys.mapping?.pairs.last?.key.string == big)
        let shorterList = try compose(
            "x: &l [" + Array(repeating: "a", count: 100).joined(separator: ", ") + "]\ny: [" + Array(repeating: "*l", count: 600).joined(separator: ", ")
                + "]\n")
        #expect(shorterList.mapping?["y"]?.sequence?.count == 600)
    }

    /// Whatever the anchors and aliases, a document composes exactly when what its aliases add (each
    /// counted as all it stands for, nested aliases too) is within both budgets, and then it walks
    /// to what was counted. Pure, property-based.
    @Test func aDocumentComposesExactlyWhenItsAliasesAreWithinTheBudgets() async {
        // a: m scalars of `length` bytes (an empty one would be no item of a flow list); b: k aliases of a; c: n aliases of b.
        let shapes = PropertyBased.zip(Gen.int(in: 0...40), Gen.int(in: 1...3000), Gen.int(in: 0...20), Gen.int(in: 0...60))
        await propertyCheck(count: 300, input: shapes) { shape in
            let (m, length, k, n) = shape
            let scalar = String(repeating: "s", count: length)
            let text =
                "a: &a [" + Array(repeating: scalar, count: m).joined(separator: ", ") + "]\n"
                + "b: &b [" + Array(repeating: "*a", count: k).joined(separator: ", ") + "]\n"
                + "c: [" + Array(repeating: "*b", count: n).joined(separator: ", ") + "]\n"
            let (aNodes, aBytes) = (1 + m, m * length)
            let (bNodes, bBytes) = (1 + k * aNodes, k * aBytes)
            let aliased = (nodes: k * aNodes + n * bNodes, bytes: k * aBytes + n * bBytes)
            let fits = aliased.nodes <= YAMLTree.maximumAliasedNodes && aliased.bytes <= YAMLTree.maximumAliasedBytes
            do {
                let root = try #require(try YAMLTree.compose(yaml: text))
                #expect(fits, "composed with \(aliased) added")
                // The root, three keys, a, b and c as written, and what the aliases added.
                let written = (nodes: 1 + 3 + aNodes + 1 + 1, bytes: 3 + aBytes)
                let walked = Self.size(root)
                #expect(
                    walked.nodes == written.nodes + aliased.nodes && walked.bytes == written.bytes + aliased.bytes,
                    "\(shape): \(walked), \(written), \(aliased)")
            } catch {
                #expect(!fits, "refused with \(aliased) added: \(error)")
                #expect("\(error)".contains("its aliases add over"), "\(error)")
            }
        }
    }

    /// Nodes and scalar bytes of a node, its aliases walked as often as they occur.
    private static func size(_ node: YAMLNode) -> (nodes: Int, bytes: Int) {
        switch node.content {
        case .scalar(let scalar): return (1, scalar.string.utf8.count)
        case .sequence(let items):
            return items.reduce((1, 0)) { sum, item in
                let inner = size(item)
                return (sum.0 + inner.nodes, sum.1 + inner.bytes)
            }
        case .mapping(let mapping):
            return mapping.reduce((1, 0)) { sum, pair in
                let (key, value) = (size(pair.key), size(pair.value))
                return (sum.0 + key.nodes + value.nodes, sum.1 + key.bytes + value.bytes)
            }
        }
    }

    @Test func aDocumentNestedTooDeepIsRefused() throws {
        let deep = String(repeating: "[", count: 257) + String(repeating: "]", count: 257)
        #expect {
            try YAMLTree.compose(yaml: deep)
        } throws: { error in
            "\(error)" == "line 1, column 257: nested deeper than 256 levels"
        }
        // 100 000 levels: refused as quickly, with no recursion to overflow the stack.
        #expect(throws: YAMLError.self) { try YAMLTree.compose(yaml: String(repeating: "- ", count: 100_000) + "x") }
        let allowed = String(repeating: "[", count: 256) + "x" + String(repeating: "]", count: 256)
        var node = try compose(allowed)
        var depth = 0
        while let inner = node.sequence?.first {
            node = inner
            depth += 1
        }
        #expect(depth == 256 && node.string == "x")
    }

    @Test(
        arguments: [
            ("a: b: c\n", "line 1, column 5: mapping values are not allowed in this context"),
            ("a: 'open\n", "line 2, column 1: found unexpected end of stream (while scanning a quoted scalar)"),
            ("- a\nb: c\n", "line 2, column 1: did not find expected '-' indicator (while parsing a block collection)"),
            ("a: 1\n---\nb: 2\n", "line 2, column 1: expected a single document, but found another"),
            ("key: [1, 2\n", "line 2, column 1: did not find expected ',' or ']' (while parsing a flow sequence)"),
        ])
    func brokenTextIsRefusedWithItsLineAndColumn(text: String, message: String) {
        #expect {
            try YAMLTree.compose(yaml: text)
        } throws: { error in
            "\(error)" == message
        }
    }

    @Test func anEmptyTextHoldsNoDocumentAndAnEmptyDocumentIsNull() throws {
        #expect(try YAMLTree.compose(yaml: "") == nil)
        #expect(try YAMLTree.compose(yaml: "# only a comment\n") == nil)
        #expect(try compose("---\n").isNull)
        #expect(try compose("key:\n").mapping?["key"]?.isNull == true)
    }

    @Test func aRepeatedKeyIsKeptForTheReaderToName() throws {
        let mapping = try #require(try compose("a: 1\na: 2\n").mapping)
        #expect(mapping.count == 2)
        #expect(mapping["a"]?.int == 1)
        #expect(mapping.map { $0.value.mark?.line } == [1, 2])
    }

    @Test func anyTextComposesOrIsRefusedNeverCrashes() async {
        let pieces = [
            "a", ":", " ", "\n", "- ", "[", "]", "{", "}", ",", "&x ", "*x", "'", "\"", "|", ">", "#", "---", "\t", "é", "名", "\\", "?", "!!str ",
            "  ", "1", "~",
        ]
        await propertyCheck(count: 2000, input: Gen.int(in: 0...(pieces.count - 1)).array(of: 0...40)) { indices in
            let text = indices.map { pieces[$0] }.joined()
            do {
                let node = try YAMLTree.compose(yaml: text)
                // What composed can be walked whole.
                if let node { #expect(Self.count(node) >= 1) }
            } catch let error as YAMLError {
                #expect(!error.description.isEmpty)
                #expect(error.mark.map { $0.line >= 1 && $0.column >= 1 } ?? true)
            } catch {
                Issue.record("not a YAMLError: \(error)")
            }
        }
    }

    private static func count(_ node: YAMLNode) -> Int {
        switch node.content {
        case .scalar: 1
        case .sequence(let items): 1 + items.reduce(0) { $0 + count($1) }
        case .mapping(let mapping): 1 + mapping.reduce(0) { $0 + count($1.key) + count($1.value) }
        }
    }
}
