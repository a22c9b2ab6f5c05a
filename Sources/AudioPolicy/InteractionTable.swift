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
    /// The CarPlay rules (docs/POLICY.md, "The interaction matrix"). Rows: incoming; columns: holder, in `FocusRole.allCases` order.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // One letter per action keeps the matrix below readable as a table.
    public static let carPlay: InteractionTable = {
        let C = InteractionAction.concurrent
        let D = InteractionAction.duck(dB: nil)
        let P = InteractionAction.pause
        let S = InteractionAction.stop
        let R = InteractionAction.reject
        // Holder columns:    radio music spoken vmail call  vaLis vaSpk chime nav | prompt duck  spInt mix  excl  rec
        let rows: [FocusRole: [InteractionAction]] = [
            // The user picks the radio: the phone's media loses the main audio for good; calls and the
            // assistant keep it; prompts still mix on their own channel.
            .fmRadio: [C, S, S, S, R, R, R, C, C, C, C, C, C, P, C],
            // Phone media takes the main audio: the radio and other media stop; held during calls and assistant.
            .music: [S, S, S, S, R, R, R, C, C, C, C, C, C, S, P],
            .spokenAudio: [S, S, S, S, R, R, R, C, C, C, C, C, C, S, P],
            // A voicemail is brief: other media pause and come back after it.
            .voicemail: [P, P, P, S, R, R, R, C, C, C, C, C, C, P, P],
            // A call interrupts all media and the assistant; prompts stay (as a short tone); chimes stay.
            .phoneCall: [P, P, P, P, C, S, S, C, C, C, P, P, P, P, S],
            // The assistant listening: media pause, the car's guidance dips, a prompt in progress is cancelled.
            .voiceAssistantListening: [P, P, P, P, R, C, C, C, D, S, P, P, P, P, S],
            .voiceAssistantSpeaking: [P, P, P, P, R, C, C, C, D, D, P, P, P, P, P],
            // Chimes are safety sounds: music dips under them; speech is not ducked (it would be lost).
            .vehicleChime: [D, D, C, C, C, C, C, C, C, C, D, D, D, D, C],
            // The car's own guidance cancels the app's guidance at once and dips the phone's audio.
            .nativeNavigation: [D, D, P, P, C, C, C, C, C, S, D, D, D, D, C],
            // The CarPlay prompt: ducks music and radio, pauses spoken audio, mixes with calls (as a tone),
            // chimes and the assistant's speech; never over an open microphone or the car's own guidance.
            .voicePrompt: [D, D, P, P, C, R, C, C, R, C, D, D, D, D, R],
            .duckingPlayback: [D, D, D, D, R, R, R, C, C, C, C, D, D, D, D],
            .spokenInterruptingPlayback: [C, C, P, P, R, R, R, C, C, C, C, C, C, C, C],
            .mixingPlayback: [C, C, C, C, R, R, C, C, C, C, C, C, C, C, C],
            // Not mixing: stops the car's radio (a guideline violation), interrupts the phone's media.
            .exclusivePlayback: [S, P, P, P, R, R, R, C, C, C, P, P, P, S, P],
            // Recording in the car: takes the mic from the assistant and other recorders, silences media.
            .recording: [P, P, P, P, R, R, R, C, D, S, P, P, P, P, S],
        ]
        var table = InteractionTable()
        for (incoming, actions) in rows {
            precondition(actions.count == FocusRole.allCases.count, "row \(incoming) is incomplete")
            for (holder, action) in zip(FocusRole.allCases, actions) { table[incoming, holder] = action }
        }
        return table
    }()

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
