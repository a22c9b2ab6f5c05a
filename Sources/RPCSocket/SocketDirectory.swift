import FoundationEssentials
import TextFormat

#if canImport(Glibc)
    import Glibc
#endif

/// The directory of voxnavd's socket and journal. Whoever controls it can put their own socket in
/// front of the user's clients, or a journal that the next voxnavd replays onto the user's sound
/// server, so it must be the user's alone, as PulseAudio demands of its runtime directory: owned
/// by the user, a real directory (not a symbolic link), no permission for group or others, and in
/// parents that no one else can rename it out of or point elsewhere. The daemon checks it before it
/// listens (and writes its journal); every client (`RPCClient`) before it connects.
public enum SocketDirectory {
    /// Makes `directory` (and missing parents) mode 0700 unless it exists, then checks it and its parents.
    public static func claim(_ directory: String) throws(SocketPathError) {
        var info = stat()
        if lstat(directory, &info) != 0 {
            do {
                try FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw SocketPathError(path: directory, problem: "cannot be created: \(ErrorText.readable(error))")
            }
        }
        try check(directory)
    }

    /// Refuses a directory that is not the user's alone.
    public static func check(_ directory: String) throws(SocketPathError) {
        var info = stat()
        guard lstat(directory, &info) == 0 else { throw SocketPathError(path: directory, problem: "cannot be read: \(Self.errnoText())") }
        guard info.st_mode & S_IFMT != S_IFLNK else {
            throw SocketPathError(path: directory, problem: "is a symbolic link; the socket's directory must be a real directory of yours")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw SocketPathError(path: directory, problem: "is not a directory") }
        guard info.st_uid == geteuid() else {
            throw SocketPathError(path: directory, problem: "is owned by \(Self.user(info.st_uid)), not by you (\(Self.user(geteuid())))")
        }
        let mode = info.st_mode & 0o7777
        guard mode & 0o077 == 0 else {
            throw SocketPathError(
                path: directory,
                problem: "has mode \(String(mode, radix: 8)): group and others must have no permission on it (chmod 700 \(directory))")
        }
        try checkParents(of: directory)
    }

    /// No one but the user or root may rename the directory away or point the way to it elsewhere:
    /// each parent, as written, is owned by one of them and writable by no one else unless it is
    /// sticky (like /tmp); a parent that is a symbolic link (read with `lstat`, never followed) is
    /// one of theirs; and where links lead, the real parents are held to the same rule.
    private static func checkParents(of directory: String) throws(SocketPathError) {
        let written = PathText.parent(of: URL(fileURLWithPath: directory).standardizedFileURL.path)
        try checkChain(from: written)
        guard let resolved = realpath(written, nil) else { throw SocketPathError(path: written, problem: "cannot be resolved: \(Self.errnoText())") }
        defer { free(resolved) }
        let real = String(cString: resolved)
        if real != written { try checkChain(from: real) }
    }

    /// `parent` and every directory above it, each read with `lstat`.
    private static func checkChain(from start: String) throws(SocketPathError) {
        var parent = start
        while true {
            var info = stat()
            guard lstat(parent, &info) == 0 else { throw SocketPathError(path: parent, problem: "cannot be read: \(Self.errnoText())") }
            let trusted = info.st_uid == geteuid() || info.st_uid == 0
            if info.st_mode & S_IFMT == S_IFLNK {
                if !trusted {
                    throw SocketPathError(
                        path: parent,
                        problem: "is a symbolic link of \(Self.user(info.st_uid)) on the way to the socket's directory, who could point it elsewhere")
                }
            } else {
                if !trusted {
                    throw SocketPathError(
                        path: parent, problem: "holds the socket's directory but is owned by \(Self.user(info.st_uid)), who could replace it")
                }
                if info.st_mode & 0o022 != 0, info.st_mode & S_ISVTX == 0 {
                    throw SocketPathError(path: parent, problem: "holds the socket's directory but others may write to it, and could replace it")
                }
            }
            if parent == "/" { return }
            parent = PathText.parent(of: parent)
        }
    }

    /// What a client checks before it connects to `socket`: its directory is the user's alone (`check`)
    /// and what is there is the user's own socket, so that no one else's daemon can answer in its place.
    public static func checkBeforeConnecting(to socket: String) throws(SocketPathError) {
        try check(PathText.parent(of: socket))
        try checkSocket(socket)
    }

    /// What is at the socket's own path, if anything, must be a socket of the user's: never follow
    /// or remove a link or a file someone else put there.
    public static func checkSocket(_ path: String) throws(SocketPathError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFSOCK:
            guard info.st_uid == geteuid() else {
                throw SocketPathError(path: path, problem: "is a socket of \(Self.user(info.st_uid)), not yours")
            }
        case S_IFLNK: throw SocketPathError(path: path, problem: "is a symbolic link; voxnavd listens only on a socket of its own")
        default: throw SocketPathError(path: path, problem: "is in the way: it is not a socket (remove it if it is yours)")
        }
    }

    static func user(_ uid: uid_t) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "uid \(uid)" }
        return "\(String(cString: name)) (uid \(uid))"
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
