import Dispatch
import FoundationEssentials
import Glibc
import ProcessSupport
import Synchronization

/// Ctrl-C during a drive: the private sound server is a daemon of its own (it would outlive us) and
/// the recording needs its WAV header, so both are finished before the process exits.
final class InterruptCleanup: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    private let lock = Mutex(())
    private var cleanups: [(token: Int, run: () -> Void)] = []
    private var nextToken = 0

    static let shared = InterruptCleanup()

    private init() {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [self] in
                StandardStream.writeError("\ninterrupted: stopping the daemon and the sound server\n")
                for cleanup in lock.withLock({ _ in cleanups.reversed() }) { cleanup.run() }
                exit(130)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Runs `cleanup` if the run is interrupted (the last added first); the token takes it back.
    @discardableResult
    func add(_ cleanup: @escaping () -> Void) -> Int {
        lock.withLock { _ in
            nextToken += 1
            cleanups.append((nextToken, cleanup))
            return nextToken
        }
    }

    /// A drive is over: its cleanups are not needed any more (other drives of the run keep theirs).
    func remove(_ tokens: [Int]) { lock.withLock { _ in cleanups.removeAll { tokens.contains($0.token) } } }
}
