import CSpawn
import Glibc
import Synchronization

/// A program started with `posix_spawnp`, without Foundation's `Process` (which brings the whole of
/// Foundation and ICU into the binary). The child starts with every signal at its default and
/// unblocked, and with no descriptor of ours but the three it is given.
public final class ChildProcess: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// Ours: the child writes where we do.
        case inherit
        /// /dev/null.
        case discard
        /// A file, created or truncated (or appended to).
        case file(String, append: Bool = false)
        /// A pipe whose other end we read (`readOutput`, `readErrors`).
        case pipe
        /// For the error stream: wherever the output goes (`2>&1`).
        case output
    }

    public let processIdentifier: pid_t
    private let outputPipe: Int32?
    private let errorPipe: Int32?
    /// The raw wait status once it has been reaped.
    private let status = Mutex<Int32?>(nil)

    /// Starts `program` (a path, or a name looked up on PATH) with `arguments`, in `environment`
    /// (ours when nil). Throws, naming the program, when it cannot be started, for example when it
    /// is not installed.
    public init(
        _ program: String, _ arguments: [String], environment: [String: String]? = nil,
        input: Stream = .discard, output: Stream = .inherit, error: Stream = .inherit
    ) throws(ChildProcessError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipes: [Int32: (read: Int32, write: Int32)] = [:]
        defer { for ends in pipes.values { close(ends.write) } }
        for (fd, stream) in [(Int32(0), input), (1, output), (2, error)] {
            switch stream {
            case .inherit: break
            case .discard: posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let path, let append):
                posix_spawn_file_actions_addopen(&actions, fd, path, O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC), 0o644)
            case .output:
                posix_spawn_file_actions_adddup2(&actions, 1, fd)
            case .pipe:
                var ends: [Int32] = [0, 0]
                guard voxnav_pipe_cloexec(&ends) == 0 else { throw ChildProcessError(program: program, errno: errno) }
                pipes[fd] = (ends[0], ends[1])
                posix_spawn_file_actions_adddup2(&actions, ends[1], fd)
            }
        }
        voxnav_spawn_closefrom(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let env = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { for pointer in env ?? [] { free(pointer) } }

        var pid: pid_t = 0
        let result =
            if let env { posix_spawnp(&pid, program, &actions, &attributes, argv, env) } else {
                posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
            }
        guard result == 0 else {
            for ends in pipes.values { close(ends.read) }
            throw ChildProcessError(program: program, errno: result)
        }
        processIdentifier = pid
        outputPipe = pipes[1]?.read
        errorPipe = pipes[2]?.read
    }

    deinit {
        if let outputPipe { close(outputPipe) }
        if let errorPipe { close(errorPipe) }
    }

    /// Whether it still runs (one that has exited is reaped here).
    public var isRunning: Bool { exitStatus(blocking: false) == nil }

    /// Waits for it to end; its exit status (128 + the signal's number when a signal ended it).
    @discardableResult
    public func waitUntilExit() -> Int32 { exitStatus(blocking: true) ?? -1 }

    /// Waits at most `seconds` for it to end: its exit status, or nil when it still runs.
    public func waitUntilExit(within seconds: Double) -> Int32? {
        _ = Blocking.wait(seconds: seconds, interval: 0.005) { !isRunning }
        return terminationStatus
    }

    /// The exit status once it has ended (see `waitUntilExit`), else nil.
    public var terminationStatus: Int32? { exitStatus(blocking: false) }

    /// The signal that ended it, once it has ended; nil while it runs and when it exited by itself
    /// (an exit status of 128 + n is then told apart from signal n).
    public var terminationSignal: Int32? {
        _ = exitStatus(blocking: false)
        return status.withLock { raw in raw.flatMap { $0 & 0x7f == 0 ? nil : $0 & 0x7f } }
    }

    public func terminate() { signal(SIGTERM) }

    /// SIGTERM, up to `seconds` for it to end, then SIGKILL; returns once it has been reaped, true
    /// when it had to be killed.
    @discardableResult
    public func stop(within seconds: Double) -> Bool {
        guard isRunning else { return false }
        terminate()
        guard waitUntilExit(within: seconds) == nil else { return false }
        signal(SIGKILL)
        waitUntilExit()
        return true
    }
    public func interrupt() { signal(SIGINT) }

    /// Sends `signal`, unless it has already been reaped (its pid may then be another process's).
    public func signal(_ signal: Int32) {
        status.withLock { status in
            if status == nil { _ = kill(processIdentifier, signal) }
        }
    }

    /// Everything it wrote to a `.pipe` output, up to its end.
    public func readOutput() -> String { outputPipe.map(Self.readAll) ?? "" }
    /// Everything it wrote to a `.pipe` error stream, up to its end.
    public func readErrors() -> String { errorPipe.map(Self.readAll) ?? "" }

    private static func readAll(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += chunk[0..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func exitStatus(blocking: Bool) -> Int32? {
        status.withLock { status in
            if let status { return Self.exitStatus(raw: status) }
            var raw: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(processIdentifier, &raw, blocking ? 0 : WNOHANG) } while result < 0 && errno == EINTR
            guard result == processIdentifier else { return result < 0 ? -1 : nil }
            status = raw
            return Self.exitStatus(raw: raw)
        }
    }

    /// WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (they are macros).
    private static func exitStatus(raw: Int32) -> Int32 {
        let signal = raw & 0x7f
        return signal == 0 ? (raw >> 8) & 0xff : 128 + signal
    }

    /// Runs `program` to its end, its output read: its exit status and output. Its errors are
    /// discarded unless `error` says otherwise.
    public static func run(
        _ program: String, _ arguments: [String], environment: [String: String]? = nil, error: Stream = .discard
    ) throws(ChildProcessError) -> (status: Int32, output: String) {
        let child = try ChildProcess(program, arguments, environment: environment, output: .pipe, error: error)
        let output = child.readOutput()
        return (child.waitUntilExit(), output)
    }

    /// Runs `program` for at most `limit` seconds, its output read: its exit status and output, or
    /// nil for the status when it was still running then (it is then killed, and what it wrote so far
    /// is returned). Its end is its own exit, never the end of the pipe: a program that leaves a
    /// process behind holding the pipe (a daemon it started) is not waited for.
    public static func run(
        _ program: String, _ arguments: [String], environment: [String: String]? = nil, error: Stream = .discard, limit: Double
    ) throws(ChildProcessError) -> (status: Int32?, output: String) {
        let child = try ChildProcess(program, arguments, environment: environment, output: .pipe, error: error)
        let deadline = Blocking.now() + limit
        var bytes: [UInt8] = []
        if let fd = child.outputPipe {
            var chunk = [UInt8](repeating: 0, count: 65536)
            var atEnd = false
            // Reads what comes within `milliseconds`; false when nothing came (or at the pipe's end).
            func readSome(waiting milliseconds: Int32) -> Bool {
                var poll = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard Glibc.poll(&poll, 1, milliseconds) > 0 else { return false }
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count > 0 { bytes += chunk[0..<count] }
                if count == 0 { atEnd = true }
                return count > 0 || (count < 0 && errno == EINTR)
            }
            while !atEnd && Blocking.now() < deadline {
                if readSome(waiting: 20) { continue }
                // Nothing within 20 ms: once the child has exited, what it wrote before is in the
                // pipe; read that and stop.
                if !child.isRunning {
                    while readSome(waiting: 0) {}
                    break
                }
            }
        }
        let left = max(0, deadline - Blocking.now())
        guard let status = child.waitUntilExit(within: left) else {
            child.signal(SIGKILL)
            child.waitUntilExit()
            return (nil, String(decoding: bytes, as: UTF8.self))
        }
        return (status, String(decoding: bytes, as: UTF8.self))
    }
}

/// A program that could not be started.
public struct ChildProcessError: Error, CustomStringConvertible {
    public let program: String
    public let errno: Int32

    public var description: String {
        errno == ENOENT
            ? "\(program) was not found on PATH" : "cannot start \(program): \(String(cString: strerror(errno)))"
    }
}
