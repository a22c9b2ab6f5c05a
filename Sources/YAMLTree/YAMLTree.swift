import CYAML

/// Composes YAML text into a tree of `YAMLNode`s with Debian's libyaml (its event parser), without
/// Foundation. Aliases share their anchor's node; a document whose aliases would add more than
/// `maximumAliasedNodes` nodes or `maximumAliasedBytes` bytes of scalars to it (each alias counted
/// as all its anchor stands for), or expand it past `maximumExpandedNodes`, is refused, so that a
/// reader walking it walks at most a little more than the text as written; and so is one nested
/// deeper than `maximumDepth`, which a reader (or the tree's own release) walking it by recursion
/// could not reach the bottom of.
public enum YAMLTree {
    public static let maximumExpandedNodes = 1_000_000
    /// What aliases may add: about what the smallest file read with this (a 256 KiB policy) could
    /// hold written out, so that no file costs a reader much more than one of its size cap written
    /// out (the shipped packs' aliases add about 60 nodes and 1 KiB each).
    public static let maximumAliasedNodes = 65_536
    public static let maximumAliasedBytes = 256 << 10
    public static let maximumDepth = 256

    /// The document of `yaml`; nil when the text holds none. A second document is an error.
    public static func compose(yaml: String) throws(YAMLError) -> YAMLNode? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { throw YAMLError(message: "libyaml could not start a parser", mark: nil) }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(yaml.utf8)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(YAMLError) -> YAMLNode? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var composer = Composer()
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { throw YAMLError(parser) }
                defer { yaml_event_delete(&event) }
                if try composer.take(&event) { return composer.root }
            }
        }
    }
}

/// Builds the tree from libyaml's events: the collections open at the moment, innermost last.
private struct Composer {
    private(set) var root: YAMLNode?
    private var documents = 0
    private var open: [OpenCollection] = []
    private var anchors: [String: (node: YAMLNode, size: Size)] = [:]
    /// The document so far with every alias expanded (what `open`'s sizes add up to, kept as they
    /// come instead of summed at each node), and what the aliases in it added.
    private var expanded = Size()
    private var aliased = Size()

    /// Nodes, and bytes of scalar text, of a node with its aliases expanded.
    private struct Size {
        var nodes = 0
        var bytes = 0

        static func + (a: Size, b: Size) -> Size { Size(nodes: a.nodes + b.nodes, bytes: a.bytes + b.bytes) }
    }

    private struct OpenCollection {
        let isMapping: Bool
        let mark: YAMLNode.Mark
        let anchor: String?
        var items: [YAMLNode] = []
        var size = Size(nodes: 1)
    }

    /// Takes one event; true at the end of the stream.
    mutating func take(_ event: inout yaml_event_t) throws(YAMLError) -> Bool {
        let mark = YAMLNode.Mark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        switch event.type {
        case YAML_STREAM_END_EVENT:
            return true
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 { throw YAMLError(message: "expected a single document, but found another", mark: mark) }
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: data.value, count: Int(data.length)), as: UTF8.self)
            let scalar = YAMLNode.Scalar(text, style: Self.style(data.style))
            let size = Size(nodes: 1, bytes: Int(data.length))
            try count(size, at: mark)
            add(YAMLNode(.scalar(scalar), mark: mark), size: size, anchor: Self.text(data.anchor))
        case YAML_ALIAS_EVENT:
            let name = Self.text(event.data.alias.anchor) ?? ""
            guard let anchored = anchors[name] else {
                throw YAMLError(message: "unknown alias '\(String(name.prefix(80)))'", mark: mark)
            }
            try count(anchored.size, aliased: true, at: mark)
            add(anchored.node, size: anchored.size, anchor: nil)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            guard open.count < YAMLTree.maximumDepth else {
                throw YAMLError(message: "nested deeper than \(YAMLTree.maximumDepth) levels", mark: mark)
            }
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let anchor = Self.text(isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
            try count(Size(nodes: 1), at: mark)
            open.append(OpenCollection(isMapping: isMapping, mark: mark, anchor: anchor))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            let done = open.removeLast()
            let content: YAMLNode.Content =
                done.isMapping
                ? .mapping(YAMLNode.Mapping(stride(from: 0, to: done.items.count - 1, by: 2).map { (done.items[$0], done.items[$0 + 1]) }))
                : .sequence(done.items)
            add(YAMLNode(content, mark: done.mark), size: done.size, anchor: done.anchor)
        default:
            break
        }
        return false
    }

    /// A finished node, into the collection it belongs to (or as the root).
    private mutating func add(_ node: YAMLNode, size: Size, anchor: String?) {
        if let anchor { anchors[anchor] = (node, size) }
        guard !open.isEmpty else {
            root = node
            return
        }
        open[open.count - 1].items.append(node)
        open[open.count - 1].size = open[open.count - 1].size + size
    }

    /// Counts `size` more of the expanded document (a collection opened, a scalar, an alias's anchor).
    /// Every count stays within the budgets, so an anchor's size, and their sums, cannot overflow.
    private mutating func count(_ size: Size, aliased isAlias: Bool = false, at mark: YAMLNode.Mark) throws(YAMLError) {
        expanded = expanded + size
        if isAlias { aliased = aliased + size }
        if aliased.nodes > YAMLTree.maximumAliasedNodes {
            throw YAMLError(message: "its aliases add over \(YAMLTree.maximumAliasedNodes) nodes to the document", mark: mark)
        }
        if aliased.bytes > YAMLTree.maximumAliasedBytes {
            throw YAMLError(message: "its aliases add over \(YAMLTree.maximumAliasedBytes >> 10) KiB of text to the document", mark: mark)
        }
        if expanded.nodes > YAMLTree.maximumExpandedNodes {
            throw YAMLError(message: "the document expands to over \(YAMLTree.maximumExpandedNodes) nodes through its aliases", mark: mark)
        }
    }

    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func style(_ style: yaml_scalar_style_t) -> YAMLNode.Scalar.Style {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }
}
