import AudioTestSupport
import Foundation
import PulseServer
import RPC
import Testing

/// The sound server dies (SIGKILL) and comes back on the same socket: voxnavd, the real binary,
/// reconnects by itself, starts its sources again as they were, and no prompt hangs. Everything is
/// read back from the new server with pactl. Each test has a PulseAudio server of its own.
@Suite struct SoundServerRestartTests {
    static let radio = "Car FM Radio (simulated)"
    static let podcast = "Podcast Player (simulated)"
    static let call = "Phone Call (simulated)"
    static let endTypes: Set<String> = ["prompt.finished", "prompt.shortened", "prompt.skipped", "prompt.expired"]

    @Test func theDaemonReconnectsStartsTheRadioAgainAndNoPromptHangs() async throws {
        try await withDaemonOnItsOwnServer(events: ["server", "prompt"]) { server, control, recorder in
            _ = try await blocking { try control.call("source.start", .object(["kind": .string("fmRadio")])) }
            let radioBefore = try #require(try await poll(seconds: 5) { try radio(on: server) })

            // A prompt is playing when the server dies: it ends at once, with the reason.
            let playing = try await blocking { try control.call("prompt.speak", .object([
                "text": .string("In 800 meters, at the roundabout, take the third exit onto Solar Circle, then keep left."),
                "wait": .bool(false)])) }
            let playingID = try #require(playing["id"]?.stringValue)
            #expect(await recorder.wait(seconds: 10) { $0.contains { $0["prompt"] == .string(playingID) && $0["type"] == .string("prompt.started") } })
            server.kill()
            #expect(await recorder.wait(seconds: 2) { $0.contains { $0["type"] == .string("server.lost") } }, "no server.lost event")
            #expect(await recorder.wait(seconds: 2) { ended(playingID, in: $0) != nil }, "the playing prompt did not end within 2 s")
            let end = ended(playingID, in: recorder.events)
            #expect(end?["type"] == .string("prompt.skipped"))
            #expect(end?["reason"] == .string("sound server unavailable"), "\(String(describing: end))")

            // During the outage a prompt is refused at once, with the reason; the daemon still answers.
            let asked = Date()
            let refused = try await blocking {
                try control.exchange(#"{"jsonrpc":"2.0","id":7,"method":"prompt.speak","params":{"text":"Turn left."}}"#)
            }
            #expect(Date().timeIntervalSince(asked) < 1, "the refusal took \(Date().timeIntervalSince(asked)) s")
            #expect(refused["error"]?["code"] == .number(-32000))
            #expect(refused["error"]?["message"]?.stringValue?.contains("sound server unavailable") == true, "\(refused)")
            let during = try await blocking { try control.call("state.get") }
            #expect(during["sources"]?.arrayValue?.map { $0["kind"] } == [.string("fmRadio")])

            // The server comes back on the same socket: the radio is there again within 2 s, once.
            try await Task.sleep(for: .milliseconds(300))
            try server.start()
            let serverBack = Date()
            let radioAfter = try await poll(seconds: 2) { try radio(on: server) }
            #expect(radioAfter != nil, "the radio was not back within 2 s of the server")
            print(String(format: "sound server restart: the radio was back %.2f s after the server answered", Date().timeIntervalSince(serverBack)))
            #expect(try PulseProbe.sinkInputs(server: server.address).filter { $0.applicationName == Self.radio }.count == 1)
            #expect(radioAfter?.volumes == radioBefore.volumes)
            #expect(await recorder.wait(seconds: 2) { $0.contains { $0["type"] == .string("server.restored") } }, "no server.restored event")

            // A prompt plays again and ducks the radio again, then gives it back its volume.
            let again = try await blocking { try control.call("prompt.speak", .object(["text": .string("Keep right at the fork."), "wait": .bool(false)])) }
            let againID = try #require(again["id"]?.stringValue)
            let ducked = try await poll(seconds: 5) { try radio(on: server).flatMap { $0.volumes != radioBefore.volumes ? $0 : nil } }
            #expect(ducked != nil, "the radio was not ducked by a prompt after the restart")
            #expect(await recorder.wait(seconds: 10) { ended(againID, in: $0)?["type"] == .string("prompt.finished") }, "\(recorder.types(ofPrompt: againID))")
            let restored = try await poll(seconds: 3) { try radio(on: server).flatMap { $0.volumes == radioBefore.volumes ? $0 : nil } }
            #expect(restored != nil, "the radio was not restored after the prompt")
        }
    }

    @Test func aPodcastPausedByACallStaysPausedWhereItWasAndResumesFromThere() async throws {
        try await withDaemonOnItsOwnServer(events: ["server"]) { server, control, recorder in
            _ = try await blocking { try control.call("source.start", .object(["kind": .string("spokenAudio")])) }
            try await Task.sleep(for: .milliseconds(1500))
            _ = try await blocking { try control.call("source.start", .object(["kind": .string("phoneCall")])) }
            try await Task.sleep(for: .milliseconds(600))
            let pausedAt = try #require(try await podcastState(control)?["position"]?.doubleValue)
            #expect(pausedAt > 0.5, "the podcast never played")

            server.kill()
            #expect(await recorder.wait(seconds: 2) { $0.contains { $0["type"] == .string("server.lost") } })
            try server.start()
            #expect(await recorder.wait(seconds: 2) { $0.contains { $0["type"] == .string("server.restored") } }, "not back within 2 s")

            // Both streams are there again; the call still holds the podcast paused (corked), where it was.
            let inputs = try PulseProbe.sinkInputs(server: server.address)
            let podcast = try #require(inputs.first { $0.applicationName == Self.podcast }, "the podcast was not started again")
            let call = try #require(inputs.first { $0.applicationName == Self.call }, "the call was not started again")
            #expect(podcast.corked, "the podcast plays during the call")
            #expect(!call.corked)
            let state = try #require(try await podcastState(control))
            #expect(state["state"] == .string("paused"))
            let place = try #require(state["position"]?.doubleValue)
            #expect(abs(place - pausedAt) < 0.3, "paused at \(pausedAt) s, at \(place) s after the restart")

            // The call ends: the podcast resumes from there.
            _ = try await blocking { try control.call("source.stop", .object(["kind": .string("phoneCall")])) }
            try await Task.sleep(for: .milliseconds(1500))
            let resumed = try #require(try await podcastState(control))
            let playedOn = try #require(resumed["position"]?.doubleValue)
            #expect(resumed["state"] == .string("playing"))
            #expect(playedOn > place + 0.5 && playedOn < place + 2.5, "from \(place) s to \(playedOn) s in 1.5 s")
            #expect(try PulseProbe.sinkInputs(server: server.address).first { $0.applicationName == Self.podcast }?.corked == false)
        }
    }

    @Test func aRadioDuckedByTheCarsNavigationVoiceIsDuckedAgainAndRestoredExactly() async throws {
        try await withDaemonOnItsOwnServer(events: ["server"]) { server, control, recorder in
            _ = try await blocking { try control.call("source.start", .object(["kind": .string("fmRadio")])) }
            let full = try #require(try await poll(seconds: 5) { try radio(on: server) }).volumes
            _ = try await blocking { try control.call("source.start", .object(["kind": .string("nativeNavigation")])) }
            let ducked = try #require(try await poll(seconds: 3) { try radio(on: server).flatMap { $0.volumes != full ? $0 : nil } },
                                      "the car's navigation voice did not duck the radio").volumes

            server.kill()
            #expect(await recorder.wait(seconds: 2) { $0.contains { $0["type"] == .string("server.lost") } })
            try server.start()
            #expect(await recorder.wait(seconds: 2) { $0.contains { $0["type"] == .string("server.restored") } }, "not back within 2 s")
            // Ducked again, to the same level, on the new server.
            let back = try radio(on: server)?.volumes
            #expect(back == ducked, "the radio came back at \(String(describing: back)), ducked it was \(ducked)")
            // And the restore takes it back to its own volume on the new server.
            _ = try await blocking { try control.call("source.stop", .object(["kind": .string("nativeNavigation")])) }
            let restored = try await poll(seconds: 3) { try radio(on: server).flatMap { $0.volumes == full ? $0 : nil } }
            #expect(restored != nil, "the radio was not restored to \(full)")
        }
    }

    /// The real voxnavd on a PulseAudio server of the test's own, with a client and an event recorder.
    private func withDaemonOnItsOwnServer(
        events: [String], _ body: @Sendable (NullSinkServer, RPCClient, EventRecorder) async throws -> Void
    ) async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let server = try NullSinkServer()
            defer { server.stop() }
            let socket = FileManager.default.temporaryDirectory.appendingPathComponent("voxnavd-\(UUID().uuidString.prefix(8))/voxnav.sock").path
            let (daemon, control) = try await startDaemon(socket: socket, pulseServer: server.address)
            defer { if daemon.isRunning { kill(daemon.processIdentifier, SIGKILL); daemon.waitUntilExit() } }
            try await body(server, control, try EventRecorder(socketPath: socket, types: events))
            // It never crashed, and it still shuts down cleanly on the new server.
            #expect(daemon.isRunning, "voxnavd died")
            kill(daemon.processIdentifier, SIGTERM)
            for _ in 0..<100 where daemon.isRunning { try await Task.sleep(for: .milliseconds(50)) }
            #expect(!daemon.isRunning && daemon.terminationStatus == 0, "voxnavd did not exit cleanly on SIGTERM")
        }
    }

    private func radio(on server: NullSinkServer) throws -> PulseProbe.SinkInput? {
        try PulseProbe.sinkInputs(server: server.address).first { $0.applicationName == Self.radio }
    }

    private func podcastState(_ control: RPCClient) async throws -> JSONValue? {
        let state = try await blocking { try control.call("state.get") }
        return state["sources"]?.arrayValue?.first { $0["kind"] == .string("spokenAudio") }
    }

    /// The end event of a prompt, if it has ended.
    private func ended(_ id: String, in events: [JSONValue]) -> JSONValue? {
        events.first { $0["prompt"] == .string(id) && Self.endTypes.contains($0["type"]?.stringValue ?? "") }
    }
}

/// Polls `body` every 50 ms for at most `seconds` until it returns something.
func poll<T>(seconds: Double, _ body: () throws -> T?) async rethrows -> T? {
    let deadline = Date().addingTimeInterval(seconds)
    repeat {
        if let value = try body() { return value }
        try? await Task.sleep(for: .milliseconds(50))
    } while Date() < deadline
    return try body()
}
