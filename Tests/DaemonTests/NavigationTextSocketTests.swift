import AudioTestSupport
import Foundation
import RPC
import Testing

/// Navigation text as an app sends it (Navit's chained instructions, long names, a leftover `|tag`)
/// to the real voxnavd over its socket, synthesised by eSpeak NG and heard on `car.monitor`: fitted
/// to the 6 s a prompt may take instead of refused, and, when even fitting fails, refused in the
/// reply and in a `prompt.refused` event, never lost without a word.
@Suite struct NavigationTextSocketTests {
    /// 7.3 s as sent (eSpeak NG reads "|left" too); 4.8 s without Navit's second instruction.
    static let chained =
        "Turn right now into Maximilian Schwarzenberger Boulevard toward the Central Railway Station , Turn left then into Pine Street|left"
    static let first = "Turn right now into Maximilian Schwarzenberger Boulevard toward the Central Railway Station"
    /// About 6.5 s at the voice's own rate, with nothing to leave out: spoken faster.
    static let long = "Prepare to turn right onto Maximilian Schwarzenberger Boulevard toward the Central Railway Station and the Harbour District"

    @Test func longNavigationTextIsFittedAndHeardToItsEnd() async throws {
        try await RealDaemon.withCabin { daemon in
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            let capture = try MonitorCapture(sampleRate: 16000)
            try await capture.waitForAudio(seconds: 0.2)
            let shortened = try await blocking { try daemon.client.call("prompt.speak", .object(["text": .string(Self.chained)])) }
            let quicker = try await blocking { try daemon.client.call("prompt.speak", .object(["text": .string(Self.long)])) }
            try await Task.sleep(for: .milliseconds(300))
            let heard = capture.stop()

            #expect(shortened["result"] == .string("shortened") && shortened["text"] == .string(Self.first), "\(shortened)")
            #expect(quicker["result"] == .string("finished") && quicker["text"] == .string(Self.long), "\(quicker)")
            let started = events.events.filter { $0["type"] == .string("prompt.started") }.compactMap { $0["text"]?.stringValue }
            #expect(started == [Self.first, Self.long], "the words said are in prompt.started")
            let seconds = [shortened, quicker].compactMap { $0["audioDuration"]?.doubleValue }
            #expect(seconds.count == 2 && seconds.allSatisfy { $0 < 6 }, "\(seconds)")
            // Both heard whole: speech from the first to the last, as long as their audio and the gap.
            let levels = LevelAnalysis(samples: heard, sampleRate: capture.sampleRate)
            #expect(levels.duration(above: 0.003) > (seconds.reduce(0, +)) * 0.6, "heard \(levels.duration(above: 0.003)) s of \(seconds)")
            #expect(levels.span(above: 0.003) > seconds.reduce(0, +) - 0.5, "heard from first to last for \(levels.span(above: 0.003)) s of \(seconds)")
        }
    }

    @Test func textTooLongEvenFittedIsRefusedInTheReplyAndAnEvent() async throws {
        try await RealDaemon.whileRunning { daemon in
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            let text = Array(repeating: Self.long, count: 2).joined(separator: " and ")
            do {
                _ = try await blocking { try daemon.client.call("prompt.speak", .object(["text": .string(text)])) }
                Issue.record("a text of 13 s was accepted")
            } catch let error as RPCError {
                #expect(error.code == -32602 && error.message.contains("1.25× as fast"), "\(error)")
            }
            #expect(await events.wait(seconds: 2) { events in events.contains { $0["type"] == .string("prompt.refused") } })
            let refused = try #require(events.events.first { $0["type"] == .string("prompt.refused") })
            #expect(refused["text"] == .string(text) && refused["reason"]?.stringValue?.contains("more than the 6 s") == true, "\(refused)")
            #expect(!events.events.contains { $0["type"] == .string("prompt.queued") })
        }
    }
}
