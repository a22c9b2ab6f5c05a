import Foundation
import ProcessSupport
import RPC
import RPCSocket
import Testing

/// The client trusts only the user's own daemon (the real `voxnav` and `voxnavd` executables, with a
/// second local user made by the test as the attacker). Another user's socket where the user's daemon
/// would be, a socket of theirs slipped into the user's own directory, and a symbolic link of theirs
/// on the way are each refused, with the path and what is wrong, and the attacker hears no request.
@Suite(.serialized, .enabled(if: SecondUser.available, "needs a second user: run as root, with useradd"))
struct ClientTrustTests {
    /// No runtime directory, no daemon running, and another user got to /tmp/voxnav-UID first (0777),
    /// with a socket of theirs listening in it: `voxnav say` refuses it and sends nothing.
    @Test func theSquattedFallbackIsNotConnectedTo() async throws {
        try await SecondUser.withSquattedFallback { fallback in
            let attacker = try Attacker(socket: fallback + "/voxnav/voxnav.sock", log: fallback + "/heard.log")
            defer { attacker.stop() }
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_RUNTIME_DIR"] = nil
            let (status, output) = try Self.voxnav(["say", "Turn left now"], environment: environment)
            #expect(status != 0, "\(output)")
            #expect(output.contains("not connecting to \(fallback)/voxnav/voxnav.sock"), "\(output)")
            #expect(output.contains("refusing \(fallback)/voxnav: it is owned by \(SecondUser.name)"), "\(output)")
            #expect(attacker.heard.isEmpty, "the attacker heard: \(attacker.heard)")
        }
    }

    /// The directory and the socket file look like the user's own (as after a swap the attacker won
    /// between the check and the connect), but the process answering is another user's: the peer's
    /// credentials (`SO_PEERCRED`) refuse it before any request is written.
    @Test func aSocketAnsweredByAnotherUserIsRefusedByItsPeerCredentials() throws {
        let theirs = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-theirs-\(UUID().uuidString.prefix(8))").path
        try SecondUser.run(["mkdir", "-m", "0777", theirs])
        defer { try? FileManager.default.removeItem(atPath: theirs) }
        let attacker = try Attacker(socket: theirs + "/listening.sock", log: theirs + "/heard.log")
        defer { attacker.stop() }

        let ours = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-ours-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: ours, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: ours) }
        let socket = ours + "/voxnav.sock"
        #expect(rename(theirs + "/listening.sock", socket) == 0)
        #expect(chown(socket, geteuid(), getegid()) == 0)

        let (status, output) = try Self.voxnav(["say", "--socket", socket, "Turn left now"])
        #expect(status != 0, "\(output)")
        #expect(output.contains("it is answered by a process of \(SecondUser.name)"), "\(output)")
        #expect(!attacker.heard.contains("Turn left now") && !attacker.heard.contains("jsonrpc"), "the attacker heard: \(attacker.heard)")
        // The example guidance client in Python checks its peer the same way.
        let example = Executables.directory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples/guidance_client.py")
        let python = try Self.run("/usr/bin/python3", [example.path, "--socket", socket], environment: ProcessInfo.processInfo.environment)
        #expect(python.status == 2, "\(python.output)")
        #expect(python.output.contains("not connecting to \(socket)") && python.output.contains("nothing was sent"), "\(python.output)")
        #expect(!attacker.heard.contains("jsonrpc"), "the attacker heard: \(attacker.heard)")
        // RPCClient, as every client of the package, refuses it the same way.
        #expect {
            _ = try RPCClient(socketPath: socket)
        } throws: { error in
            "\(error)".contains("answered by a process of \(SecondUser.name)")
        }
    }

    /// XDG_RUNTIME_DIR through another user's symbolic link, which they could point elsewhere at any
    /// time: voxnavd will not listen there, and `voxnav` will not connect there.
    @Test func aSymbolicLinkOfAnotherUserOnTheWayIsRefusedByBoth() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-runtime-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(
            atPath: runtime + "/voxnav", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-link-\(UUID().uuidString.prefix(8))").path
        try SecondUser.run(["ln", "-s", runtime, link])
        defer { try? FileManager.default.removeItem(atPath: link) }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = link
        let refusal = "refusing \(link): it is a symbolic link of \(SecondUser.name) (uid"

        let daemon = try Self.run(Executables.path("voxnavd"), [], environment: environment)
        #expect(daemon.status != 0, "\(daemon.output)")
        #expect(daemon.output.contains(refusal) && daemon.output.contains("on the way to the socket's directory"), "\(daemon.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: runtime + "/voxnav").isEmpty, "voxnavd wrote behind the link")

        let client = try Self.voxnav(["say", "Turn left now"], environment: environment)
        #expect(client.status != 0, "\(client.output)")
        #expect(client.output.contains(refusal), "\(client.output)")

        // A link of the user's own (or root's) to a directory of theirs is fine: only its owner can repoint it.
        let own = link + "-own"
        try FileManager.default.createSymbolicLink(atPath: own, withDestinationPath: runtime)
        defer { try? FileManager.default.removeItem(atPath: own) }
        environment["XDG_RUNTIME_DIR"] = own
        let ownClient = try Self.voxnav(["say", "Turn left now"], environment: environment)
        #expect(ownClient.status != 0)
        #expect(ownClient.output.contains("is voxnavd running?"), "no daemon there, so the connect itself fails: \(ownClient.output)")
    }

    // MARK: helpers

    static func voxnav(_ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
        try run(Executables.path("voxnav"), arguments, environment: environment ?? ProcessInfo.processInfo.environment)
    }

    static func run(_ path: String, _ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String) {
        try Executables.run(path: path, arguments, environment: environment, limit: 20)
    }
}

/// A listener run by the second user: accepts on `socket`, writes whatever it is sent (or that a
/// connection came) to `log`, and answers as a daemon would.
private final class Attacker {
    let process: ChildProcess
    let log: String

    init(socket: String, log: String) throws {
        self.log = log
        let script = """
            import os, socket, sys
            path, log = sys.argv[1], sys.argv[2]
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.bind(path)
            os.chmod(path, 0o777)
            s.listen(8)
            while True:
                c, _ = s.accept()
                c.settimeout(2)
                try:
                    data = c.recv(65536)
                except OSError:
                    data = b""
                with open(log, "ab") as f:
                    f.write(data if data else b"(a connection, nothing sent)\\n")
                try:
                    c.sendall(b'{"jsonrpc":"2.0","id":1,"result":{"outcome":"finished"}}\\n')
                except OSError:
                    pass
                c.close()
            """
        process = try ChildProcess(
            "/usr/sbin/runuser", ["-u", SecondUser.name, "--", "python3", "-c", script, socket, log], output: .discard, error: .discard)
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: socket) { Thread.sleep(forTimeInterval: 0.05) }
        guard FileManager.default.fileExists(atPath: socket) else {
            stop()
            throw SecondUser.Unavailable("the second user's listener did not start on \(socket)")
        }
    }

    /// What the attacker was sent ("" when nothing reached it).
    var heard: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

    func stop() {
        // runuser passes SIGTERM on to the listener.
        process.stop(within: 2)
    }
}
