#if canImport(Glibc)
    import Glibc
#endif

/// Linux's `struct ucred`, which Glibc's module leaves out (it needs _GNU_SOURCE): what `SO_PEERCRED`
/// fills in, for the client's check of the daemon and the daemon's of its clients (`Peer`).
public struct PeerCredentials: Sendable {
    public var pid: pid_t = 0
    public var uid: uid_t = 0
    public var gid: gid_t = 0

    public init() {}
}
