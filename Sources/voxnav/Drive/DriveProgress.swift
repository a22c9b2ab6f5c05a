import DriveSimulation
import FoundationEssentials
import RPC
import Synchronization

/// How far one drive is: the drive time reached and the prompts heard so far, shown by its run's
/// `ProgressBoard`. Told from the drive's thread (time) and the event collector's (prompts).
final class DriveProgress: @unchecked Sendable {
    let label: String
    let total: Double
    private let board: ProgressBoard
    private let lock = Mutex(())
    private var state = (time: 0.0, prompts: 0, tenth: -1)

    init(label: String, total: Double, board: ProgressBoard) {
        self.label = label
        self.total = total
        self.board = board
    }

    /// Counts the prompts heard so far.
    func observe(_ event: EventRecord) {
        guard event.type == .promptStarted else { return }
        lock.withLock { _ in state.prompts += 1 }
    }

    /// The drive has reached `time` seconds.
    func update(_ time: Double) {
        let (prompts, newTenth) = lock.withLock { _ -> (Int, Bool) in
            state.time = time
            let tenth = DriveProgressText.tenth(time: time, total: total)
            defer { state.tenth = max(state.tenth, tenth) }
            return (state.prompts, tenth > state.tenth)
        }
        board.changed(self, time: time, prompts: prompts, newTenth: newTenth)
    }

    /// Drive time and prompts now.
    var snapshot: (time: Double, prompts: Int) { lock.withLock { _ in (state.time, state.prompts) } }

    /// The drive is over: its bar goes.
    func finish() { board.remove(self) }
}
