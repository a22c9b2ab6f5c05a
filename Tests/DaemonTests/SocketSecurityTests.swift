import AudioTestSupport
import Foundation
import ProcessSupport
import RPC
import Testing

/// Another local user must not be able to take voxnavd's place or feed it a journal: a squatted
/// socket directory, a symbolic link at the socket or its directory, a journal that is a link or is
/// not the user's. Each is refused with the path and what is wrong, and nothing is touched.
@Suite(.serialized) struct SocketSecurityTests {
    /// voxnavd started with `arguments`, its output going to a log file of its own (removed by the caller).
    private func started(_ arguments: [String], environment: [String: String]) throws -> (process: ChildProcess, log: URL) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("voxnavd-\(UUID().uuidString.prefix(8)).log")
        let process = try ChildProcess(
            Executables.path("voxnavd"), arguments, environment: environment, output: .file(log.path), error: .output)
        return (process, log)
    }

    /// voxnavd on `socket`, expected to refuse and exit at once; its status and what it printed.
    private func refusal(_ socket: String, arguments: [String] = [], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let (process, output) = try started(
            ["--socket", socket] + arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        defer { try? FileManager.default.removeItem(at: output) }
        if process.waitUntilExit(within: 10) == nil {
            process.terminate()
            process.waitUntilExit()
            Issue.record("voxnavd accepted \(socket) and kept running")
        }
        return (process.waitUntilExit(), try String(contentsOf: output, encoding: .utf8))
    }

    private func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))").path
    }

    @Test(.enabled(if: SecondUser.available, "needs a second user: run as root, with useradd"))
    func aDirectorySquattedByAnotherUserIsRefused() throws {
        let squatted = temporaryPath("voxnav-squatted")
        try SecondUser.run(["mkdir", "-m", "0777", squatted])
        defer { try? FileManager.default.removeItem(atPath: squatted) }
        let (status, output) = try refusal(squatted + "/voxnav.sock")
        #expect(status != 0)
        #expect(output.contains("refusing \(squatted): it is owned by \(SecondUser.name)"), "\(output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: squatted).isEmpty, "voxnavd wrote into the squatted directory")

        // Inside a directory of another user's, even a directory of one's own can be swapped away.
        let inner = squatted + "/voxnav"
        try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let nested = try refusal(inner + "/voxnav.sock")
        #expect(nested.status != 0)
        #expect(nested.output.contains("refusing \(squatted): it holds the socket's directory but is owned by \(SecondUser.name)"), "\(nested.output)")
    }

    /// Without XDG_RUNTIME_DIR voxnavd falls back to /tmp/voxnav-UID/voxnav, which anyone can create first.
    @Test(.enabled(if: SecondUser.available, "needs a second user: run as root, with useradd"))
    func theSlashTmpFallbackSquattedByAnotherUserIsRefused() async throws {
        try await SecondUser.withSquattedFallback { fallback in
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_RUNTIME_DIR"] = nil
            let (status, output) = try Executables.run(path: Executables.path("voxnavd"), [], environment: environment, limit: 20)
            #expect(status != 0)
            #expect(output.contains("refusing \(fallback)/voxnav: it is owned by \(SecondUser.name)"), "\(output)")
            #expect(!FileManager.default.fileExists(atPath: fallback + "/voxnav/voxnav.sock"))
        }
    }

    /// `--ssip-socket` gets the checks `--socket` has: in another user's 0777 directory the other
    /// user could swap the socket and receive what speech-dispatcher's clients say; voxnavd accepted
    /// it (issue 50). Now it refuses at once, having written nothing there.
    @Test(.enabled(if: SecondUser.available, "needs a second user: run as root, with useradd"))
    func anSSIPSocketInADirectorySquattedByAnotherUserIsRefused() throws {
        let squatted = temporaryPath("voxnav-ssip-squatted")
        try SecondUser.run(["mkdir", "-m", "0777", squatted])
        defer { try? FileManager.default.removeItem(atPath: squatted) }
        let own = temporaryPath("voxnav-own")
        defer { try? FileManager.default.removeItem(atPath: own) }
        let (status, output) = try refusal(own + "/voxnav.sock", arguments: ["--ssip-socket", squatted + "/ssip.sock"])
        #expect(status != 0)
        #expect(output.contains("refusing \(squatted): it is owned by \(SecondUser.name)"), "\(output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: squatted).isEmpty, "voxnavd wrote into the squatted directory")
    }

    /// Without XDG_RUNTIME_DIR, voxnavd's socket falls back to /tmp/voxnav-UID, which the daemon checks;
    /// but speech-dispatcher's clients check neither the owner nor the peer of the socket they are
    /// sent to, so one sent there while voxnavd is not running talks to whoever made it first. The
    /// daemon opens no SSIP socket there and says why (before, it opened /tmp/voxnav-UID/voxnav/ssip.sock
    /// and docs/SSIP.md sent clients to it). The real voxnavd, stopped by SIGTERM.
    @Test func noSSIPSocketIsOfferedInTheSlashTmpFallback() async throws {
        try await AudioServerLock.shared.withLock {
            let fallback = "/tmp/voxnav-\(getuid())"
            try #require(!FileManager.default.fileExists(atPath: fallback + "/voxnav/voxnav.sock"), "a daemon runs on the fallback already")
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_RUNTIME_DIR"] = nil
            let (process, log) = try started([], environment: environment)
            defer { try? FileManager.default.removeItem(at: log) }
            defer {
                kill(process.processIdentifier, SIGTERM)
                process.waitUntilExit()
                try? FileManager.default.removeItem(atPath: fallback)
            }
            for _ in 0..<200 where !FileManager.default.fileExists(atPath: fallback + "/voxnav/voxnav.sock") {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(FileManager.default.fileExists(atPath: fallback + "/voxnav/voxnav.sock"), "voxnavd did not listen on the fallback")
            try await Task.sleep(for: .milliseconds(300))
            #expect(!FileManager.default.fileExists(atPath: fallback + "/voxnav/ssip.sock"))
            let output = try String(contentsOf: log, encoding: .utf8)
            #expect(output.contains("no SSIP socket: XDG_RUNTIME_DIR is not set"), "\(output)")
        }
    }

    @Test func aDirectoryOthersMayEnterIsRefused() throws {
        let open = temporaryPath("voxnav-open")
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(atPath: open) }
        let (status, output) = try refusal(open + "/voxnav.sock")
        #expect(status != 0)
        #expect(output.contains("refusing \(open): it has mode 755: group and others must have no permission on it"), "\(output)")
    }

    @Test(.enabled(if: SecondUser.available, "needs a second user: run as root, with useradd"))
    func aSymlinkAtTheSocketOrItsDirectoryIsRefusedAndLeftAlone() throws {
        // The other user's directory, where a link would lead the daemon's clients.
        let theirs = temporaryPath("voxnav-theirs")
        try SecondUser.run(["mkdir", "-m", "0700", theirs])
        defer { try? FileManager.default.removeItem(atPath: theirs) }

        let ours = temporaryPath("voxnav-ours")
        try FileManager.default.createDirectory(atPath: ours, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: ours) }
        let link = ours + "/voxnav.sock"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: theirs + "/voxnav.sock")
        let atSocket = try refusal(link)
        #expect(atSocket.status != 0)
        #expect(atSocket.output.contains("refusing \(link): it is a symbolic link"), "\(atSocket.output)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == theirs + "/voxnav.sock", "the link was removed")

        let linkedDirectory = temporaryPath("voxnav-linked")
        try FileManager.default.createSymbolicLink(atPath: linkedDirectory, withDestinationPath: theirs)
        defer { try? FileManager.default.removeItem(atPath: linkedDirectory) }
        let atDirectory = try refusal(linkedDirectory + "/voxnav.sock")
        #expect(atDirectory.status != 0)
        #expect(atDirectory.output.contains("refusing \(linkedDirectory): it is a symbolic link"), "\(atDirectory.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: theirs).isEmpty)
    }

    /// A journal is replayed onto the sound server by the next daemon: one that is a link, or that is
    /// not the user's, is moved aside unread and the streams it names are left as they are.
    @Test(
        .enabled(if: SecondUser.available, "needs a second user: run as root, with useradd"),
        arguments: ["another user's", "a symbolic link"])
    func aJournalNotOfTheUsersOwnIsNotReplayed(_ kind: String) async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let player = try ForeignPlayer(applicationName: "Third-party player", properties: ["media.role": "music"], volume: 40000)
            defer { player.stop() }
            let before = try await player.waitForSinkInput()
            let socket = temporaryPath("voxnavd-journal") + "/voxnav.sock"
            let directory = (socket as NSString).deletingLastPathComponent
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let journal = directory + "/journal.json"

            // A daemon killed mid-prompt leaves the music ducked and a journal that would undo it.
            let (first, connection) = try await startDaemon(socket: socket)
            _ = try await blocking {
                try connection.call("prompt.speak", .object(["text": .string("In 800 meters, at the roundabout, take the third exit."), "wait": .bool(false)]))
            }
            var ducked = before.volumes
            for _ in 0..<60 where ducked == before.volumes {
                try await Task.sleep(for: .milliseconds(50))
                ducked = try PulseProbe.sinkInputs().first { $0.index == before.index }?.volumes ?? before.volumes
            }
            try #require(ducked != before.volumes, "the music was never ducked")
            kill(first.processIdentifier, SIGKILL)
            first.waitUntilExit()
            try #require(FileManager.default.fileExists(atPath: journal))
            let left = try #require(try PulseProbe.sinkInputs().first { $0.index == before.index }).volumes

            // Someone else's journal in its place.
            let planted = temporaryPath("voxnav-planted.json")
            defer { try? FileManager.default.removeItem(atPath: planted) }
            if kind == "a symbolic link" {
                try FileManager.default.moveItem(atPath: journal, toPath: planted)
                #expect(chown(planted, try SecondUser.uid.get(), gid_t(0)) == 0)
                try FileManager.default.createSymbolicLink(atPath: journal, withDestinationPath: planted)
            } else {
                #expect(chown(journal, try SecondUser.uid.get(), gid_t(0)) == 0)
            }
            let log = temporaryPath("voxnavd-journal.log")
            defer { try? FileManager.default.removeItem(atPath: log) }
            let (second, _) = try await startDaemon(socket: socket, log: log)
            let after = try #require(try PulseProbe.sinkInputs().first { $0.index == before.index })
            #expect(after.volumes == left, "the journal was replayed: \(after.volumes), left at \(left)")
            #expect((try? FileManager.default.attributesOfItem(atPath: journal)) == nil, "the journal is still there")
            kill(second.processIdentifier, SIGTERM)
            second.waitUntilExit()
            let said = try String(contentsOfFile: log, encoding: .utf8)
            #expect(said.contains("ignored the journal"), "\(said)")
            #expect(said.contains(kind == "a symbolic link" ? "symbolic link" : "belongs to uid \(try SecondUser.uid.get())"), "\(said)")
        }
    }
}
