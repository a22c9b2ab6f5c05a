import Foundation
import PulseAudio

/// The journal on disk (next to the socket): the duck journal, written before every change it
/// records, and the simulated sources the daemon runs, so that the next daemon can undo what a
/// killed one left ducked or muted and start its sources again where they were. The
/// `FocusExecutor` owns it and is its one writer.
struct JournalFile: Sendable {
    /// What the file holds. The duck journal's members are at the top level, as before sources were
    /// journalled, so that a journal written by an older daemon still reads.
    struct Contents: Codable, Equatable {
        var ducks = DuckJournal()
        /// In the order they were started (the policy's decisions depend on it).
        var sources: [SimulatedSourceRecord] = []

        init() {}

        private enum CodingKeys: String, CodingKey { case sources }

        init(from decoder: any Decoder) throws {
            ducks = try DuckJournal(from: decoder)
            sources = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent([SimulatedSourceRecord].self, forKey: .sources) ?? []
        }

        func encode(to encoder: any Encoder) throws {
            try ducks.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(sources, forKey: .sources)
        }

        var isEmpty: Bool { ducks.isEmpty && sources.isEmpty }
    }

    let path: String
    /// What was last written.
    private var written = Contents()

    init(path: String) { self.path = path }

    mutating func save(_ journal: DuckJournal) { update { $0.ducks = journal } }

    mutating func save(sources: [SimulatedSourceRecord]) { update { $0.sources = sources } }

    private mutating func update(_ change: (inout Contents) -> Void) {
        var next = written
        change(&next)
        guard next != written else { return }
        written = next
        write(next)
    }

    private func write(_ contents: Contents) {
        if contents.isEmpty {
            try? FileManager.default.removeItem(atPath: path)
            return
        }
        guard let data = try? JSONEncoder().encode(contents) else { return }
        // Write then rename: a crash mid-write never leaves half a journal.
        let temporary = path + ".tmp"
        if FileManager.default.createFile(atPath: temporary, contents: data) {
            _ = rename(temporary, path)
        }
    }

    func load() -> Contents? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(Contents.self, from: data)
    }

    /// What a previous daemon left (its ducks to undo, its sources to start again), taken off the
    /// disk: whoever takes it undoes it.
    func takeOver() -> Contents? {
        let contents = load()
        try? FileManager.default.removeItem(atPath: path)
        return contents
    }
}
