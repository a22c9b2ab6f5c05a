import AudioTestSupport
import Foundation
import ProcessSupport
import Testing

/// A second, unprivileged local user, for what another user on the machine can do to voxnavd's
/// socket and journal. Made with `useradd` the first time; it needs root, as CI has.
enum SecondUser {
    static let name = "voxnav-other"

    /// Its uid, or why there is none here (then the tests that need it are skipped with that message).
    static let uid: Result<uid_t, Unavailable> = {
        guard geteuid() == 0 else { return .failure(Unavailable("not root: a second user cannot be made or impersonated")) }
        if let entry = getpwnam(name) { return .success(entry.pointee.pw_uid) }
        let made = run("/usr/sbin/useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name])
        guard made == 0, let entry = getpwnam(name) else { return .failure(Unavailable("useradd \(name) failed (status \(made))")) }
        return .success(entry.pointee.pw_uid)
    }()

    static var available: Bool { (try? uid.get()) != nil }

    /// Runs `body` with voxnavd's fallback directory, `/tmp/voxnav-UID` (and its `voxnav/`), made by the
    /// second user first, mode 0777, as an attacker would when XDG_RUNTIME_DIR is unset; removed after.
    /// One test at a time, whichever suite it is in: the path is the same for every test.
    static func withSquattedFallback(_ body: @Sendable (_ fallback: String) async throws -> Void) async throws {
        // The lock of the tests that share the sound server: these are short, and it is the one lock every suite knows.
        try await AudioServerLock.shared.withLock {
            let fallback = "/tmp/voxnav-\(getuid())"
            if FileManager.default.fileExists(atPath: fallback) {
                // A directory of ours from an earlier run: it must be empty to be borrowed for the test.
                try #require(try FileManager.default.contentsOfDirectory(atPath: fallback).allSatisfy { $0 == "voxnav" })
                try FileManager.default.removeItem(atPath: fallback)
            }
            try run(["mkdir", "-m", "0777", fallback])
            try run(["mkdir", "-m", "0777", fallback + "/voxnav"])
            defer { try? FileManager.default.removeItem(atPath: fallback) }
            try await body(fallback)
        }
    }

    struct Unavailable: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Runs a command as the second user; returns its status.
    @discardableResult
    static func run(_ command: [String]) throws -> Int32 {
        _ = try uid.get()
        return run("/usr/sbin/runuser", ["-u", name, "--"] + command)
    }

    private static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        guard let process = try? ChildProcess(executable, arguments, output: .discard, error: .discard) else { return -1 }
        return process.waitUntilExit()
    }
}
