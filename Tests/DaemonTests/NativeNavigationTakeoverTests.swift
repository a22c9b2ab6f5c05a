import AudioTestSupport
import Foundation
import RPC
import RPCSocket
import Testing

/// The car's own navigation takes over (CarPlay: end your guidance at once), and a client's
/// `guidance.end` takes its prompts with it: over the socket, against the real daemon.
@Suite struct NativeNavigationTakeoverTests {
    /// About five seconds of speech from another client, so that guidance prompts wait behind it.
    static let long = "In 800 meters, at the roundabout, take the third exit onto Solar Circle, then keep left."

    private func errorCode(_ reply: JSONValue) -> Int? { reply["error"]?["code"]?.doubleValue.map { Int($0) } }

    /// Starts guidance and drives towards two maneuvers until the announcer has queued prompts for both.
    /// Guidance whose first turn is `first` meters ahead: at 30 m its final instruction, which
    /// interrupts another client's text; further, an instruction that waits for it.
    private func guidanceWithQueuedPrompts(_ client: RPCClient, first: Double = 30) async throws -> [String] {
        _ = try await blocking { try client.call("guidance.start", .object(["language": .string("en-US")])) }
        let maneuvers: JSONValue = .array([
            .object(["id": .string("m1"), "distance": .number(first), "maneuver": .object(["type": .string("rightTurn"), "roadName": .string("Main St.")])]),
            .object(["id": .string("m2"), "distance": .number(1500), "maneuver": .object(["type": .string("leftTurn"), "roadName": .string("Elm St.")])]),
        ])
        let reply = try await blocking { try client.call("guidance.update", .object(["time": .number(0), "speed": .number(12), "maneuvers": maneuvers])) }
        let texts = (reply["prompts"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue }
        try #require(!texts.isEmpty, "the announcer planned nothing: \(reply)")
        return texts
    }

    @Test func theCarsNavigationEndsEveryGuidanceAndRefusesANewOneUntilItStops() async throws {
        try await AudioServerLock.shared.withLock {
            let daemon = try await RealDaemon.start()
            let recorder = try EventRecorder(socketPath: daemon.socket, types: ["prompt", "guidance"])
            let other = try daemon.connect()
            let app = try daemon.connect()
            let car = try daemon.connect()
            _ = try await blocking { try other.call("prompt.speak", .object(["text": .string(Self.long), "wait": .bool(false)])) }
            let planned = try await guidanceWithQueuedPrompts(app)
            let styleBefore = try await blocking { try app.call("session.promptStyle") }
            #expect(styleBefore["style"] == .string("normal"))

            _ = try await blocking { try car.call("source.start", .object(["kind": .string("nativeNavigation")])) }
            #expect(await recorder.wait(seconds: 5) { $0.contains { $0["type"] == .string("guidance.ended") } })
            let ended = try #require(recorder.events.first { $0["type"] == .string("guidance.ended") })
            #expect(ended["reason"] == .string("nativeNavigation"), "\(ended)")
            let appID = try #require(ended["client"])
            // Every prompt its guidance queued ends skipped, saying why; none of them started.
            let queued = recorder.events.filter { $0["client"] == appID && $0["type"] == .string("prompt.queued") }
            #expect(queued.count == planned.count, "\(recorder.events)")
            let ids = Set(queued.compactMap { $0["prompt"]?.stringValue })
            #expect(
                await recorder.wait(seconds: 5) { events in
                    ids.allSatisfy { id in events.contains { $0["prompt"] == .string(id) && $0["type"] == .string("prompt.skipped") } }
                })
            for id in ids {
                #expect(recorder.types(ofPrompt: id) == ["prompt.queued", "prompt.skipped"], "\(id)")
                let skipped = recorder.events.first { $0["prompt"] == .string(id) && $0["type"] == .string("prompt.skipped") }
                #expect(skipped?["reason"]?.stringValue?.contains("nativeNavigation") == true, "\(String(describing: skipped))")
            }
            // While the car guides: style none, guidance refused (and nothing changed), no guidance running.
            let styleDuring = try await blocking { try app.call("session.promptStyle") }
            #expect(styleDuring["style"] == .string("none"))
            let refused = try await blocking { try app.exchange(#"{"jsonrpc":"2.0","id":1,"method":"guidance.start","params":{"language":"en-US"}}"#) }
            #expect(errorCode(refused) == -32000, "\(refused)")
            #expect(refused["error"]?["message"]?.stringValue?.contains("car's own navigation") == true, "\(refused)")
            let update = try await blocking {
                try app.exchange(#"{"jsonrpc":"2.0","id":2,"method":"guidance.update","params":{"speed":10,"maneuvers":[{"id":"m1","distance":500}]}}"#)
            }
            #expect(errorCode(update) == -32000, "the old guidance still runs: \(update)")
            let stateDuring = try await blocking { try car.call("state.get") }
            #expect(stateDuring["guidanceClients"] == .number(0))

            // Once the car's navigation stops, the app may guide again, and speaks.
            _ = try await blocking { try car.call("source.stop", .object(["kind": .string("nativeNavigation")])) }
            let styleAfter = try await blocking { try app.call("session.promptStyle") }
            #expect(styleAfter["style"] == .string("normal"))
            _ = try await guidanceWithQueuedPrompts(app)
            // Played to its end; shortened, too: the turn 2.5 s ahead sheds its road name to be heard in time.
            #expect(
                await recorder.wait(seconds: 20) { events in
                    events.contains { $0["client"] == appID && ($0["type"]?.stringValue).flatMap(EventType.init(rawValue:))?.isPromptPlayed == true }
                }, "guidance started again but nothing was spoken")
            await daemon.stop()
        }
    }

    @Test func promptsQueuedBeforeGuidanceEndNeverPlayAfterIt() async throws {
        try await AudioServerLock.shared.withLock {
            let daemon = try await RealDaemon.start()
            let recorder = try EventRecorder(socketPath: daemon.socket, types: ["prompt", "guidance"])
            let other = try daemon.connect()
            let app = try daemon.connect()
            let long = try await blocking { try other.call("prompt.speak", .object(["text": .string(Self.long), "wait": .bool(false)])) }
            let longID = try #require(long["id"]?.stringValue)
            // A turn 250 m ahead: its prepare prompt waits behind the other client's text (a final instruction
            // would interrupt it: `PromptPriorities.finalInstruction`).
            _ = try await guidanceWithQueuedPrompts(app, first: 250)
            let endReply = try await blocking { try app.call("guidance.end") }
            #expect(endReply["ended"] == .bool(true))
            #expect(await recorder.wait(seconds: 5) { $0.contains { $0["type"] == .string("guidance.ended") } })
            let ended = try #require(recorder.events.first { $0["type"] == .string("guidance.ended") })
            #expect(ended["reason"] == .string("clientRequest"))
            let appID = try #require(ended["client"])
            let ids = recorder.events.filter { $0["client"] == appID && $0["type"] == .string("prompt.queued") }.compactMap { $0["prompt"]?.stringValue }
            #expect(!ids.isEmpty)
            // The other client's prompt plays to its end; then nothing more is heard.
            #expect(await recorder.wait(seconds: 20) { $0.contains { $0["prompt"] == .string(longID) && $0["type"] == .string("prompt.finished") } })
            let capture = try MonitorCapture()
            try await capture.waitForAudio(seconds: 2)
            let level = LevelAnalysis(samples: capture.stop(), sampleRate: capture.sampleRate)
            #expect(level.duration(above: 0.01) == 0, "something played after guidance.end: \(level.duration(above: 0.01)) s")
            for id in ids {
                #expect(recorder.types(ofPrompt: id) == ["prompt.queued", "prompt.skipped"], "\(id): \(recorder.events)")
                let skipped = recorder.events.first { $0["prompt"] == .string(id) && $0["type"] == .string("prompt.skipped") }
                #expect(skipped?["reason"]?.stringValue?.contains("guidance.end") == true)
            }
            await daemon.stop()
        }
    }
}
