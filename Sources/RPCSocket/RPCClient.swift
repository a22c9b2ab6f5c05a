import FoundationEssentials
import RPC
import TextFormat

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking newline-delimited JSON-RPC client over a Unix socket, for the CLI and tests.
public final class RPCClient {
    private let fd: Int32
    private var buffer = Data()
    /// One read's bytes, kept between reads.
    private var chunk = [UInt8](repeating: 0, count: 65536)
    private var nextID: Int64 = 1

    /// Connects to the user's own voxnavd at `socketPath`. Before connecting, the socket's directory
    /// must be the user's alone and the socket the user's (`SocketDirectory.checkBeforeConnecting`);
    /// after, the process at the other end must run as the user (`SO_PEERCRED`): another local user's
    /// socket, put where the user's daemon would be, is refused, and no request reaches it.
    public init(socketPath: String) throws {
        // No directory at all: no voxnavd has run here (nothing to distrust, and nothing is connected).
        let directory = PathText.parent(of: socketPath)
        var info = stat()
        if lstat(directory, &info) != 0, errno == ENOENT {
            fd = -1
            throw RPCClientError.connect(socketPath, "no voxnavd has listened there (\(directory) does not exist)")
        }
        do {
            try SocketDirectory.checkBeforeConnecting(to: socketPath)
        } catch {
            // Nothing sent anywhere: the descriptor is not made (deinit closes only a valid one).
            fd = -1
            throw RPCClientError.untrusted(socketPath, error.description)
        }
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RPCClientError.connect(socketPath, String(cString: strerror(errno))) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let pathBytes = Array(socketPath.utf8CString)
        // The socket is closed by deinit, which runs when this initializer throws (every stored
        // property is set by then): closing it here too would close whatever file reuses the number.
        guard pathBytes.count <= MemoryLayout.size(ofValue: address.sun_path) else {
            throw RPCClientError.connect(socketPath, "path too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            pathBytes.withUnsafeBytes { raw.copyMemory(from: $0) }
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            throw RPCClientError.connect(socketPath, reason)
        }
        // The path was checked, but it could have been swapped since: the peer itself must be ours.
        var credentials = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else {
            throw RPCClientError.untrusted(socketPath, "the peer's credentials cannot be read: \(String(cString: strerror(errno)))")
        }
        guard credentials.uid == geteuid() else {
            throw RPCClientError.untrusted(
                socketPath, "it is answered by a process of \(SocketDirectory.user(credentials.uid)), not by you (\(SocketDirectory.user(geteuid())))")
        }
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Makes reads give up after `seconds` without data (readLine then throws).
    public func setReadTimeout(_ seconds: Double) {
        var tv = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Makes writes give up after `seconds` when the daemon reads nothing (writeAll then throws).
    public func setWriteTimeout(_ seconds: Double) {
        var tv = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends a request and waits for its response, skipping notifications that arrive meanwhile
    /// (they are handed to `onNotification`).
    public func call(_ method: String, _ params: JSONValue? = nil, onNotification: ((RPCNotification) -> Void)? = nil) throws -> JSONValue {
        try exchange(method, params, as: JSONValue.self, onNotification: onNotification)
    }

    /// Writes one request line.
    public func send(_ request: RPCRequest) throws {
        var data = try JSONEncoder().encode(request)
        data.append(0x0A)
        try writeAll(data)
    }

    /// Writes raw bytes (tests use this to send malformed input).
    public func writeAll(_ data: Data) throws {
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                // A signal caught meanwhile (a child process ending, in a program that watches for it) is no error.
                if n < 0 && errno == EINTR { continue }
                if n < 0 { throw RPCClientError.io(String(cString: strerror(errno))) }
                offset += n
            }
        }
    }

    /// Reads one line (without the newline). Throws at end of stream.
    public func readLine() throws -> Data {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                return Data(line)
            }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw RPCClientError.io(String(cString: strerror(errno))) }
            if n == 0 { throw RPCClientError.closed }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }
}

extension RPCClient {
    /// Calls a method with its typed params and decodes its typed result.
    /// The request encoded and the reply decoded straight from and into the method's own types,
    /// one JSON pass each way (a long drive makes tens of thousands of calls).
    public func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params, onNotification: ((RPCNotification) -> Void)? = nil) throws -> M.Result {
        try exchange(M.name, params, as: M.Result.self, onNotification: onNotification)
    }

    /// One request and its response: notifications that arrive meanwhile go to `onNotification`,
    /// replies to other ids are skipped, an error reply is thrown; an absent result decodes from null.
    private func exchange<Params: Encodable, Result: Decodable>(
        _ method: String, _ params: Params?, as: Result.Type, onNotification: ((RPCNotification) -> Void)?
    ) throws -> Result {
        let id = RPCID.number(nextID)
        nextID += 1
        var data = try JSONEncoder().encode(TypedRequest(id: id, method: method, params: params))
        data.append(0x0A)
        try writeAll(data)
        let decoder = JSONDecoder()
        decoder.userInfo[TypedReply<Result>.expectedID] = id
        while true {
            let line = try readLine()
            let reply = try decoder.decode(TypedReply<Result>.self, from: line)
            if reply.id == nil, reply.method != nil {
                if let onNotification, let note = try? decoder.decode(RPCNotification.self, from: line) { onNotification(note) }
                continue
            }
            guard reply.id == id else { continue }
            if let error = reply.error { throw error }
            if let result = reply.result { return result }
            return try JSONValue.null.decode(Result.self)
        }
    }

    /// Calls a method that takes no params.
    public func call<M: RPCMethod>(_ method: M.Type, onNotification: ((RPCNotification) -> Void)? = nil) throws -> M.Result
    where M.Params == NoParams {
        try exchange(M.name, nil as NoParams?, as: M.Result.self, onNotification: onNotification)
    }
}

/// A request with its params as the method's own type.
private struct TypedRequest<Params: Encodable>: Encodable {
    let jsonrpc = "2.0"
    let id: RPCID
    let method: String
    /// Absent from the request when nil.
    let params: Params?
}

/// A response (or a notification: a `method` and no `id`) with its result as the method's own type.
private struct TypedReply<Result: Decodable>: Decodable {
    /// The id whose result is this method's (the decoder's `userInfo`); another reply's is not read.
    static var expectedID: CodingUserInfoKey { CodingUserInfoKey(rawValue: "voxnav.expectedID")! }

    let id: RPCID?
    let method: String?
    let result: Result?
    let error: RPCError?

    private enum CodingKeys: String, CodingKey { case id, method, result, error }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(RPCID.self, forKey: .id)
        method = try container.decodeIfPresent(String.self, forKey: .method)
        error = try container.decodeIfPresent(RPCError.self, forKey: .error)
        // Only the awaited reply's result is this method's: a notification or another request's reply is skipped.
        let ours = id != nil && id == decoder.userInfo[Self.expectedID] as? RPCID
        result = ours && method == nil && error == nil ? try container.decodeIfPresent(Result.self, forKey: .result) : nil
    }
}
