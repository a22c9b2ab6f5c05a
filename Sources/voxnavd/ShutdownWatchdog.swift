import Dispatch
import FoundationEssentials
import Glibc
import ProcessSupport

/// SIGTERM ends voxnavd within 2 s, whatever the sound server or the process's own tasks do. The
/// graceful path (`DaemonService`) restores sources within the ServiceGroup's 1.5 s graceful-shutdown
/// limit, past which the server is given up; this watchdog keeps the promise where tasks cannot: it runs on a dispatch queue of its own, not on
/// Swift's cooperative threads, so threads held up elsewhere (a loaded machine, a call stuck in a
/// library) cannot delay it, and it leaves with `_exit`, which runs no exit handler that could wait.
/// What is still ducked stays in the journal, and the next voxnavd restores it.
final class ShutdownWatchdog {
    /// From the first SIGTERM or SIGINT to the hard exit.
    static let limit: DispatchTimeInterval = .milliseconds(1900)

    private let queue = DispatchQueue(label: "voxnavd.shutdown-watchdog")
    private let sources: [any DispatchSourceSignal]

    init() {
        let queue = self.queue
        sources = [SIGTERM, SIGINT].map { signal in
            let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
            source.setEventHandler {
                queue.asyncAfter(deadline: .now() + Self.limit) {
                    StandardStream.writeError(
                        "voxnavd: still running 1.9 s after the signal to stop: leaving now; the next voxnavd restores what is left from the journal\n")
                    _exit(1)
                }
            }
            source.resume()
            return source
        }
    }
}
