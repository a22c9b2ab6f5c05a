import NIOCore

/// Splits SSIP's byte stream at CRLF only: a lone LF belongs to the line (a message's text may hold
/// one, as `spd-say` sends it). A line longer than `maxLength` is dropped up to its CRLF and
/// reported once as `.oversize`, as `JSONLineFrameDecoder` does for the JSON-RPC socket.
struct SSIPLineDecoder: ByteToMessageDecoder {
    typealias InboundOut = Frame
    let maxLength: Int
    private var discarding = false

    init(maxLength: Int) { self.maxLength = maxLength }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let view = buffer.readableBytesView
        var from = view.startIndex
        while let cr = view[from...].firstIndex(of: 13) {
            let next = view.index(after: cr)
            guard next < view.endIndex else { break }
            guard view[next] == 10 else {
                from = next
                continue
            }
            let line = buffer.readSlice(length: cr - view.startIndex)!
            buffer.moveReaderIndex(forwardBy: 2)
            if discarding {
                discarding = false
                return .continue
            }
            context.fireChannelRead(wrapInboundOut(line.readableBytes > maxLength ? .oversize : .line(line)))
            return .continue
        }
        if buffer.readableBytes > maxLength {
            // Keep a last CR: it may begin the CRLF that ends the line.
            let keep = view.last == 13 ? 1 : 0
            buffer.moveReaderIndex(to: buffer.writerIndex - keep)
            if !discarding {
                discarding = true
                context.fireChannelRead(wrapInboundOut(.oversize))
            }
        }
        return .needMoreData
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        // A line the client did not end is not taken: SSIP's commands end with CRLF.
        while try decode(context: context, buffer: &buffer) == .continue {}
        buffer.moveReaderIndex(to: buffer.writerIndex)
        return .needMoreData
    }
}
