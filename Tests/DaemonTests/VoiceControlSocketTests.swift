import AudioTestSupport
import Foundation
import RPC
import RPCSocket
import Testing

/// The voice-control template over the socket (`session.voiceControl`): the one window a navigation
/// app may record in, and no prompt over the user's speech while it is shown.
@Suite struct VoiceControlSocketTests {
    private func recordingViolations(_ client: RPCClient) async throws -> [JSONValue] {
        let audit = try await blocking { try client.call("audit.get", .object(["all": .bool(false)])) }
        return (audit["violations"]?.arrayValue ?? []).filter { $0["rule"] == .string("recordingInCar") }
    }

    private func record(_ client: RPCClient, category: String = "playAndRecord") async throws {
        _ = try await blocking { try client.call("session.configure", .object(["category": .string(category)])) }
        _ = try await blocking { try client.call("session.setActive", .object(["active": .bool(true)])) }
    }

    private func stopRecording(_ client: RPCClient) async throws {
        _ = try await blocking { try client.call("session.setActive", .object(["active": .bool(false)])) }
    }

    private func showVoiceControl(_ client: RPCClient, _ shown: Bool) async throws -> JSONValue {
        try await blocking { try client.call("session.voiceControl", .object(["shown": .bool(shown)])) }
    }

    @Test func recordingIsAuditedOutsideTheVoiceControlTemplateOnly() async throws {
        try await AudioServerLock.shared.withLock {
            let daemon = try await RealDaemon.start()
            let search = try daemon.connect()
            let shown = try await showVoiceControl(search, true)
            #expect(shown == .object(["shown": .bool(true), "style": .string("none")]), "\(shown)")
            try await record(search)
            try await stopRecording(search)
            let hiddenAgain = try await showVoiceControl(search, false)
            #expect(hiddenAgain["style"] == .string("normal"))
            let insideViolations = try await recordingViolations(search)
            #expect(insideViolations.isEmpty, "recorded inside the template, and audited")

            let dictation = try daemon.connect()
            try await record(dictation, category: "record")
            try await stopRecording(dictation)
            let outside = try await recordingViolations(dictation)
            #expect(outside.count == 1, "\(outside)")
            #expect(outside.first?["detail"]?.stringValue?.contains("outside a voice-control screen") == true, "\(outside)")

            // Hidden while still recording: the rest of the recording is outside the window.
            _ = try await showVoiceControl(search, true)
            try await record(search)
            _ = try await showVoiceControl(search, false)
            let hidden = try await recordingViolations(search)
            #expect(hidden.count == 1 && hidden.first?["detail"]?.stringValue?.contains("hidden") == true, "\(hidden)")
            try await stopRecording(search)

            let bad = try await blocking { try search.exchange(#"{"jsonrpc":"2.0","id":1,"method":"session.voiceControl","params":{"shown":"yes"}}"#) }
            #expect(bad["error"]?["code"] == .number(-32602), "\(bad)")
            #expect(bad["error"]?["message"]?.stringValue?.contains("shown") == true, "\(bad)")
            await daemon.stop()
        }
    }

    @Test func noPromptIsHeardWhileTheVoiceControlTemplateIsShown() async throws {
        try await AudioServerLock.shared.withLock {
            let daemon = try await RealDaemon.start()
            let search = try daemon.connect()
            let app = try daemon.connect()
            _ = try await showVoiceControl(search, true)
            let style = try await blocking { try app.call("session.promptStyle") }
            #expect(style["style"] == .string("none"))

            // Nothing reaches the car while the template is shown.
            let capture = try MonitorCapture()
            try await capture.waitForAudio(seconds: 0.2)
            let held = try await blocking { try app.call("prompt.speak", .object(["text": .string("Turn left onto Main Street.")])) }
            try await Task.sleep(for: .milliseconds(500))
            let silent = LevelAnalysis(samples: capture.stop(), sampleRate: capture.sampleRate)
            #expect(held["result"] == .string("skipped"), "held: \(held)")
            #expect(held["reason"]?.stringValue?.contains("voiceControlShown") == true, "\(held)")
            #expect(silent.duration(above: 0.01) == 0, "heard \(silent.duration(above: 0.01)) s of a prompt over the user's speech")

            // The radio is left at its own volume: nothing is ducked for a prompt that does not play.
            _ = try await blocking { try app.call("source.start", .object(["kind": .string("fmRadio")])) }
            let before = try #require(try PulseProbe.sinkInput(application: "Car FM Radio")).volumes
            let again = try await blocking { try app.call("prompt.speak", .object(["text": .string("Keep right.")])) }
            #expect(again["result"] == .string("skipped") && again["ducked"] == .array([]), "\(again)")
            #expect(try PulseProbe.sinkInput(application: "Car FM Radio")?.volumes == before)

            // Hidden again, a prompt plays and ducks the radio.
            _ = try await showVoiceControl(search, false)
            let spoken = try await blocking { try app.call("prompt.speak", .object(["text": .string("Keep right.")])) }
            #expect(spoken["result"] == .string("finished"), "\(spoken)")
            #expect(spoken["ducked"]?.arrayValue?.isEmpty == false, "\(spoken)")
            await daemon.stop()
        }
    }
}
