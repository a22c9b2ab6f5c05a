import AudioTestSupport
import ClientGuidance
import Foundation
import RPC
import Testing

/// Units per guidance session (`guidance.start` `units`), not fixed by the pack: en-GB in metric, as
/// in Australia, heard over the socket.
@Suite struct GuidanceUnitsTests {
    private func errorCode(_ reply: JSONValue) -> Int? { reply["error"]?["code"]?.doubleValue.map { Int($0) } }

    @Test func aGuidanceSessionSpeaksTheUnitsItAskedFor() async throws {
        try await AudioServerLock.shared.withLock {
            let daemon = try await RealDaemon.start()
            let recorder = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            let app = try daemon.connect()
            let started = try await blocking {
                try app.call("guidance.start", .object(["language": .string("en-GB"), "units": .string("metric")]))
            }
            #expect(
                started
                    == .object([
                        "language": .string("en-GB"), "profile": .string("car"), "units": .string("metric"), "verbosity": .string("normal"),
                        "roadNames": .bool(true), "roadNumbers": .bool(true), "arrivalOnDeparture": .bool(false),
                    ]), "\(started)")
            let capture = try MonitorCapture()
            let update: JSONValue = .object([
                "time": .number(0), "speed": .number(13),
                "maneuvers": .array([
                    .object([
                        "id": .string("m1"), "distance": .number(1300), "maneuver": .object(["type": .string("leftTurn"), "roadName": .string("George St")]),
                    ])
                ]),
            ])
            let planned = try await blocking { try app.call("guidance.update", update) }
            let texts = (planned["prompts"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue }
            #expect(!texts.isEmpty && texts.allSatisfy { $0.contains("kilometre") || $0.contains("metres") }, "\(planned)")
            #expect(await recorder.wait(seconds: 15) { $0.contains { $0["type"] == .string("prompt.finished") } })
            let heard = LevelAnalysis(samples: capture.stop(), sampleRate: capture.sampleRate).duration(above: 0.01)
            let finished = recorder.events.filter { $0["type"] == .string("prompt.finished") }.compactMap { $0["text"]?.stringValue }
            #expect(finished.contains { $0.contains("kilometre") || $0.contains("metres") }, "\(finished)")
            #expect(heard > 0.5, "the prompt was not heard: \(heard) s")

            // Without units, the pack's own: yards and miles.
            _ = try await blocking { try app.call("guidance.start", .object(["language": .string("en-GB")])) }
            let own = try await blocking { try app.call("guidance.update", update) }
            let ownTexts = (own["prompts"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue }
            #expect(ownTexts.contains { $0.contains("mile") || $0.contains("yards") }, "\(own)")

            let notWorded = try await blocking {
                try app.exchange(#"{"jsonrpc":"2.0","id":1,"method":"guidance.start","params":{"language":"de","units":"imperialUS"}}"#)
            }
            #expect(errorCode(notWorded) == -32000, "\(notWorded)")
            #expect(notWorded["error"]?["message"]?.stringValue?.contains("does not word imperialUS") == true, "\(notWorded)")
            let unknown = try await blocking {
                try app.exchange(#"{"jsonrpc":"2.0","id":2,"method":"guidance.start","params":{"units":"furlongs"}}"#)
            }
            #expect(errorCode(unknown) == -32602, "\(unknown)")
            #expect(unknown["error"]?["message"]?.stringValue?.contains("furlongs") == true, "\(unknown)")
            await daemon.stop()
        }
    }
}
