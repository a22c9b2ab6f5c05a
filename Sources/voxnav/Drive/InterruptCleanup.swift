import Dispatch
import Foundation

/// Ctrl-C during a drive: the private sound server is a daemon of its own (it would outlive us) and
/// the recording needs its WAV header, so both are finished before the process exits.
final class InterruptCleanup: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    private let lock = NSLock()
    private var cleanups: [() -> Void] = []

    static let shared = InterruptCleanup()

    private init() {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [self] in
                FileHandle.standardError.write(Data("\ninterrupted: stopping the daemon and the sound server\n".utf8))
                for cleanup in lock.withLock({ cleanups.reversed() }) { cleanup() }
                exit(130)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Runs `cleanup` if the drive is interrupted (the last added first).
    func add(_ cleanup: @escaping () -> Void) {
        lock.withLock { cleanups.append(cleanup) }
    }

    /// The drive is over: nothing left to clean up on an interrupt.
    func removeAll() { lock.withLock { cleanups.removeAll() } }
}
