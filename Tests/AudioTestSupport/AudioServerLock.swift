import Foundation

/// Serialises every test that uses the one shared PulseAudio server, across suites and test targets,
/// so that one test's streams never show up in another's capture.
///
/// With `VOXNAV_LOCK_LOG` set, each hold is printed with its caller, how long it waited and how long
/// it held the server: the parts' run time is nearly the sum of the holds.
///
/// A hold longer than two minutes is printed as it goes on, whatever the setting: every other test of
/// the part waits behind it, so a test that hangs would otherwise be named only among all the tests
/// that never finished when scripts/test stops the part.
public actor AudioServerLock {
    public static let shared = AudioServerLock()
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private static let logs = ProcessInfo.processInfo.environment["VOXNAV_LOCK_LOG"] != nil

    public func withLock<T: Sendable>(
        fileID: String = #fileID, line: Int = #line, _ body: @Sendable () async throws -> T
    ) async throws -> T {
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
        return try await withoutActuallyEscaping(body) { body in
            try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask { try await body() }
                group.addTask {
                    await Self.reportLongHold(by: "\(fileID):\(line)", since: got)
                    return nil
                }
                defer { group.cancelAll() }
                while let result = try await group.next() {
                    if let result { return result }
                }
                preconditionFailure("the held body ended without a result")
            }
        }
    }

    /// Prints the holder every minute from its second, until cancelled.
    private static func reportLongHold(by holder: String, since got: ContinuousClock.Instant) async {
        var after = Duration.seconds(120)
        while (try? await Task.sleep(until: got + after)) != nil {
            print("AudioServerLock: \(holder) has held the server for \(after.components.seconds) s")
            after += .seconds(60)
        }
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
