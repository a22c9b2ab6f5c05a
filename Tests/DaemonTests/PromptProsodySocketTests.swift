import AudioTestSupport
import Foundation
import RPC
import Testing

/// `prompt.speak` takes SSML and a rate and pitch as the SSIP door does (one engine path for both
/// doors): through the real voxnavd over its socket, the markup is never said (heard on `car.monitor`
/// about as long as the same words plain), a rate of 60 is heard at least a fifth shorter, and the
/// outcome's text is the words. Bad values are refused with -32602 and change nothing.
@Suite struct PromptProsodySocketTests {
    static let words = "Turn right onto Larkspur Lane, then keep left."

    @Test func ssmlAndARateAreHeardAsAsked() async throws {
        try await RealDaemon.withCabin { daemon in
            let client = daemon.client
            let runs: [(name: String, params: [String: JSONValue])] = [
                ("plain", ["text": .string(Self.words)]),
                (
                    "markup",
                    [
                        "ssml": .string(
                            "<speak><prosody pitch=\"+10%\">Turn right</prosody> onto <emphasis>Larkspur Lane</emphasis>, <unknown>then</unknown> keep left.</speak>"
                        )
                    ]
                ),
                ("fast", ["text": .string(Self.words), "rate": .number(60), "pitch": .number(-40)]),
            ]
            var heard: [String: Double] = [:]
            var texts: [String: String] = [:]
            for run in runs {
                let capture = try MonitorCapture(sampleRate: 16000)
                try await capture.waitForAudio(seconds: 0.2)
                let outcome = try await blocking { try client.call("prompt.speak", .object(run.params)) }
                try await Task.sleep(for: .milliseconds(300))
                let levels = LevelAnalysis(samples: capture.stop(), sampleRate: capture.sampleRate)
                #expect(outcome["result"] == .string("finished"), "\(run.name): \(outcome)")
                heard[run.name] = levels.span(above: 0.003)
                texts[run.name] = outcome["text"]?.stringValue
            }
            try expectMarkupUnsaidAndRateHeard(heard)
            #expect(texts["markup"] == Self.words, "\(texts)")

            let before = try await blocking { try client.call("state.get") }
            let cases: [(String, String)] = [
                (#"{"jsonrpc":"2.0","id":1,"method":"prompt.speak","params":{"text":"Turn left.","rate":101}}"#, "'rate' must be within -100…100"),
                (#"{"jsonrpc":"2.0","id":2,"method":"prompt.speak","params":{"text":"Turn left.","pitch":-101}}"#, "'pitch' must be within -100…100"),
                (#"{"jsonrpc":"2.0","id":3,"method":"prompt.speak","params":{"text":"Turn left.","ssml":"<speak>Turn left.</speak>"}}"#, "only one of"),
                (#"{"jsonrpc":"2.0","id":4,"method":"prompt.speak","params":{"ssml":"  "}}"#, "'ssml' is empty"),
                (#"{"jsonrpc":"2.0","id":5,"method":"prompt.speak","params":{"ssml":"<speak>Turn left.</speak>","timingFromText":true}}"#, "not 'ssml'"),
            ]
            for (frame, mentions) in cases {
                let reply = try await blocking { try client.exchange(frame) }
                #expect(reply["error"]?["code"] == .number(-32602), "\(frame) → \(reply)")
                #expect(reply["error"]?["message"]?.stringValue?.contains(mentions) == true, "\(frame) → \(reply)")
            }
            // Markup without words is refused as an empty text is, by the engine.
            let wordless = try await blocking {
                try client.exchange(#"{"jsonrpc":"2.0","id":6,"method":"prompt.speak","params":{"ssml":"<speak><break time=\"300ms\"/></speak>"}}"#)
            }
            #expect(wordless["error"] != nil, "\(wordless)")
            let after = try await blocking { try client.call("state.get") }
            #expect(after["promptsSpoken"] == before["promptsSpoken"] && after["promptsWaiting"] == .number(0), "\(before) → \(after)")
        }
    }
}
