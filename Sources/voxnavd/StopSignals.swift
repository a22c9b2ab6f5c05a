import Dispatch
import FoundationEssentials
import Glibc
import ProcessSupport

/// The signals that stop voxnavd, each as SIGTERM does: every source restored (`DaemonService`), then
/// an exit within 2 s whatever the sound server or the process's own tasks do. A signal left to its
/// default action would end the daemon with other programs' streams still ducked or muted (SIGHUP,
/// SIGUSR1, SIGUSR2), or, for SIGQUIT, wake the Swift runtime's crash handler, which printed a
/// backtrace, left the daemon running and one of its threads spinning; a dispatch source takes the
/// signal from both. They are taken from the start of `run()`: one that comes before the services run
/// shuts them down as soon as they start.
///
/// The graceful path restores sources within the ServiceGroup's 1.5 s graceful-shutdown limit, past
/// which the server is given up; the hard exit keeps the promise where tasks cannot: it runs on a
/// dispatch queue of its own, not on Swift's cooperative threads, so threads held up elsewhere (a
/// loaded machine, a call stuck in a library) cannot delay it, and it leaves with `_exit`, which runs
/// no exit handler that could wait. What is still ducked stays in the journal, and the next voxnavd
/// restores it.
final class StopSignals {
    /// SIGTERM and SIGINT ask voxnavd to stop: status 0. The others are not how it is stopped (a
    /// terminal hung up, a stray `kill -USR1`, a request for a core dump): it stops cleanly all the same,
    /// and exits with 128 + the signal's number, a failure, so that `Restart=on-failure` starts it again.
    static let requests: [Int32] = [SIGTERM, SIGINT]
    static let others: [Int32] = [SIGHUP, SIGUSR1, SIGUSR2, SIGQUIT]

    /// From the first signal to the hard exit.
    static let limit: DispatchTimeInterval = .milliseconds(1900)

    /// The first signal, as it comes: it starts the graceful shutdown.
    let first: AsyncStream<Int32>

    private let queue = DispatchQueue(label: "voxnavd.stop-signals")
    private let sources: [any DispatchSourceSignal]

    /// `record` keeps the first signal, for the exit status.
    init(record: ShutdownRecord) {
        let queue = self.queue
        let (first, continuation) = AsyncStream.makeStream(of: Int32.self)
        self.first = first
        sources = (Self.requests + Self.others).map { signal in
            let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
            source.setEventHandler {
                guard record.stopped(by: signal) else { return }
                continuation.yield(signal)
                continuation.finish()
                queue.asyncAfter(deadline: .now() + Self.limit) {
                    // Every source restored, only the teardown was slow (a loaded machine): the exit
                    // status is the signal's own, as after a clean shutdown.
                    guard !record.didRestoreEverySource else {
                        StandardStream.writeError("voxnavd: every source restored; still running 1.9 s after \(Self.name(of: signal)): leaving now\n")
                        _exit(Self.exitStatus(after: signal))
                    }
                    StandardStream.writeError(
                        "voxnavd: still running 1.9 s after \(Self.name(of: signal)): leaving now; the next voxnavd restores what is left from the journal\n")
                    _exit(1)
                }
            }
            source.resume()
            return source
        }
    }

    /// The exit status after a clean shutdown on `signal`.
    static func exitStatus(after signal: Int32) -> Int32 {
        requests.contains(signal) ? 0 : 128 + signal
    }

    static func name(of signal: Int32) -> String {
        switch signal {
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        case SIGHUP: "SIGHUP"
        case SIGUSR1: "SIGUSR1"
        case SIGUSR2: "SIGUSR2"
        case SIGQUIT: "SIGQUIT"
        default: "signal \(signal)"
        }
    }
}
