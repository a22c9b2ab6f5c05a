import DriveSimulation
import FoundationEssentials
import Glibc
import ProcessSupport
import Synchronization
import TextFormat

/// The progress of a run's drives on standard error, so standard output keeps the results: on a
/// terminal a bar per running drive, redrawn in place at most 20 times a second; otherwise a plain
/// line each time a drive passes a tenth of its length (logs, CI); or nothing (`--quiet`).
final class ProgressBoard: @unchecked Sendable {
    enum Mode { case off, terminal, lines }

    let mode: Mode
    private let lock = Mutex(())
    private var running: [DriveProgress] = []
    private var drawnRows = 0
    private var lastDraw = Date.distantPast

    init(mode: Mode) { self.mode = mode }

    /// Bars when standard error is a terminal, plain lines when not.
    static func standardError(quiet: Bool) -> ProgressBoard {
        ProgressBoard(mode: quiet ? .off : isatty(STDERR_FILENO) == 1 ? .terminal : .lines)
    }

    /// A drive starts: `label` names it on its bar or lines.
    func add(label: String, total: Double) -> DriveProgress {
        let progress = DriveProgress(label: label.escapingControlCharacters(), total: total, board: self)
        lock.withLock { _ in
            running.append(progress)
            if mode == .terminal { draw() }
        }
        return progress
    }

    func changed(_ progress: DriveProgress, time: Double, prompts: Int, newTenth: Bool) {
        switch mode {
        case .off: return
        case .lines:
            guard newTenth else { return }
            let line = DriveProgressText.line(label: progress.label, time: time, total: progress.total, prompts: prompts)
            lock.withLock { _ in StandardStream.writeError(line + "\n") }
        case .terminal:
            lock.withLock { _ in
                // Redrawing more often only costs time on a fast virtual drive; the end is always drawn.
                guard Date().timeIntervalSince(lastDraw) > 0.05 || time >= progress.total else { return }
                draw()
            }
        }
    }

    func remove(_ progress: DriveProgress) {
        lock.withLock { _ in
            running.removeAll { $0 === progress }
            if mode == .terminal { draw() }
        }
    }

    /// Writes `text` to standard output above the bars, which are drawn again below it.
    func print(_ text: String) {
        lock.withLock { _ in
            if mode == .terminal && drawnRows > 0 {
                StandardStream.writeError(DriveProgressText.frame(previousRows: drawnRows, rows: []))
                drawnRows = 0
            }
            fflush(nil)  // what print() buffered goes first
            TerminalText.writeOutput(text + "\n")
            if mode == .terminal { draw() }
        }
    }

    /// Called with the lock held.
    private func draw() {
        let width = min(32, running.map(\.label.count).max() ?? 0)
        let rows = running.map { progress in
            let now = progress.snapshot
            return DriveProgressText.bar(label: progress.label, time: now.time, total: progress.total, prompts: now.prompts, labelWidth: width)
        }
        StandardStream.writeError(DriveProgressText.frame(previousRows: drawnRows, rows: rows))
        drawnRows = rows.count
        lastDraw = Date()
    }
}
