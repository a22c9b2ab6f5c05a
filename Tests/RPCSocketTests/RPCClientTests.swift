import Foundation
import RPC
import RPCSocket
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

/// A signal caught while the client blocks in a read or a write (a program watching its children, as
/// the tests' own process does) is no error: the call goes on. It failed with "socket error:
/// Interrupted system call" (a DaemonTests run on desktop PulseAudio, 2026-11-27).
private let signalsCaught = Atomic<Int>(0)

@Test func aSignalCaughtWhileWaitingForTheReplyIsNoError() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-eintr-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("voxnav.sock").path
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(listener) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in Array(path.utf8CString).withUnsafeBytes { raw.copyMemory(from: $0) } }
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    #expect(bound == 0 && listen(listener, 1) == 0)

    // A handler without SA_RESTART: a blocked read returns EINTR when the signal comes.
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in signalsCaught.add(1, ordering: .relaxed) }
    action.sa_flags = 0
    var previous = sigaction()
    sigaction(SIGUSR1, &action, &previous)
    defer { sigaction(SIGUSR1, &previous, nil) }

    // The daemon's side: reads the request, answers 300 ms later.
    let server = Thread {
        let connection = accept(listener, nil, nil)
        var byte: UInt8 = 0
        while read(connection, &byte, 1) == 1 && byte != 0x0A {}
        Thread.sleep(forTimeInterval: 0.3)
        let reply = Array(#"{"jsonrpc":"2.0","id":1,"result":{"ok":true}}"#.utf8) + [0x0A]
        _ = write(connection, reply, reply.count)
        close(connection)
    }
    server.start()

    let reader = Mutex<pthread_t?>(nil)
    let outcome = Mutex<Result<JSONValue, any Error>?>(nil)
    // The reading thread stays alive until the signals have stopped, so none is sent to a thread that has gone.
    let signalsStopped = DispatchSemaphore(value: 0)
    let client = Thread {
        // Threads made from the test's own inherit its blocked signals.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, SIGUSR1)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        reader.withLock { $0 = pthread_self() }
        let result = Result { try RPCClient(socketPath: path).call("state.get") }
        outcome.withLock { $0 = result }
        signalsStopped.wait()
    }
    client.start()
    // Signals at the reading thread while it waits for the reply.
    let deadline = Date().addingTimeInterval(5)
    while outcome.withLock({ $0 == nil }) && Date() < deadline {
        Thread.sleep(forTimeInterval: 0.02)
        if let thread = reader.withLock({ $0 }), outcome.withLock({ $0 == nil }) { pthread_kill(thread, SIGUSR1) }
    }
    signalsStopped.signal()
    let result = try #require(outcome.withLock { $0 }, "no reply within 5 s")
    #expect(try result.get()["ok"] == .bool(true))
    #expect(signalsCaught.load(ordering: .relaxed) > 0, "no signal reached the reading thread")
}
