import FoundationEssentials
import StrictCoding

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a file VoxNav parses (a policy, a scenario, a route, a phrase pack) only when it is within
/// its size cap, and never more than the cap: a 50 MB route or a 100 MB policy is refused before a
/// byte of it is parsed, with an error naming the file, its size and the cap.
public enum BoundedFile {
    public struct Refusal: Error, CustomStringConvertible {
        public let description: String
    }

    /// The file's bytes. - Parameter what: how the error names it ("the policy file").
    ///
    /// Opened without blocking and checked to be a regular file before a byte is read: a FIFO would
    /// block the open (and the daemon's start, or a drive) until someone writes to it, a device
    /// (`/dev/zero`) never ends. Then at most the cap and one byte are read.
    public static func read(_ path: String, cap: Int, what: String) throws(Refusal) -> Data {
        let named = "\(what) \(path)"
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw Refusal(description: "cannot read \(named): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Refusal(description: "cannot read \(named): \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw Refusal(description: "cannot read \(named): it is \(kind(info.st_mode)), not a regular file")
        }
        // One byte over the cap tells a file that is too big (a file in /proc states no size of its own).
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while data.count <= cap {
            let want = min(chunk.count, cap + 1 - data.count)
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, want) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Refusal(description: "cannot read \(named): \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            data.append(contentsOf: chunk[0..<n])
        }
        if let problem = InputLimits.sizeProblem(named, size: max(Int(info.st_size), data.count), cap: cap) {
            throw Refusal(description: problem)
        }
        return data
    }

    /// What a file that is not a regular one is, in words.
    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }

    /// The file as UTF-8 text.
    public static func text(_ path: String, cap: Int, what: String) throws(Refusal) -> String {
        let data = try read(path, cap: cap, what: what)
        guard let text = String(data: data, encoding: .utf8) else { throw Refusal(description: "\(what) \(path) is not UTF-8 text") }
        return text
    }
}
