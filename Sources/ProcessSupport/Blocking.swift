import Glibc

/// Waits that hold the calling thread: for programs' own threads, never for Swift's cooperative pool.
public enum Blocking {
    /// Sleeps for `seconds`.
    public static func sleep(_ seconds: Double) {
        guard seconds > 0 else { return }
        var asked = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var left = timespec()
        while nanosleep(&asked, &left) != 0 && errno == EINTR { asked = left }
    }

    /// Calls `body` every `interval` until it is true or `seconds` have passed; true if it became true.
    public static func wait(seconds: Double, interval: Double = 0.02, until body: () -> Bool) -> Bool {
        let deadline = now() + seconds
        repeat {
            if body() { return true }
            sleep(interval)
        } while now() < deadline
        return body()
    }

    /// A monotonic clock's seconds.
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
