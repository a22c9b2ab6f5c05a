import FoundationEssentials
import Glibc
import Synchronization

/// Gives the heap's free memory back to the system (glibc's `malloc_trim`) once a burst of requests
/// has settled. After a flood the allocator keeps the pages it grew into, spread over its arenas:
/// without this, the flood's peak stays in the daemon's RSS after its clients have gone.
///
/// Settling is signalled (no request in flight, a connection ended); the trim comes once a second
/// has passed without another signal, so that what the clients' going frees is given back too,
/// and only when at least `burst` requests were handled or connections ended since the last trim
/// (a trim walks the whole heap).
final class MemoryTrim: Sendable {
    private typealias Trim = @convention(c) (Int) -> Int32

    /// `malloc_trim`, looked up once (it is glibc's, not in the Swift module's headers); nil elsewhere.
    private static let trim: Trim? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim").map { unsafeBitCast($0, to: Trim.self) }

    static let standardBurst = 64
    static let delay = Duration.seconds(1)

    let burst: Int
    private let handled = Atomic<Int>(0)
    private let signals = Atomic<Int>(0)
    private let settled: AsyncStream<Void>
    private let signal: AsyncStream<Void>.Continuation

    init(burst: Int = standardBurst) {
        self.burst = burst
        (settled, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// One more request handled.
    func requestHandled() { handled.add(1, ordering: .relaxed) }

    /// A connection ended: what it held is freed, and the daemon may have settled.
    func connectionEnded() {
        handled.add(1, ordering: .relaxed)
        mightHaveSettled()
    }

    /// The daemon may have settled: nothing in flight, or a connection ended.
    func mightHaveSettled() {
        signals.add(1, ordering: .relaxed)
        signal.yield()
    }

    /// Trims once at once, then after each settling that follows a burst, until `finish()`.
    func run() async {
        // What starting freed (the phrase packs' regular expressions, checked and let go) goes back now.
        _ = Self.trim?(0)
        for await _ in settled {
            // Quiet for `delay`: no other signal meanwhile.
            var seen = signals.load(ordering: .relaxed)
            while true {
                try? await Task.sleep(for: Self.delay)
                let now = signals.load(ordering: .relaxed)
                if now == seen || Task.isCancelled { break }
                seen = now
            }
            guard handled.load(ordering: .relaxed) >= burst else { continue }
            handled.store(0, ordering: .relaxed)
            _ = Self.trim?(0)
        }
    }

    /// Ends `run()`.
    func finish() { signal.finish() }
}
