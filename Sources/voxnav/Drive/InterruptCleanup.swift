import Dispatch
import Foundation

/// Ctrl-C during a drive: the private sound server is a daemon of its own (it would outlive us) and
/// the recording needs its WAV header, so both are finished before the process exits.
final class InterruptCleanup: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    private let lock = NSLock()
    private var cleanups: [(token: Int, run: () -> Void)] = []
    private var nextToken = 0

    static let shared = InterruptCleanup()

    private init() {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [self] in
                FileHandle.standardError.write(Data("\ninterrupted: stopping the daemon and the sound server\n".utf8))
                for cleanup in lock.withLock({ cleanups.reversed() }) { cleanup.run() }
                exit(130)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Runs `cleanup` if the run is interrupted (the last added first); the token takes it back.
    @discardableResult
    func add(_ cleanup: @escaping () -> Void) -> Int {
        lock.withLock {
            nextToken += 1
            cleanups.append((nextToken, cleanup))
            return nextToken
        }
    }

    /// A drive is over: its cleanups are not needed any more (other drives of the run keep theirs).
    func remove(_ tokens: [Int]) { lock.withLock { cleanups.removeAll { tokens.contains($0.token) } } }
}
