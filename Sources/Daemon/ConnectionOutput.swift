import AsyncSupport
import NIOCore
import Synchronization

/// What one connection has to write, in the order it was sent, and the back-pressure on its
/// reading: replies, notifications and events are handed over at once (`send`, from any thread) and
/// written by the connection's one writer (`write(to:)`). While more than `maxLines` lines or
/// `maxBytes` bytes wait, the connection reads nothing more (`waitForRoom`), so a client that does
/// not read what it is sent stops being served (the kernel's socket buffers fill and its own writes
/// block) instead of making the daemon hold its replies without bound.
final class ConnectionOutput: Sendable {
    /// Lines that may wait to be written before reading stops.
    static let maxLines = 128
    /// Bytes that may wait to be written before reading stops (a reply may be large: `state.get`).
    static let maxBytes = 1 << 20

    /// One line to write, and what to do around its writing.
    struct Line: Sendable {
        var bytes: ByteBuffer
        /// Written no sooner than this long after the last line that marked itself (SSIP's events
        /// after a message's `225`).
        var holdAfterMark: Duration?
        /// The line's writing starts the hold of the lines that follow.
        var marks = false
        /// Told once the line was written, or could not be.
        var written: (@Sendable () -> Void)?

        init(_ bytes: ByteBuffer, holdAfterMark: Duration? = nil, marks: Bool = false, written: (@Sendable () -> Void)? = nil) {
            self.bytes = bytes
            self.holdAfterMark = holdAfterMark
            self.marks = marks
            self.written = written
        }
    }

    private struct State {
        var lines = 0
        var bytes = 0
        var waiters: [OneShot<Void>] = []
        var isFull: Bool { lines >= ConnectionOutput.maxLines || bytes >= ConnectionOutput.maxBytes }
    }

    private let state = Mutex(State())
    private let queue: AsyncStream<Line>
    private let queued: AsyncStream<Line>.Continuation

    init() {
        (queue, queued) = AsyncStream.makeStream(of: Line.self)
    }

    /// Hands a line to the writer; after `finish()` it is dropped.
    func send(_ line: Line) {
        let bytes = line.bytes.readableBytes
        state.withLock {
            $0.lines += 1
            $0.bytes += bytes
        }
        if case .terminated = queued.yield(line) { wrote(line) }
    }

    func send(_ bytes: ByteBuffer) { send(Line(bytes)) }

    /// Nothing more is sent; the writer writes what waits and returns.
    func finish() { queued.finish() }

    /// Returns once there is room (at once when there is), or when the task is cancelled.
    func waitForRoom() async {
        let waiter: OneShot<Void>? = state.withLock { state in
            guard state.isFull else { return nil }
            let waiter = OneShot<Void>()
            state.waiters.append(waiter)
            return waiter
        }
        if let waiter { _ = try? await waiter.valueUnlessCancelled() }
    }

    /// The connection's writer: writes every line sent, in order, until `finish()`. A connection
    /// that has gone takes nothing, and each line is still counted off.
    func write(to writer: NIOAsyncChannelOutboundWriter<ByteBuffer>) async {
        var markedAt: ContinuousClock.Instant?
        for await line in queue {
            if let hold = line.holdAfterMark, let markedAt { try? await Task.sleep(until: markedAt + hold) }
            try? await writer.write(line.bytes)
            if line.marks { markedAt = .now }
            wrote(line)
        }
    }

    private func wrote(_ line: Line) {
        let bytes = line.bytes.readableBytes
        let woken: [OneShot<Void>] = state.withLock { state in
            state.lines -= 1
            state.bytes -= bytes
            guard !state.isFull else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in woken { waiter.set(()) }
        line.written?()
    }
}
