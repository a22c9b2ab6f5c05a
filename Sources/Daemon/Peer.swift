import FoundationEssentials
import Glibc
import NIOCore
import RPC
import RPCSocket

/// Who is at the other end of a connection, as the kernel says (`SO_PEERCRED`): its user, its
/// process and the program that process runs. Read once, when the connection is accepted.
struct Peer: Sendable, Equatable {
    var uid: uid_t?
    var pid: pid_t?
    /// The program's path (`/proc/<pid>/exe`), where it can be read (the user's own processes).
    var executable: String?

    static let unknown = Peer()

    /// The peer of `channel`'s socket; `unknown` where the kernel does not say.
    static func of(_ channel: any Channel) async -> Peer {
        guard let provider = channel as? any SocketOptionProvider,
            let credentials: PeerCredentials = try? await provider.unsafeGetSocketOption(
                level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED)
            )
            .get()
        else { return .unknown }
        return Peer(uid: credentials.uid, pid: credentials.pid, executable: executable(of: credentials.pid))
    }

    private static func executable(of pid: pid_t) -> String? {
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/\(pid)/exe", &path, path.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: path[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The program at the other end, as one name: its user and executable, or its user and process
    /// where the executable cannot be read.
    var program: String {
        let user = uid.map { "uid \($0)" } ?? "uid ?"
        if let executable { return "\(user) \(executable)" }
        return "\(user) pid \(pid.map { "\($0)" } ?? "?")"
    }
}
