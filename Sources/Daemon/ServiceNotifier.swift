import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Tells systemd the service's state (sd_notify(3)) without libsystemd: each message is one
/// datagram of `KEY=VALUE` lines to the Unix socket named by `NOTIFY_SOCKET`, a path, or an
/// abstract socket when it starts with `@`. voxnavd sends `READY=1` once it listens and its engine
/// runs (`Type=notify`), and `STOPPING=1` when it starts shutting down.
public struct ServiceNotifier: Sendable {
    public let socketName: String

    /// The notifier for `NOTIFY_SOCKET`; nil when it is unset or empty (not started by systemd as `Type=notify`).
    public init?(environment: [String: String]) {
        guard let name = environment["NOTIFY_SOCKET"], !name.isEmpty else { return nil }
        socketName = name
    }

    public init(socketName: String) { self.socketName = socketName }

    /// Sends one message, e.g. `READY=1`.
    public func notify(_ message: String) throws(ServiceNotifyError) {
        var (address, length) = try Self.address(socketName)
        let fd = socket(AF_UNIX, CInt(SOCK_DGRAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ServiceNotifyError(socket: socketName, problem: String(cString: strerror(errno))) }
        defer { close(fd) }
        let bytes = Array(message.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(fd, bytes, bytes.count, CInt(MSG_NOSIGNAL), $0, length) }
        }
        guard sent == bytes.count else { throw ServiceNotifyError(socket: socketName, problem: String(cString: strerror(errno))) }
    }

    /// The socket address for a `NOTIFY_SOCKET` value: a path (with its NUL), or an abstract name
    /// (`@` becomes the leading NUL, and the length ends at the name's last byte).
    static func address(_ name: String) throws(ServiceNotifyError) -> (sockaddr_un, socklen_t) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let abstract = name.hasPrefix("@")
        guard abstract || name.hasPrefix("/") else {
            throw ServiceNotifyError(socket: name, problem: "not a socket path or an abstract socket name (@…)")
        }
        var bytes = Array(name.utf8)
        if abstract { bytes[0] = 0 } else { bytes.append(0) }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count <= capacity else { throw ServiceNotifyError(socket: name, problem: "longer than a socket address can be") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: bytes) }
        let length = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count
        return (address, socklen_t(length))
    }
}

/// A notification that could not be sent.
public struct ServiceNotifyError: Error, Equatable, CustomStringConvertible {
    public let socket: String
    public let problem: String
    public var description: String { "cannot notify systemd on \(socket): \(problem)" }
}
