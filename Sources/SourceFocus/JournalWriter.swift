import Logging
import RPC

/// The journal file as the `FocusExecutor` writes it: each write, unless the sound server was given
/// up, and a streak of failed writes logged and told (`journal.failing`, `journal.recovered`) once,
/// at its start and at its end. A part of the executor, in its isolation.
struct JournalWriter {
    /// Where the journal is kept between daemons; nil keeps it in memory only.
    private var file: JournalFile?
    private let logger: Logger
    /// Where `journal.failing` and `journal.recovered` are told (the engine's subscribers).
    private let tell: @Sendable (EngineEvent) -> Void

    init(file: JournalFile?, logger: Logger, tell: @escaping @Sendable (EngineEvent) -> Void) {
        self.file = file
        self.logger = logger
        self.tell = tell
    }

    /// Why the journal cannot be written now, if it cannot: other programs' streams are then left as
    /// they are (not ducked, paused or muted) until a write succeeds again.
    var problem: String? { file?.failure }

    /// Writes the journal file, unless the sound server was given up (`abandoned`: a shutdown out of
    /// time): from then on the file stays as it was, for the next daemon to undo, as if this one had
    /// been killed. Restores that fail because the server was given up are not written as done.
    mutating func write(abandoned: Bool, _ change: (inout JournalFile) -> JournalFile.WriteReport?) {
        guard var file, !abandoned else { return }
        let outcome = change(&file)
        self.file = file
        report(outcome)
    }

    /// What a previous daemon left in the journal file, taken off the disk (and where a bad one was moved).
    func takeOver() -> (found: JournalFile.Found, movedTo: String?) { file?.takeOver() ?? (.none, nil) }

    /// Logs and tells a streak of failed journal writes once, at its start, and its end.
    private func report(_ report: JournalFile.WriteReport?) {
        let path = file?.path ?? ""
        switch report {
        case .failing(let why):
            logger.error(
                "cannot write the journal: a daemon killed now would leave streams ducked (reported once until a write succeeds)",
                metadata: ["path": "\(path)", "why": "\(why)"])
            tell(
                .journalFailing(
                    reason: "cannot write the journal \(path) (\(why)): other programs' streams are neither ducked, paused nor muted until it can be"))
        case .recovered:
            logger.notice("the journal is written again", metadata: ["path": "\(path)"])
            tell(.journalRecovered(reason: "the journal \(path) is written again: other programs' streams are managed again"))
        case nil: break
        }
    }
}
