import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A raw SSIP connection for tests: lines written as a speech-dispatcher client writes them, reply
/// and event blocks read back whole (the last line of a block has a space after its code).
final class SSIPLineClient: @unchecked Sendable {
    private let fd: Int32
    private var buffer: [UInt8] = []

    init(socketPath: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            Array(socketPath.utf8CString).withUnsafeBytes { raw.copyMemory(from: $0) }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw Failure("cannot connect to \(socketPath): \(String(cString: strerror(errno)))")
        }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Writes `bytes` as they are (a line's CRLF included by the caller).
    func write(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw Failure("write: \(String(cString: strerror(errno)))") }
            sent += n
        }
    }

    /// Writes as much of `bytes` as the socket takes within `seconds`; how much went in. A client
    /// that never reads sees its writes stop once the daemon stops reading it.
    func write(_ bytes: [UInt8], within seconds: Int) -> Int {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            sent += n
        }
        return sent
    }

    /// Sends a line and reads the block that answers it.
    func command(_ line: String) throws -> String {
        try write(Array((line + "\r\n").utf8))
        return try block()
    }

    /// The next whole block (reply or event), as it came.
    func block() throws -> String {
        var block = ""
        while true {
            let line = try readLine()
            block += line + "\r\n"
            let bytes = Array(line.utf8)
            if bytes.count >= 4, bytes[3] == UInt8(ascii: " ") { return block }
        }
    }

    /// Ends the connection from this side: the daemon reads its end.
    func hangUp() { shutdown(fd, Int32(SHUT_RDWR)) }

    /// Whether the daemon has closed the connection (nothing more to read).
    func isClosed() -> Bool {
        var byte: UInt8 = 0
        return read(fd, &byte, 1) == 0
    }

    private func readLine() throws -> String {
        while true {
            if let end = buffer.indices.dropLast().first(where: { buffer[$0] == 13 && buffer[$0 + 1] == 10 }) {
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 2)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { throw Failure(n == 0 ? "the connection closed" : "read: \(String(cString: strerror(errno)))") }
            buffer += chunk[..<n]
        }
    }
}

extension RealDaemon {
    /// Its SSIP socket: beside its JSON-RPC socket.
    var ssipSocket: String { (socket as NSString).deletingLastPathComponent + "/ssip.sock" }
}
