import DriveSimulation
import Foundation
import RPC

/// Shows how far a drive is: a bar redrawn in place on a terminal, a plain line every tenth of the
/// drive otherwise (logs, CI). Written to standard error, so standard output keeps the summary.
final class DriveProgress: @unchecked Sendable {
    private let total: Double
    private let label: String
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let lock = NSLock()
    private var prompts = 0
    private var lastDecile = -1
    private var lastDraw = Date.distantPast
    private let enabled: Bool

    init(total: Double, label: String, enabled: Bool) {
        self.total = max(total, 0.001)
        self.label = label
        self.enabled = enabled
    }

    /// Counts the prompts heard so far (events arrive on another thread).
    func observe(_ event: DriveEvent) {
        guard event.eventType == .promptStarted else { return }
        lock.withLock { prompts += 1 }
    }

    /// The drive has reached `time` seconds.
    func update(_ time: Double) {
        guard enabled else { return }
        let fraction = min(1, max(0, time / total))
        let heard = lock.withLock { prompts }
        if isTerminal {
            // Redrawing more often than 20 times a second only costs time on a fast virtual drive.
            guard Date().timeIntervalSince(lastDraw) > 0.05 || fraction >= 1 else { return }
            lastDraw = Date()
            let width = 30
            let filled = Int((fraction * Double(width)).rounded(.down))
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
            FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(Self.clock(time)) / \(Self.clock(total))  \(heard) prompts ".utf8))
        } else {
            let decile = Int((fraction * 10).rounded(.down))
            guard decile > lastDecile else { return }
            lastDecile = decile
            FileHandle.standardError.write(Data("\(label): \(Self.clock(time)) of \(Self.clock(total)) (\(decile * 10) %), \(heard) prompts\n".utf8))
        }
    }

    func finish() {
        guard enabled, isTerminal else { return }
        FileHandle.standardError.write(Data("\n".utf8))
    }

    /// m:ss or h:mm:ss.
    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.down))
        let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60)
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
    }
}
