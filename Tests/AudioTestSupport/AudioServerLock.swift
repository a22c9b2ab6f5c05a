import Foundation

/// Serialises the tests that use the one shared PulseAudio server, across suites and test targets,
/// so that one test's streams never show up in another's capture.
///
/// A test holds the server in one of two ways (`Use`): alone, the default, or beside others that
/// only play into it. Those go first, a few at a time; a test alone waits until none holds it.
///
/// With `VOXNAV_LOCK_LOG` set, each hold is printed with its caller, its use, how long it waited and
/// how long it held the server: a part's run time is nearly the sum of the holds alone and of the
/// spans in which some test that plays only holds it.
///
/// A hold longer than two minutes is printed as it goes on, whatever the setting: every other test of
/// the part waits behind it, so a test that hangs would otherwise be named only among all the tests
/// that never finished when scripts/test stops the part.
public actor AudioServerLock {
    /// How a test uses the server while it holds it.
    public enum Use: Sendable, Equatable {
        /// It reads the server back (streams, volumes, what `car.monitor` hears), starts a stream
        /// of another program (which every daemon would manage), or times or weighs the daemon.
        case alone
        /// Its daemons play into the server and it reads only what they answer and tell it: their
        /// replies, events and `state.get`. VoxNav's own streams are left alone by every daemon
        /// (the policy's `classify:`), so such tests cannot see each other.
        case playsOnly
    }

    public static let shared = AudioServerLock()
    /// How many tests that play only hold the server at once: each is a daemon synthesising on two
    /// cores shared with the other lanes of scripts/test.
    static let besideEachOther = 3
    private var alone = false
    private var playing = 0
    private var waiters: [(use: Use, wake: CheckedContinuation<Void, Never>)] = []
    private static let logs = ProcessInfo.processInfo.environment["VOXNAV_LOCK_LOG"] != nil

    public func withLock<T: Sendable>(
        _ use: Use = .alone, fileID: String = #fileID, line: Int = #line, _ body: @Sendable () async throws -> T
    ) async throws -> T {
        let asked = ContinuousClock.now
        await acquire(use)
        let got = ContinuousClock.now
        defer {
            release(use)
            if Self.logs {
                let tenths = { (span: Duration) in Double(Int(span / .milliseconds(100))) / 10 }
                print("AudioServerLock: held \(tenths(ContinuousClock.now - got)) s by \(fileID):\(line) (\(use), waited \(tenths(got - asked)) s)")
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

    private func acquire(_ use: Use) async {
        await withCheckedContinuation {
            waiters.append((use, $0))
            wakeWhoCanGo()
        }
    }

    private func release(_ use: Use) {
        if use == .alone { alone = false } else { playing -= 1 }
        wakeWhoCanGo()
    }

    /// The tests that play only go first, side by side; a test alone goes once none holds the
    /// server nor waits to play into it.
    private func wakeWhoCanGo() {
        while !alone, playing < Self.besideEachOther, let next = waiters.firstIndex(where: { $0.use == .playsOnly }) {
            playing += 1
            waiters.remove(at: next).wake.resume()
        }
        if !alone, playing == 0, let next = waiters.firstIndex(where: { $0.use == .alone }) {
            alone = true
            waiters.remove(at: next).wake.resume()
        }
    }
}
