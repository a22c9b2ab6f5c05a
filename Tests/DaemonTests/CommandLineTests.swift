import AudioTestSupport
import Foundation
import RPC
import Testing

/// The `voxnav` CLI as a user types it: values checked against the domain's enums before anything
/// reaches the daemon, and every simulated source switched with the same words.
@Suite struct CommandLineTests {
    private func voxnav(_ arguments: [String]) throws -> (status: Int32, output: String) { try Executables.run("voxnav", arguments) }

    @Test func helpListsTheValuesAndAWrongOneIsRefusedWithThem() throws {
        let say = try voxnav(["say", "--help"])
        #expect(say.status == 0 && say.output.contains("important") && say.output.contains("low"), "\(say.output)")
        let session = try voxnav(["session", "activate", "--help"])
        #expect(session.output.contains("playAndRecord") && session.output.contains("voicePrompt") && session.output.contains("duckOthers"))
        // Refused before any connection: no daemon listens on this socket.
        let socket = ["--socket", "/nonexistent/voxnav.sock"]
        let kind = try voxnav(["source", "start", "radio"] + socket)
        #expect(kind.status == 64 && kind.output.contains("fmRadio") && kind.output.contains("voiceAssistant"), "\(kind.output)")
        let priority = try voxnav(["say", "hello", "--priority", "urgent"] + socket)
        #expect(priority.status == 64 && priority.output.contains("important"), "\(priority.output)")
        let option = try voxnav(["session", "configure", "--options", "duckOthers,duckEverything"] + socket)
        #expect(option.status == 64 && option.output.contains("interruptSpokenAudioAndMixWithOthers"), "\(option.output)")
        let maneuver = try voxnav(["maneuver", "leftish"] + socket)
        #expect(maneuver.status == 64 && maneuver.output.contains("roundaboutExit3"), "\(maneuver.output)")
        let state = try voxnav(["maneuver", "leftTurn", "--state", "soon"] + socket)
        #expect(state.status == 64 && state.output.contains("prepare"), "\(state.output)")
        let action = try voxnav(["music", "pause"] + socket)
        #expect(action.status == 64 && action.output.contains("start") && action.output.contains("stop"), "\(action.output)")
    }

    /// Every simulated source's command takes start|stop (a call's begin|end still work), and the
    /// daemon sees what was asked.
    @Test func everySourceIsSwitchedTheSameWay() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let socket = FileManager.default.temporaryDirectory.appendingPathComponent("voxnavd-\(UUID().uuidString.prefix(8))/voxnav.sock").path
            let (daemon, connection) = try await startDaemon(socket: socket)
            defer {
                daemon.terminate()
                daemon.waitUntilExit()
            }
            func kinds() throws -> [String: String] {
                let sources = try connection.call("source.list")["sources"]?.arrayValue ?? []
                return Dictionary(
                    sources.compactMap { s in s["kind"]?.stringValue.map { ($0, s["activity"]?.stringValue ?? "-") } }, uniquingKeysWith: { a, _ in a })
            }
            let switches: [(command: String, on: String, off: String, kind: String)] = [
                ("radio", "start", "stop", "fmRadio"), ("music", "on", "off", "music"), ("podcast", "start", "stop", "spokenAudio"),
                ("call", "begin", "end", "phoneCall"), ("assistant", "start", "stop", "voiceAssistant"),
            ]
            for s in switches {
                let on = try voxnav([s.command, s.on, "--socket", socket])
                #expect(on.status == 0, "\(s.command) \(s.on): \(on.output)")
                #expect(try kinds()[s.kind] != nil, "\(s.command) \(s.on) started no \(s.kind)")
                let off = try voxnav([s.command, s.off, "--socket", socket])
                #expect(off.status == 0, "\(s.command) \(s.off): \(off.output)")
                #expect(try kinds()[s.kind] == nil, "\(s.command) \(s.off) left \(s.kind) running")
            }
            #expect(try voxnav(["assistant", "start", "--speaking", "--socket", socket]).status == 0)
            #expect(try kinds()["voiceAssistant"] == "speaking")
            #expect(try voxnav(["assistant", "start", "--socket", socket]).status == 0)
            #expect(try kinds()["voiceAssistant"] == "listening")
            #expect(try voxnav(["assistant", "stop", "--socket", socket]).status == 0)
            #expect(try kinds().isEmpty)
        }
    }

    /// The user's voice guidance (`--voice-guidance`) and the voice-control template (`session
    /// voice-control`) from the command line.
    @Test func voiceGuidanceAndTheVoiceControlTemplate() async throws {
        let refused = try voxnav(["say", "hello", "--voice-guidance", "loud", "--socket", "/nonexistent/voxnav.sock"])
        #expect(refused.status == 64 && refused.output.contains("alertsOnly"), "\(refused.output)")
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let socket = FileManager.default.temporaryDirectory.appendingPathComponent("voxnavd-\(UUID().uuidString.prefix(8))/voxnav.sock").path
            let (daemon, connection) = try await startDaemon(socket: socket)
            defer {
                daemon.terminate()
                daemon.waitUntilExit()
            }
            let instruction = try voxnav(["maneuver", "leftTurn", "--voice-guidance", "alertsOnly", "--socket", socket])
            #expect(instruction.status == 0 && instruction.output.hasPrefix("skipped"), "\(instruction.output)")
            let alert = try voxnav(["say", "Traffic ahead.", "--voice-guidance", "alertsOnly", "--socket", socket])
            #expect(alert.status == 0 && alert.output.hasPrefix("finished"), "\(alert.output)")

            let template = try voxnav(["session", "voice-control", "--hold", "0.3", "--record", "--socket", socket])
            #expect(template.status == 0, "\(template.output)")
            #expect(template.output.contains("voice control shown; prompt style now: none") && template.output.contains("recording"), "\(template.output)")
            #expect(template.output.contains("voice control hidden; prompt style now: normal"), "\(template.output)")
            let violations = try connection.call("audit.get")["violations"]?.arrayValue ?? []
            #expect(violations.isEmpty, "recording inside the template was audited: \(violations)")
        }
    }
}
