import Foundation
import Testing

@testable import Daemon

#if canImport(Glibc)
    import Glibc
#endif

/// systemd's socket activation as voxnavd reads it: the variables, and the descriptor it is given
/// (real sockets). scripts/check-install runs the whole of it under systemd-socket-activate.
@Suite struct SocketActivationTests {
    @Test func noHandOverWithoutListenPIDOrForAnotherProcess() throws {
        #expect(try SocketActivation.passed(environment: [:], pid: 42) == nil)
        #expect(try SocketActivation.passed(environment: ["LISTEN_PID": "41", "LISTEN_FDS": "1"], pid: 42) == nil)
    }

    @Test func oneSocketIsTakenFromDescriptorThreeWithItsName() throws {
        let passed = try SocketActivation.passed(
            environment: ["LISTEN_PID": "42", "LISTEN_FDS": "1", "LISTEN_FDNAMES": "voxnav"], pid: 42)
        #expect(passed == [SocketActivation(descriptor: 3, name: "voxnav")])
        #expect(try SocketActivation.passed(environment: ["LISTEN_PID": "42", "LISTEN_FDS": "1"], pid: 42)?.first?.name == nil)
    }

    @Test func twoSocketsAreTakenFromDescriptorsThreeAndFour() throws {
        let passed = try SocketActivation.passed(
            environment: ["LISTEN_PID": "42", "LISTEN_FDS": "2", "LISTEN_FDNAMES": "voxnav:voxnav"], pid: 42)
        #expect(passed == [SocketActivation(descriptor: 3, name: "voxnav"), SocketActivation(descriptor: 4, name: "voxnav")])
    }

    @Test(arguments: [
        (["LISTEN_PID": "x", "LISTEN_FDS": "1"], "LISTEN_PID=x is not a process id"),
        (["LISTEN_PID": "42"], "LISTEN_FDS= is not a count of descriptors"),
        (["LISTEN_PID": "42", "LISTEN_FDS": "3"], "LISTEN_FDS=3: voxnavd listens on one socket, or two"),
        (["LISTEN_PID": "42", "LISTEN_FDS": "0"], "LISTEN_FDS=0: voxnavd listens on one socket, or two"),
    ])
    func aMalformedHandOverIsRefusedByName(environment: [String: String], problem: String) {
        #expect {
            try SocketActivation.passed(environment: environment, pid: 42)
        } throws: { error in
            "\(error)".contains(problem)
        }
    }

    @Test func aListeningUnixSocketGivesItsPath() throws {
        let directory = try TemporaryTree()
        let path = directory.path("voxnav.sock")
        let fd = try Self.unixSocket(type: SOCK_STREAM, boundTo: path, listening: true)
        defer { close(fd) }
        #expect(try SocketActivation(descriptor: fd, name: nil).listeningPath() == path)
        #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0)
    }

    @Test func aSocketThatIsNotListeningOrNotAStreamOrNotASocketIsRefused() throws {
        let directory = try TemporaryTree()
        let bound = try Self.unixSocket(type: SOCK_STREAM, boundTo: directory.path("a.sock"), listening: false)
        let datagram = try Self.unixSocket(type: SOCK_DGRAM, boundTo: directory.path("b.sock"), listening: false)
        try directory.write("file", "")
        let file = open(directory.path("file"), O_RDONLY)
        defer { for fd in [bound, datagram, file] { close(fd) } }
        for fd in [bound, datagram, file] {
            #expect(throws: SocketActivationError.self) { try SocketActivation(descriptor: fd, name: nil).listeningPath() }
        }
    }

    /// Of two passed sockets, the SSIP one is told by its file (ssip.sock) or its name (ssip), in
    /// either order; two that are not one of each are refused, naming them.
    @Test func ofTwoSocketsTheSSIPOneIsToldApart() throws {
        let directory = try TemporaryTree()
        let rpc = try Self.unixSocket(type: SOCK_STREAM, boundTo: directory.path("voxnav.sock"), listening: true)
        let ssip = try Self.unixSocket(type: SOCK_STREAM, boundTo: directory.path("ssip.sock"), listening: true)
        let other = try Self.unixSocket(type: SOCK_STREAM, boundTo: directory.path("other.sock"), listening: true)
        defer { for fd in [rpc, ssip, other] { close(fd) } }
        let byFile = try SocketActivation.sorted([SocketActivation(descriptor: ssip, name: "voxnav"), SocketActivation(descriptor: rpc, name: "voxnav")])
        #expect(byFile.rpc.path == directory.path("voxnav.sock") && byFile.ssip?.path == directory.path("ssip.sock"))
        let byName = try SocketActivation.sorted([SocketActivation(descriptor: rpc, name: nil), SocketActivation(descriptor: other, name: "ssip")])
        #expect(byName.rpc.socket.descriptor == rpc && byName.ssip?.socket.descriptor == other)
        #expect(try SocketActivation.sorted([SocketActivation(descriptor: rpc, name: nil)]).ssip == nil)
        #expect {
            try SocketActivation.sorted([SocketActivation(descriptor: rpc, name: nil), SocketActivation(descriptor: other, name: nil)])
        } throws: { error in
            "\(error)".contains("one, and only one, must be ssip.sock or be named ssip")
        }
    }

    @Test func notificationsArriveAsOneDatagramOnAPathSocket() throws {
        let directory = try TemporaryTree()
        let path = directory.path("notify")
        let receiver = try Self.unixSocket(type: SOCK_DGRAM, boundTo: path, listening: false)
        defer { close(receiver) }
        try ServiceNotifier(socketName: path).notify("READY=1\nSTATUS=listening")
        #expect(Self.receive(receiver) == "READY=1\nSTATUS=listening")
        try ServiceNotifier(socketName: path).notify("STOPPING=1")
        #expect(Self.receive(receiver) == "STOPPING=1")
    }

    @Test func anAbstractSocketIsNamedWithAnAt() throws {
        let name = "voxnav-test-\(UUID().uuidString)"
        let receiver = try Self.unixSocket(type: SOCK_DGRAM, boundTo: "\0" + name, listening: false)
        defer { close(receiver) }
        let notifier = try #require(ServiceNotifier(environment: ["NOTIFY_SOCKET": "@" + name]))
        try notifier.notify("READY=1")
        #expect(Self.receive(receiver) == "READY=1")
    }

    @Test func noNotifySocketNoNotifierAndABadOneIsAClearError() {
        #expect(ServiceNotifier(environment: [:]) == nil)
        #expect(ServiceNotifier(environment: ["NOTIFY_SOCKET": ""]) == nil)
        #expect(throws: ServiceNotifyError(socket: "relative/path", problem: "not a socket path or an abstract socket name (@…)")) {
            try ServiceNotifier(socketName: "relative/path").notify("READY=1")
        }
        #expect(throws: ServiceNotifyError.self) { try ServiceNotifier(socketName: "/nonexistent/voxnav-notify").notify("READY=1") }
    }

    /// A Unix socket bound to `path` (a leading NUL: abstract).
    static func unixSocket(type: __socket_type, boundTo path: String, listening: Bool) throws -> CInt {
        let fd = socket(AF_UNIX, CInt(type.rawValue), 0)
        try #require(fd >= 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count + (path.hasPrefix("\0") ? 0 : 1))
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        try #require(bound == 0, "bind: \(String(cString: strerror(errno)))")
        if listening { try #require(listen(fd, 4) == 0) }
        return fd
    }

    /// One datagram, waiting at most 2 s.
    static func receive(_ fd: CInt) -> String? {
        var poll = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard Glibc.poll(&poll, 1, 2000) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(fd, &buffer, buffer.count, 0)
        return count >= 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
    }
}
