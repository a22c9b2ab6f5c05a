import AudioTestSupport
import Foundation
import RPC
import RPCSocket
import Speech
import Testing

/// The user's toggle for voice prompts over the socket (`session.voiceGuidance`), with what reaches
/// the car read back from `car.monitor`.
@Suite struct VoiceGuidanceSocketTests {
    private static let maneuver: JSONValue = .object([
        "type": .string("rightTurn"), "roadName": .string("Solar Cir."), "state": .string("prepare"), "distanceRemaining": .number(150),
    ])

    private func setLevel(_ client: RPCClient, _ level: String) async throws -> JSONValue {
        try await blocking { try client.call("session.voiceGuidance", .object(["level": .string(level)])) }
    }

    /// Speaks and returns the outcome with the seconds of sound that reached the car meanwhile.
    private func speakHeard(_ client: RPCClient, _ params: [String: JSONValue]) async throws -> (outcome: JSONValue, heard: Double) {
        let capture = try MonitorCapture()
        try await capture.waitForAudio(seconds: 0.1)
        let request = JSONValue.object(params)
        let outcome = try await blocking { try client.call("prompt.speak", request) }
        try await Task.sleep(for: .milliseconds(300))
        let levels = LevelAnalysis(samples: capture.stop(), sampleRate: capture.sampleRate)
        return (outcome, levels.duration(above: 0.01))
    }

    @Test func alertsOnlySilencesInstructionsAndOffSilencesEverything() async throws {
        try await AudioServerLock.shared.withLock {
            let daemon = try await RealDaemon.start()
            let app = try daemon.connect()
            let set = try await setLevel(app, "alertsOnly")
            #expect(
                set
                    == .object([
                        "style": .string("none"), "alertStyle": .string("normal"), "voiceGuidance": .string("alertsOnly"),
                        "promptsDuringCall": .string("tone"), "guidanceGain": .string("normal"),
                    ]), "\(set)")
            let style = try await blocking { try app.call("session.promptStyle") }
            #expect(style == set)

            let instruction = try await speakHeard(app, ["maneuver": Self.maneuver])
            #expect(instruction.outcome["result"] == .string("skipped"), "\(instruction.outcome)")
            #expect(instruction.outcome["reason"]?.stringValue?.contains("voice guidance alertsOnly") == true, "\(instruction.outcome)")
            #expect(instruction.heard == 0, "an instruction was heard with alerts only: \(instruction.heard) s")
            let alert = try await speakHeard(app, ["text": .string("Traffic ahead.")])
            #expect(alert.outcome["result"] == .string("finished"), "\(alert.outcome)")
            #expect(alert.heard > 0.2, "the alert was not heard: \(alert.heard) s")

            _ = try await setLevel(app, "off")
            let off = try await speakHeard(app, ["text": .string("Traffic ahead.")])
            #expect(off.outcome["result"] == .string("skipped") && off.heard == 0, "\(off)")

            // Another client's prompts are not the user's toggle of this one.
            let other = try daemon.connect()
            let theirs = try await speakHeard(other, ["maneuver": Self.maneuver])
            #expect(theirs.outcome["result"] == .string("finished") && theirs.heard > 0.2, "\(theirs)")

            _ = try await setLevel(app, "all")
            let back = try await speakHeard(app, ["maneuver": Self.maneuver])
            #expect(back.outcome["result"] == .string("finished") && back.heard > 0.2, "\(back)")

            let bad = try await blocking { try app.exchange(#"{"jsonrpc":"2.0","id":1,"method":"session.voiceGuidance","params":{"level":"mute"}}"#) }
            #expect(bad["error"]?["code"] == .number(-32602), "\(bad)")
            #expect(bad["error"]?["message"]?.stringValue?.contains("alertsOnly") == true, "\(bad)")
            await daemon.stop()
        }
    }

    /// `session.guidanceGain` over the socket: the connection's own, louder heard louder in the car
    /// than another connection's normal, a bad value refused changing nothing.
    @Test func theGuidanceGainIsTheConnectionsOwn() async throws {
        try await AudioServerLock.shared.withLock {
            let daemon = try await RealDaemon.start()
            let app = try daemon.connect()
            let other = try daemon.connect()
            let set = try await blocking { try app.call("session.guidanceGain", .object(["gain": .string("softer")])) }
            #expect(set["guidanceGain"] == .string("softer") && set["style"] == .string("normal"), "\(set)")
            let bad = try await blocking {
                try app.exchange(#"{"jsonrpc":"2.0","id":1,"method":"session.guidanceGain","params":{"gain":"deafening"}}"#)
            }
            #expect(bad["error"]?["code"] == .number(-32602), "\(bad)")
            #expect(bad["error"]?["message"]?.stringValue?.contains("softer, normal, louder") == true, "\(bad)")
            let style = try await blocking { try app.call("session.promptStyle") }
            #expect(style["guidanceGain"] == .string("softer"), "a refused value changed the gain: \(style)")
            let theirs = try await blocking { try other.call("session.promptStyle") }
            #expect(theirs["guidanceGain"] == .string("normal"), "another connection's gain changed: \(theirs)")
            // Heard: the same prompt, softer on this connection than on the other.
            let soft = try await Self.levelHeard(app)
            let normal = try await Self.levelHeard(other)
            #expect(abs(normal - soft - 6) < 1, "softer is \(normal - soft) dB under normal")
            await daemon.stop()
        }
    }

    /// The speech level (dBFS) of a prompt in the capture of `car.monitor`.
    private static func levelHeard(_ client: RPCClient) async throws -> Double {
        let capture = try MonitorCapture()
        try await capture.waitForAudio(seconds: 0.1)
        let outcome = try await blocking { try client.call("prompt.speak", .object(["text": .string("Turn left onto Elm Street.")])) }
        #expect(outcome["result"] == .string("finished"), "\(outcome)")
        try await Task.sleep(for: .milliseconds(300))
        let samples = capture.stop()
        return try #require(SpeechLevel.level(of: samples, sampleRate: capture.sampleRate), "nothing heard")
    }

    @Test func guidanceAnnouncementsFollowTheLevel() async throws {
        try await AudioServerLock.shared.withLock {
            let daemon = try await RealDaemon.start()
            let recorder = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            let app = try daemon.connect()
            _ = try await setLevel(app, "alertsOnly")
            _ = try await blocking { try app.call("guidance.start", .object(["language": .string("en-US")])) }
            let update: JSONValue = .object([
                "time": .number(0), "speed": .number(12),
                "maneuvers": .array([.object(["id": .string("m1"), "distance": .number(30), "maneuver": .object(["type": .string("rightTurn")])])]),
            ])
            let planned = try await blocking { try app.call("guidance.update", update) }
            #expect(planned["prompts"]?.arrayValue?.isEmpty == false, "\(planned)")
            #expect(await recorder.wait(seconds: 10) { $0.contains { $0["type"] == .string("prompt.skipped") } })
            let ends = recorder.events.filter { ["prompt.skipped", "prompt.finished", "prompt.started"].contains($0["type"]?.stringValue ?? "") }
            #expect(ends.allSatisfy { $0["type"] == .string("prompt.skipped") && $0["reason"]?.stringValue?.contains("voice guidance") == true }, "\(ends)")
            await daemon.stop()
        }
    }
}
