import NIOCore

/// One newline-delimited frame, or the news that a frame was too long and was dropped.
enum Frame: Sendable {
    case line(ByteBuffer)
    case oversize
}

/// Splits the byte stream at newlines. A frame longer than `maxLength` is discarded up to its
/// newline and reported once as `.oversize`, so one bad client cannot make the daemon buffer without bound.
struct JSONLineFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = Frame
    let maxLength: Int
    private var discarding = false

    init(maxLength: Int) { self.maxLength = maxLength }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        if let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
            let length = newline - buffer.readerIndex
            var line = buffer.readSlice(length: length)!
            buffer.moveReaderIndex(forwardBy: 1)
            if discarding {
                discarding = false
                return .continue
            }
            if line.readableBytes > maxLength {
                context.fireChannelRead(wrapInboundOut(.oversize))
                return .continue
            }
            // Tolerate CRLF clients.
            if line.readableBytesView.last == UInt8(ascii: "\r") { line = line.getSlice(at: line.readerIndex, length: line.readableBytes - 1)! }
            context.fireChannelRead(wrapInboundOut(.line(line)))
            return .continue
        }
        if buffer.readableBytes > maxLength {
            buffer.moveReaderIndex(to: buffer.writerIndex)
            if !discarding {
                discarding = true
                context.fireChannelRead(wrapInboundOut(.oversize))
            }
        }
        return .needMoreData
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        // A final frame without a newline still counts.
        while try decode(context: context, buffer: &buffer) == .continue {}
        if buffer.readableBytes > 0 && !discarding {
            context.fireChannelRead(wrapInboundOut(.line(buffer.readSlice(length: buffer.readableBytes)!)))
        }
        return .needMoreData
    }
}
