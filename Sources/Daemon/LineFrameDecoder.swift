import Glibc
import NIOCore

/// One line of a client's byte stream, or the news that a line was too long and was dropped.
enum Frame: Sendable {
    case line(ByteBuffer)
    case oversize
}

/// Where a protocol's lines end.
enum LineEnd: Sendable {
    /// At LF; a CR before it is dropped (JSON-RPC: CRLF clients are tolerated). A lone CR is an
    /// ordinary byte of the line.
    case newline
    /// At CRLF only (SSIP: a lone LF or CR belongs to the line, as a message's text may hold one).
    case crlf
}

/// Splits a connection's byte stream into lines, for every door alike. Each byte is looked at once:
/// the bytes already scanned without finding a line's end are remembered between reads, so a line
/// that comes a byte at a time, or a stream of lone CRs, costs time in proportion to its length.
/// A line longer than `maxLength` is discarded up to its end and reported once as `.oversize`, so
/// one client cannot make the daemon buffer without bound.
struct LineFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = Frame
    let lineEnd: LineEnd
    let maxLength: Int
    /// Bytes after the reader index known to hold no line end.
    private var scanned = 0
    private var discarding = false

    init(lineEnd: LineEnd, maxLength: Int) {
        self.lineEnd = lineEnd
        self.maxLength = maxLength
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        if let (length, terminator) = nextLineEnd(in: buffer) {
            var line = buffer.readSlice(length: length)!
            buffer.moveReaderIndex(forwardBy: terminator)
            scanned = 0
            if discarding {
                discarding = false
                return .continue
            }
            if lineEnd == .newline, line.readableBytesView.last == 13 { line = line.getSlice(at: line.readerIndex, length: line.readableBytes - 1)! }
            context.fireChannelRead(wrapInboundOut(line.readableBytes > maxLength ? .oversize : .line(line)))
            return .continue
        }
        if buffer.readableBytes > maxLength {
            // Keep a last CR: it may begin the CRLF that ends the line.
            let keep = lineEnd == .crlf && buffer.readableBytesView.last == 13 ? 1 : 0
            buffer.moveReaderIndex(to: buffer.writerIndex - keep)
            scanned = 0
            if !discarding {
                discarding = true
                context.fireChannelRead(wrapInboundOut(.oversize))
            }
        }
        return .needMoreData
    }

    /// The length of the next line and of its end, scanning only what was not scanned before (with
    /// `memchr`, which a flood of one byte over and over cannot slow down).
    private mutating func nextLineEnd(in buffer: ByteBuffer) -> (length: Int, terminator: Int)? {
        let (found, scannedTo) = buffer.withUnsafeReadableBytes { bytes -> ((Int, Int)?, Int) in
            guard let base = bytes.baseAddress else { return (nil, 0) }
            var index = scanned
            switch lineEnd {
            case .newline:
                if index < bytes.count, let newline = memchr(base + index, 10, bytes.count - index) {
                    return ((base.distance(to: UnsafeRawPointer(newline)), 1), 0)
                }
            case .crlf:
                while index < bytes.count, let cr = memchr(base + index, 13, bytes.count - index) {
                    let at = base.distance(to: UnsafeRawPointer(cr))
                    // A CR at the end may be followed by the LF of the next read: scanned again then.
                    guard at + 1 < bytes.count else { return (nil, at) }
                    if bytes[at + 1] == 10 { return ((at, 2), 0) }
                    index = at + 1
                }
            }
            return (nil, bytes.count)
        }
        scanned = found == nil ? scannedTo : 0
        return found
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        // A JSON-RPC frame without its newline still counts; SSIP's commands end with CRLF, so a line
        // its client did not end is not taken.
        if lineEnd == .newline, buffer.readableBytes > 0, !discarding {
            context.fireChannelRead(wrapInboundOut(.line(buffer.readSlice(length: buffer.readableBytes)!)))
        }
        buffer.moveReaderIndex(to: buffer.writerIndex)
        return .needMoreData
    }
}
