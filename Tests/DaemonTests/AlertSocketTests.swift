import AudioTestSupport
import Foundation
import RPC
import RPCSocket
import Testing

/// `prompt.alert` against the real voxnavd on the null sink.
@Suite struct AlertSocketTests {
    private func errorCode(_ reply: JSONValue) -> Int? { reply["error"]?["code"]?.doubleValue.map { Int($0) } }

    @Test func anAlertIsSpokenImportantAheadOfWaitingPromptsAndDucksTheRadio() async throws {
        try await AudioServerLock.shared.withLock {
            let daemon = try await RealDaemon.start()
            let client = daemon.client
            let recorder = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            let radio = try await blocking { try client.call("source.start", .object(["kind": .string("fmRadio")])) }
            let radioInput = try #require(radio["sinkInput"]?.doubleValue.map { Int($0) })
            var before: PulseProbe.SinkInput?
            for _ in 0..<100 {
                before = try PulseProbe.sinkInputs().first { $0.index == radioInput && $0.isSetUp }
                if before != nil { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            let level = try #require(before).volumes

            // One prompt playing, one waiting, then the alert: it goes before the waiting one.
            let playing = try await blocking {
                try client.call("prompt.speak", .object(["text": .string("In 800 meters, at the roundabout, take the third exit."), "wait": .bool(false)]))
            }
            let waiting = try await blocking { try client.call("prompt.speak", .object(["text": .string("Keep right"), "wait": .bool(false)])) }
            let alert = try await blocking {
                try client.call("prompt.alert", .object(["kind": .string("speedCamera"), "distance": .number(150), "wait": .bool(false)]))
            }
            let ids = try [playing, waiting, alert].map { try #require($0["id"]?.stringValue) }
            // While the alert plays the radio is ducked, read back from the server.
            var duckedDuringAlert = false
            for _ in 0..<400 where !duckedDuringAlert {
                if recorder.types(ofPrompt: ids[2]).contains("prompt.started") {
                    let now = try PulseProbe.sinkInputs().first { $0.index == radioInput }
                    duckedDuringAlert = now.map { $0.volumes.allSatisfy { v in level.allSatisfy { v < $0 } } } ?? false
                }
                if !duckedDuringAlert { try await Task.sleep(for: .milliseconds(25)) }
            }
            #expect(duckedDuringAlert, "the radio was not ducked under the alert")
            let done = await recorder.wait(seconds: 30) { _ in ids.allSatisfy { recorder.types(ofPrompt: $0).last == "prompt.finished" } }
            #expect(done, "\(recorder.events)")
            let started = recorder.events.filter { $0["type"] == .string("prompt.started") }.compactMap { $0["prompt"]?.stringValue }
            #expect(started == [ids[0], ids[2], ids[1]], "\(started)")
            let queued = recorder.events.first { $0["prompt"] == .string(ids[2]) && $0["type"] == .string("prompt.queued") }
            #expect(queued?["priority"] == .string("important") && queued?["text"] == .string("Speed camera in 500 feet"), "\(String(describing: queued))")
            // And the radio is back at the user's level.
            var after: [Int] = []
            for _ in 0..<100 {
                after = try PulseProbe.sinkInputs().first { $0.index == radioInput }?.volumes ?? []
                if after == level { break }
                try await Task.sleep(for: .milliseconds(30))
            }
            #expect(after == level)
            await daemon.stop()
        }
    }

    @Test func anAlertIsSaidInTheGuidanceLanguageAndBadOnesAreRefused() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let client = daemon.client
            _ = try await blocking { try client.call("guidance.start", .object(["language": .string("de")])) }
            let german = try await blocking { try client.call("prompt.alert", .object(["kind": .string("trafficAhead"), "distance": .number(500)])) }
            #expect(german["result"] == .string("finished") && german["text"] == .string("Stau in 500 Metern") && german["voice"] == .string("de"), "\(german)")
            let french = try await blocking { try client.call("prompt.alert", .object(["kind": .string("roadworks"), "language": .string("fr")])) }
            #expect(french["text"] == .string("Travaux devant vous"), "\(french)")

            let before = try await blocking { try client.call("state.get") }
            let cases: [(String, Int, String)] = [
                (#"{"jsonrpc":"2.0","id":1,"method":"prompt.alert","params":{"kind":"meteorShower"}}"#, -32602, "Unknown alert kind \"meteorShower\""),
                (#"{"jsonrpc":"2.0","id":2,"method":"prompt.alert","params":{}}"#, -32602, "kind"),
                (#"{"jsonrpc":"2.0","id":3,"method":"prompt.alert","params":{"kind":"hazard","distance":-1}}"#, -32602, "distance"),
                (#"{"jsonrpc":"2.0","id":4,"method":"prompt.alert","params":{"kind":"hazard","priority":"low"}}"#, -32602, "priority"),
                (#"{"jsonrpc":"2.0","id":5,"method":"prompt.alert","params":{"kind":"hazard","language":"tlh"}}"#, -32000, "no phrase pack"),
            ]
            for (frame, code, mentions) in cases {
                let reply = try await blocking { try client.exchange(frame) }
                #expect(errorCode(reply) == code, "\(frame) → \(reply)")
                #expect(reply["error"]?["message"]?.stringValue?.contains(mentions) == true, "\(frame) → \(reply)")
            }
            let after = try await blocking { try client.call("state.get") }
            #expect(after["promptsSpoken"] == before["promptsSpoken"] && after["promptsWaiting"] == .number(0))
            await daemon.stop()
        }
    }

    /// An alert in the guidance's language is said in the guidance's units too (en-GB in metric, as
    /// in en-AU); one in another language, or from a client without guidance, in its pack's own.
    @Test func anAlertFollowsTheGuidanceUnits() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let client = daemon.client
            let other = try RPCClient(socketPath: daemon.socket)
            _ = try await blocking { try client.call("guidance.start", .object(["language": .string("en-GB"), "units": .string("metric")])) }
            let spoken = try await blocking { try client.call("prompt.alert", .object(["kind": .string("speedCamera"), "distance": .number(400)])) }
            #expect(spoken["text"] == .string("Speed camera in 400 metres"), "\(spoken)")
            let yards = try await blocking {
                try other.call("prompt.alert", .object(["kind": .string("speedCamera"), "distance": .number(400), "language": .string("en-GB")]))
            }
            #expect(yards["text"]?.stringValue?.contains("metre") == false, "\(yards)")
            #expect(yards["text"]?.stringValue?.hasPrefix("Speed camera in ") == true, "\(yards)")
            await daemon.stop()
        }
    }

    @Test func theCommandLineSpeaksAnAlertAndRefusesAnUnknownKind() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let said = try Executables.run("voxnav", ["alert", "roadworks", "--distance", "800", "--language", "en-GB", "--socket", daemon.socket])
            #expect(said.status == 0 && said.output.contains("Roadworks in half a mile"), "\(said.output)")
            let wrong = try Executables.run("voxnav", ["alert", "meteors", "--socket", daemon.socket])
            #expect(wrong.status == 64 && wrong.output.contains("speedCamera") && wrong.output.contains("laneClosed"), "\(wrong.output)")
            // In the app's own words: the richest variant that fits.
            let own = try Executables.run(
                "voxnav",
                ["alert", "--text", String(repeating: "Slow traffic on the ring road, ", count: 8), "--text", "Slow traffic ahead", "--socket", daemon.socket])
            #expect(own.status == 0 && own.output.contains("Slow traffic ahead"), "\(own.output)")
            let neither = try Executables.run("voxnav", ["alert", "--socket", daemon.socket])
            #expect(neither.status == 64 && neither.output.contains("or --text"), "\(neither.output)")
            let state = try await blocking { try daemon.client.call("state.get") }
            #expect(state["promptsSpoken"] == .number(2), "\(state)")
            await daemon.stop()
        }
    }
}
