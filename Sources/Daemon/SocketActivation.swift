import FoundationEssentials
import TextFormat

#if canImport(Glibc)
    import Glibc
#endif

/// A listening socket systemd passes at socket activation (sd_listen_fds(3)), taken without
/// libsystemd: `LISTEN_PID` names this process, `LISTEN_FDS` counts the descriptors from 3 on,
/// `LISTEN_FDNAMES` names them. voxnavd takes one or two listening Unix stream sockets: its JSON-RPC
/// socket, and speech-dispatcher's protocol's (`ssip.sock`, voxnavd.socket's second `ListenStream=`).
public struct SocketActivation: Sendable, Equatable {
    /// The first passed descriptor, by the protocol.
    public static let firstDescriptor: CInt = 3

    public let descriptor: CInt
    /// Its name (`FileDescriptorName=` of the socket unit, `--fdname` of systemd-socket-activate), if given.
    public let name: String?

    /// The sockets passed to process `pid` by `environment`, in their order; nil when none was passed
    /// to it (`LISTEN_PID` unset, or another process's). Refuses a malformed hand-over.
    public static func passed(environment: [String: String], pid: pid_t) throws(SocketActivationError) -> [SocketActivation]? {
        guard let pidText = environment["LISTEN_PID"] else { return nil }
        guard let listenPID = pid_t(pidText), listenPID > 0 else { throw .malformed("LISTEN_PID=\(pidText) is not a process id") }
        guard listenPID == pid else { return nil }
        let fdsText = environment["LISTEN_FDS"] ?? ""
        guard let count = Int(fdsText), count >= 0 else { throw .malformed("LISTEN_FDS=\(fdsText) is not a count of descriptors") }
        guard count == 1 || count == 2 else {
            throw .malformed(
                "LISTEN_FDS=\(count): voxnavd listens on one socket, or two (voxnav.sock and ssip.sock: the ListenStream= lines of voxnavd.socket)")
        }
        let names = environment["LISTEN_FDNAMES"].map { $0.split(separator: ":", omittingEmptySubsequences: false).map(String.init) } ?? []
        return (0..<count).map { SocketActivation(descriptor: firstDescriptor + CInt($0), name: $0 < names.count ? names[$0] : nil) }
    }

    /// The passed sockets told apart, each with its path (checked as `listeningPath` checks it): of
    /// two, the SSIP socket is the one named `ssip` or whose file is `ssip.sock`, and the other is
    /// the JSON-RPC socket; one alone is the JSON-RPC socket.
    public static func sorted(_ passed: [SocketActivation]) throws(SocketActivationError) -> (
        rpc: (socket: SocketActivation, path: String), ssip: (socket: SocketActivation, path: String)?
    ) {
        var found: [(socket: SocketActivation, path: String)] = []
        for socket in passed { found.append((socket, try socket.listeningPath())) }
        guard found.count == 2 else {
            guard let only = found.first else { throw .malformed("no socket was passed") }
            return (only, nil)
        }
        let isSSIP = { (entry: (socket: SocketActivation, path: String)) in
            entry.socket.name == "ssip" || PathText.name(of: entry.path) == "ssip.sock"
        }
        let ssip = found.filter(isSSIP)
        guard ssip.count == 1, let rpc = found.first(where: { !isSSIP($0) }) else {
            throw .unusable(
                "two sockets were passed (\(found.map(\.path).joined(separator: ", "))): one, and only one, must be ssip.sock or be named ssip")
        }
        return (rpc, ssip[0])
    }

    /// Removes the variables, so that no child process takes the socket for its own.
    public static func clearEnvironment() {
        for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(name) }
    }

    /// Checks that the descriptor is a listening Unix stream socket with a path, marks it
    /// close-on-exec, and returns the path.
    public func listeningPath() throws(SocketActivationError) -> String {
        var type: CInt = 0
        var listening: CInt = 0
        var length = socklen_t(MemoryLayout<CInt>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_TYPE, &type, &length) == 0 else {
            throw .unusable("descriptor \(descriptor) is not a socket: \(String(cString: strerror(errno)))")
        }
        length = socklen_t(MemoryLayout<CInt>.size)
        guard type == CInt(SOCK_STREAM.rawValue), getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) == 0, listening != 0
        else { throw .unusable("descriptor \(descriptor) is not a listening stream socket (ListenStream= in the socket unit)") }
        var address = sockaddr_un()
        var addressLength = socklen_t(MemoryLayout<sockaddr_un>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &addressLength) }
        }
        guard named == 0, address.sun_family == sa_family_t(AF_UNIX) else {
            throw .unusable("descriptor \(descriptor) is not a Unix socket: voxnavd listens on a socket file")
        }
        let path = withUnsafeBytes(of: address.sun_path) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard path.hasPrefix("/") else { throw .unusable("the passed socket has no file path (an abstract or unnamed socket)") }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return path
    }
}

/// A socket activation voxnavd cannot use, and why.
public enum SocketActivationError: Error, Equatable, CustomStringConvertible {
    case malformed(String)
    case unusable(String)

    public var description: String {
        switch self {
        case .malformed(let problem): "socket activation: \(problem)"
        case .unusable(let problem): "socket activation: \(problem)"
        }
    }
}
