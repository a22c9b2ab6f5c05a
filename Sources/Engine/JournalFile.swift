import Foundation
import Logging
import PulseAudio

/// The duck journal on disk (next to the socket), written before every change it records, so that
/// the next daemon can undo what a killed one left ducked or muted.
struct JournalFile: Sendable {
    let path: String

    func save(_ journal: DuckJournal) {
        if journal.isEmpty {
            try? FileManager.default.removeItem(atPath: path)
            return
        }
        guard let data = try? JSONEncoder().encode(journal) else { return }
        // Write then rename: a crash mid-write never leaves half a journal.
        let temporary = path + ".tmp"
        if FileManager.default.createFile(atPath: temporary, contents: data) {
            _ = rename(temporary, path)
        }
    }

    func load() -> DuckJournal? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(DuckJournal.self, from: data)
    }

    /// Undoes what a previous daemon left: volumes back to their journalled level (unless the user
    /// changed them since), mutes lifted, on the streams that are still there and still the same.
    func recover(on connection: PulseConnection, logger: Logger) async {
        guard let journal = load() else { return }
        for (index, entry) in journal.streams {
            guard let input = try? await connection.sinkInput(index: index),
                  entry.identity.allSatisfy({ input.properties[$0.key] == $0.value }) else { continue }
            if let target = journal.restoreTarget(of: index, current: input.volume) {
                try? await connection.setSinkInputVolume(index: index, to: target)
            }
            if entry.muted { try? await connection.requestCork(sinkInput: index, corked: false) }
            logger.notice("restored sink input \(index) left ducked or muted by a previous daemon")
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}
