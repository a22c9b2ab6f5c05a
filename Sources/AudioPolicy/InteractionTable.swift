/// The interaction matrix: `action(incoming:holder:)` says what a participant that starts (the incoming one)
/// does to one already there (the holder). Every pair has an entry; the table is data, read from the policy file.
public struct InteractionTable: Hashable, Sendable, Codable {
    /// rows[incoming][holder]
    public private(set) var rows: [FocusRole: [FocusRole: InteractionAction]]

    /// A table with `fill` everywhere.
    public init(fill: InteractionAction = .concurrent) {
        let row = Dictionary(uniqueKeysWithValues: FocusRole.allCases.map { ($0, fill) })
        rows = Dictionary(uniqueKeysWithValues: FocusRole.allCases.map { ($0, row) })
    }

    public func action(incoming: FocusRole, holder: FocusRole) -> InteractionAction {
        rows[incoming]?[holder] ?? .concurrent
    }

    public subscript(incoming: FocusRole, holder: FocusRole) -> InteractionAction {
        get { action(incoming: incoming, holder: holder) }
        set { rows[incoming, default: [:]][holder] = newValue }
    }

    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode([String: [String: InteractionAction]].self)
        self.init()
        for (incoming, row) in raw {
            guard let i = FocusRole(rawValue: incoming) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown kind '\(incoming)'"))
            }
            for (holder, action) in row {
                guard let h = FocusRole(rawValue: holder) else {
                    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown kind '\(holder)'"))
                }
                self[i, h] = action
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var raw: [String: [String: InteractionAction]] = [:]
        for (incoming, row) in rows {
            raw[incoming.rawValue] = Dictionary(uniqueKeysWithValues: row.map { ($0.key.rawValue, $0.value) })
        }
        var container = encoder.singleValueContainer()
        try container.encode(raw)
    }
}

extension InteractionTable {
    /// The matrix as a Markdown table (rows: incoming, columns: holder), for docs/POLICY.md.
    public var markdown: String {
        let roles = FocusRole.allCases
        var lines = ["| incoming ↓ / holder → | " + roles.map(\.rawValue).joined(separator: " | ") + " |"]
        lines.append("|---|" + roles.map { _ in "---" }.joined(separator: "|") + "|")
        for incoming in roles {
            let cells = roles.map { self[incoming, $0].description }
            lines.append("| **\(incoming.rawValue)** | " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }
}
