import Foundation

/// Serialises every test that uses the one shared PulseAudio server, across suites and test targets,
/// so that one test's streams never show up in another's capture.
///
/// With `VOXNAV_LOCK_LOG` set, each hold is printed with its caller, how long it waited and how long
/// it held the server: the parts' run time is nearly the sum of the holds.
public actor AudioServerLock {
    public static let shared = AudioServerLock()
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private static let logs = ProcessInfo.processInfo.environment["VOXNAV_LOCK_LOG"] != nil

    public func withLock<T: Sendable>(
        fileID: String = #fileID, line: Int = #line, _ body: @Sendable () async throws -> T
    ) async rethrows -> T {
        let asked = ContinuousClock.now
        await acquire()
        let got = ContinuousClock.now
        defer {
            release()
            if Self.logs {
                let tenths = { (span: Duration) in Double(Int(span / .milliseconds(100))) / 10 }
                print("AudioServerLock: held \(tenths(ContinuousClock.now - got)) s by \(fileID):\(line) (waited \(tenths(got - asked)) s)")
            }
        }
        return try await body()
    }

    private func acquire() async {
        if !busy {
            busy = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func release() {
        if waiters.isEmpty { busy = false } else { waiters.removeFirst().resume() }
    }
}
