import Foundation
import RPC
import Synchronization
import Testing

/// A connection that fails closes its socket once. It was closed twice (in the initializer that threw,
/// and again in deinit, which runs because every stored property was set): the second close hit
/// whatever file another thread had just opened under the same number, and a test process that polled
/// for a daemon's socket had its pipes closed under it (`readDataToEndOfFile` trapped with EBADF).
@Test func aFailedConnectionClosesItsSocketOnceAndNoOtherFile() throws {
    // A directory of the user's alone, as a client demands, with no socket in it: the connect itself fails.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-nobody-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appendingPathComponent("voxnav.sock").path
    let stop = Atomic<Bool>(false)
    let closedUnderUs = Atomic<Int>(0)
    let checked = Atomic<Int>(0)
    // Another thread opens pipes and checks that they stay open while it holds them.
    let other = Thread {
        while !stop.load(ordering: .relaxed) {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { continue }
            for _ in 0..<20 where fcntl(fds[0], F_GETFD) == -1 || fcntl(fds[1], F_GETFD) == -1 {
                closedUnderUs.add(1, ordering: .relaxed)
            }
            checked.add(1, ordering: .relaxed)
            close(fds[0])
            close(fds[1])
        }
    }
    other.start()
    let start = Date()
    var failures = 0
    while Date().timeIntervalSince(start) < 1 {
        do {
            _ = try RPCClient(socketPath: missing)
        } catch RPCClientError.connect {
            failures += 1
        } catch {
            Issue.record("not a failed connect: \(error)")
            break
        }
    }
    stop.store(true, ordering: .relaxed)
    #expect(failures > 1000, "too few failed connections (\(failures)) to tell")
    #expect(checked.load(ordering: .relaxed) > 1000, "the other thread hardly ran")
    #expect(closedUnderUs.load(ordering: .relaxed) == 0, "failed connections closed another thread's files")
}
