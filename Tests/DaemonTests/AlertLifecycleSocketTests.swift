import AudioTestSupport
import Foundation
import RPC
import Testing

/// CarPlay's navigation alerts (issue 33, group 4) against the real voxnavd over its socket, on every
/// server, heard on `car.monitor` (`withCabin`: the prompts alone on it): an alert in the app's own
/// words says the richest variant that fits, to its last sample; one dismissed before its turn is
/// never heard; `alert.shown` and `alert.dismissed` frame each.
@Suite(.serialized) struct AlertLifecycleSocketTests {
    static let long =
        "Accident on the A7 between Hamburg-Othmarschen and Hamburg-Bahrenfeld, the left lane is closed and traffic is held up "
        + "for about twenty minutes; expect long delays and consider another route if you can"

    @Test func theRichestVariantThatFitsIsHeardToItsEnd() async throws {
        try await RealDaemon.withCabin { daemon in
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt", "alert"])
            let capture = try MonitorCapture(sampleRate: 16000)
            try await capture.waitForAudio(seconds: 0.2)
            let outcome = try await blocking {
                try daemon.client.call(
                    "prompt.alert", .object(["text": .array([.string(Self.long), .string("Accident on the A7, expect delays"), .string("Accident ahead")])]))
            }
            #expect(outcome["text"] == .string("Accident on the A7, expect delays"), "\(outcome)")
            #expect(["finished", "shortened"].contains(outcome["result"]?.stringValue), "\(outcome)")
            let id = try #require(outcome["id"]?.stringValue)
            let duration = try #require(outcome["audioDuration"]?.doubleValue)
            try await Task.sleep(for: .milliseconds(300))
            let heard = LevelAnalysis(samples: capture.stop(), sampleRate: capture.sampleRate).span(above: 0.003)
            #expect(heard > duration - 0.4, "heard for \(heard) s of its \(duration) s")
            #expect(await events.wait(seconds: 5) { events in events.contains { $0["type"] == .string("alert.dismissed") } }, "\(events.events)")
            let framing = events.events.filter { $0["prompt"] == .string(id) }.compactMap { $0["type"]?.stringValue }
            #expect(
                framing == ["prompt.queued", "alert.shown", "prompt.started", "prompt.finished", "alert.dismissed"]
                    || framing == ["prompt.queued", "alert.shown", "prompt.started", "prompt.shortened", "alert.dismissed"], "\(framing)")
        }
    }

    @Test func anAlertDismissedBeforeItsTurnIsNeverHeard() async throws {
        try await RealDaemon.withCabin { daemon in
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt", "alert"])
            // A long prompt plays; the alert, waiting behind it (alerts interrupt nothing), is
            // dismissed after 1 s.
            let playing = try await blocking {
                try daemon.client.call(
                    "prompt.speak",
                    .object(["text": .string("In 800 meters, at the roundabout, take the third exit onto Harbour Road."), "wait": .bool(false)]))
            }
            let playingID = try #require(playing["id"]?.stringValue)
            #expect(await events.wait(seconds: 10) { _ in events.types(ofPrompt: playingID).contains("prompt.started") }, "\(events.events)")
            let alert = try await blocking {
                try daemon.client.call(
                    "prompt.alert", .object(["text": .array([.string("Road closed ahead")]), "dismissAfter": .number(1), "wait": .bool(false)]))
            }
            let alertID = try #require(alert["id"]?.stringValue)
            #expect(await events.wait(seconds: 10) { _ in ["prompt.finished", "prompt.shortened"].contains(events.types(ofPrompt: playingID).last) })
            // From the first prompt's end on, nothing is heard.
            let capture = try MonitorCapture(sampleRate: 16000)
            try await capture.waitForAudio(seconds: 0.2)
            try await Task.sleep(for: .milliseconds(1500))
            let heard = LevelAnalysis(samples: capture.stop(), sampleRate: capture.sampleRate).span(above: 0.003)
            #expect(heard == 0, "heard for \(heard) s after the first prompt")
            #expect(events.types(ofPrompt: alertID) == ["prompt.queued", "alert.shown", "prompt.expired", "alert.dismissed"], "\(events.events)")
            let dismissed = events.events.first { $0["type"] == .string("alert.dismissed") }
            #expect(dismissed?["reason"] == .string("expired") && dismissed?["text"] == .string("Road closed ahead"), "\(String(describing: dismissed))")
        }
    }
}
