import AudioTestSupport
import Foundation
import RPC
import Synchronization
import Testing

/// Both protocols come in through one door (`DaemonServer`, `LineConnection`): the SSIP socket has
/// the JSON-RPC socket's limits, the same line framing, request turns, output back-pressure, idle
/// sweep and memory trim. Each test runs against the real voxnavd over its sockets (JSON-RPC and
/// SSIP), on a private sound server.
@Suite struct OneDoorTests {
    /// Issue 50's three SSIP attacks at once: one connection writes lone CRs without end (the SSIP
    /// decoder rescanned its buffer at every read: the whole daemon stopped answering for about 2 min),
    /// one pipelines `LIST SYNTHESIS_VOICES` and never reads (36 → 948 MB in 90 s, 898 MB still held
    /// after it closed), one sends `SPEAK` and then 100,000 short lines (quadratic: 10.6 CPU-s, and
    /// four such connections held an important JSON-RPC prompt back 90 s). Meanwhile every JSON-RPC
    /// `state.get` is answered within 200 ms and an important prompt within 300 ms; the daemon's
    /// memory stays within 60 MB of idle, and is back within 5 MB of idle 5 s after they close.
    @Test func threeSSIPAttackersHoldNeitherTheDaemonNorItsMemory() async throws {
        try await RealDaemon.whileRunning { daemon in
            let pid = daemon.process.processIdentifier
            _ = try daemon.client.call(PromptSpeak.self, .init(text: "Ready.", wait: true))
            try await Task.sleep(for: .seconds(1.5))
            let idle = try #require(FloodMemoryTests.residentMB(pid))
            let peak = Highest(idle)
            let stop = StopFlag()
            let ssip = daemon.ssipSocket
            let speakLines = 100_000
            // The three attackers, each on a thread of its own, for as long as the JSON-RPC client measures.
            let crs = try SSIPLineClient(socketPath: ssip)
            let deaf = try SSIPLineClient(socketPath: ssip)
            let speaker = try SSIPLineClient(socketPath: ssip)
            let attackers = Task {
                try await withThrowingTaskGroup(of: String.self) { group in
                    group.addTask {
                        try await onOwnThread {
                            let chunk = [UInt8](repeating: 13, count: 16 * 1024)
                            var sent = 0
                            while !stop.isSet { sent += crs.write(chunk, within: 1) }
                            return "lone CRs: \(sent / 1024) KiB"
                        }
                    }
                    group.addTask {
                        try await onOwnThread {
                            let chunk = Array(String(repeating: "LIST SYNTHESIS_VOICES\r\n", count: 200).utf8)
                            var sent = 0
                            while !stop.isSet {
                                let n = deaf.write(chunk, within: 1)
                                sent += n
                                if n < chunk.count { Thread.sleep(forTimeInterval: 0.1) }
                            }
                            return "never reads: \(sent / 1024) KiB of LIST went in"
                        }
                    }
                    group.addTask {
                        try await onOwnThread {
                            let started = Date()
                            _ = try speaker.command("SPEAK")
                            let lines = Array(String(repeating: "x\r\n", count: 1000).utf8)
                            for _ in 0..<(speakLines / 1000) { try speaker.write(lines) }
                            let reply = try speaker.command(".")
                            #expect(reply.hasSuffix("300 ERR MESSAGE REFUSED\r\n"), "\(reply)")
                            return "SPEAK of \(speakLines) lines answered after \(String(format: "%.2f", Date().timeIntervalSince(started))) s"
                        }
                    }
                    var said: [String] = []
                    for try await line in group { said.append(line) }
                    return said
                }
            }
            // The JSON-RPC client: state.get every 100 ms for 8 s, an important prompt after 2 s.
            let control = try daemon.connect()
            var times: [Double] = []
            var important = 0.0
            let began = Date()
            var asked = 0
            while Date().timeIntervalSince(began) < 8 {
                let sent = Date()
                _ = try await blocking { try control.call("state.get") }
                times.append(Date().timeIntervalSince(sent))
                asked += 1
                if let now = FloodMemoryTests.residentMB(pid) { peak.note(now) }
                if asked == 20 {
                    let sent = Date()
                    _ = try await blocking { try control.call(PromptSpeak.self, .init(text: "Turn right now.", priority: .important, wait: false)) }
                    important = Date().timeIntervalSince(sent)
                }
                try await Task.sleep(for: .milliseconds(100))
            }
            stop.set()
            let said = try await attackers.value
            times.sort()
            let (median, p95, slowest) = (times[times.count / 2], times[times.count * 95 / 100], times.last ?? 0)
            print(
                "one door under three SSIP attackers: \(said.joined(separator: "; ")); \(asked) state.get, median \(Int(median * 1000)) ms, 95th percentile \(Int(p95 * 1000)) ms, the slowest \(Int(slowest * 1000)) ms; important prompt answered in \(Int(important * 1000)) ms; RSS idle \(idle) MB, peak \(peak.value) MB"
            )
            // Before, the lone CRs alone held every request for minutes; a 64 KiB read of SPEAK's short
            // lines held the event loop for half a second.
            #expect(p95 <= 0.1, "the 95th percentile of state.get took \(Int(p95 * 1000)) ms")
            // The slowest single answer is the one a scheduler's hiccup sets: in four fresh-clone CI runs of
            // 2026-11-29 it was 18, 19, 48 and 257 ms (that run's median 6 ms, its machine busier). 0.4 s still
            // fails the half-second hold that a 64 KiB read of short lines made.
            #expect(slowest <= 0.4, "a state.get took \(Int(slowest * 1000)) ms")
            #expect(important > 0 && important <= 0.3, "the important prompt was answered in \(Int(important * 1000)) ms")
            #expect(peak.value - idle <= 60, "peak \(peak.value) MB against \(idle) MB idle")
            // They close: within 5 s the memory is back within 5 MB of idle.
            for attacker in [crs, deaf, speaker] { attacker.hangUp() }
            let gone = ContinuousClock.now
            var after = try #require(FloodMemoryTests.residentMB(pid))
            while after - idle > 5, ContinuousClock.now - gone < .seconds(5) {
                try await Task.sleep(for: .milliseconds(250))
                after = try #require(FloodMemoryTests.residentMB(pid))
            }
            print("one door: \(after) MB \(ContinuousClock.now - gone) after the attackers closed (idle \(idle) MB)")
            #expect(after - idle <= 5, "\(after) MB 5 s after the attackers closed, against \(idle) MB idle")
            // And the door still serves speech-dispatcher's clients.
            let next = try SSIPLineClient(socketPath: ssip)
            #expect(try next.command("HISTORY GET CLIENT_ID").hasSuffix("245 OK CLIENT ID SENT\r\n"))
        }
    }

    /// speech-dispatcher's one-shot clients (`spd-say` without `-w`) open a connection per message.
    /// Each connection was a new client for the queue's fair turns, so a program that opens many
    /// went before every other client's next message. Now the connections of one program (its
    /// executable and its client name) take turns as one: another client's message waits for the
    /// one speaking, not for the program's eight.
    @Test func oneShotConnectionsOfOneProgramTakeTurnsAsOne() async throws {
        try await RealDaemon.whileRunning { daemon in
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            try await onOwnThread {
                for n in 1...8 {
                    let oneShot = try SSIPLineClient(socketPath: daemon.ssipSocket)
                    _ = try oneShot.command(#"SET SELF CLIENT_NAME "user:spd-say:main""#)
                    _ = try oneShot.command("SET SELF PRIORITY message")
                    _ = try oneShot.command("SPEAK")
                    #expect(try oneShot.command("Chatty message number \(n).\r\n.").hasSuffix("225 OK MESSAGE QUEUED\r\n"))
                    _ = try oneShot.command("QUIT")
                }
                let other = try SSIPLineClient(socketPath: daemon.ssipSocket)
                _ = try other.command(#"SET SELF CLIENT_NAME "user:navit:main""#)
                _ = try other.command("SET SELF PRIORITY message")
                _ = try other.command("SPEAK")
                #expect(try other.command("Navit says hello.\r\n.").hasSuffix("225 OK MESSAGE QUEUED\r\n"))
            }
            func started() -> [String] {
                events.events.filter { $0["type"] == .string("prompt.started") }.compactMap { $0["text"]?.stringValue }
            }
            #expect(await events.wait(seconds: 20) { _ in started().contains("Navit says hello.") }, "\(started())")
            let order = started()
            // The one speaking when it came, then it: before, it came ninth.
            #expect(order.firstIndex(of: "Navit says hello.").map { $0 <= 1 } == true, "\(order)")
        }
    }

    /// A guidance's final instruction waits for no text of another client, whatever its priority:
    /// one-shot `important` SSIP messages kept the turn's prompt waiting for the one speaking, and it
    /// started at 75 m (issue 50). Now it fades the message speaking out (SSIP ends it `703`) and
    /// plays at once; the messages waiting come after it.
    @Test func aFinalInstructionWaitsForNoTextOfAnyPriority() async throws {
        try await withGuidanceOnSolarCircle { daemon, events in
            let client = daemon.client
            try await onOwnThread {
                for n in 1...10 {
                    let oneShot = try SSIPLineClient(socketPath: daemon.ssipSocket)
                    _ = try oneShot.command("SET SELF PRIORITY important")
                    _ = try oneShot.command("SPEAK")
                    _ = try oneShot.command("This is important message number \(n) from a chatty program.\r\n.")
                    _ = try oneShot.command("QUIT")
                }
            }
            func texts(_ type: String) -> [String] {
                events.events.filter { $0["type"] == .string(type) && $0["client"]?.stringValue?.hasPrefix("ssip-") == true }.compactMap {
                    $0["prompt"]?.stringValue
                }
            }
            #expect(await events.wait(seconds: 10) { _ in !texts("prompt.started").isEmpty })
            let turnReply = try await blocking { try client.exchange(GuidanceSocketFixture.update(86, #"{"id":"m1","distance":60}"#)) }
            let queuedAt = Date()
            let turn = try #require(turnReply["result"]?["prompts"]?.arrayValue?.first, "\(turnReply)")
            #expect(turn["state"] == .string("execute"), "\(turnReply)")
            #expect(await events.wait(seconds: 10) { _ in Self.queued("execute", events) != nil }, "\(events.events)")
            let id = try #require(Self.queued("execute", events))
            #expect(await events.wait(seconds: 20) { _ in events.types(ofPrompt: id).contains("prompt.started") }, "\(events.types(ofPrompt: id))")
            let waited = Date().timeIntervalSince(queuedAt)
            let heardBefore = texts("prompt.started").count
            print("final instruction: started \(String(format: "%.2f", waited)) s after it was queued, after \(heardBefore) of 10 important messages had begun")
            // Before, it waited for the message speaking (about 3 s of speech).
            #expect(waited < 1, "the turn waited \(waited) s")
            #expect(heardBefore == 1, "\(heardBefore) important messages began before the turn")
            let cut = try #require(texts("prompt.started").first)
            #expect(events.types(ofPrompt: cut).contains("prompt.interrupted"), "\(events.types(ofPrompt: cut))")
        }
    }

    /// The client of the message a final instruction cuts is told: its connection, still open,
    /// reads `703 CANCELED` for the message after its `701 BEGIN`, and never `702 END`.
    @Test func theClientOfAMessageAFinalInstructionCutsIsToldItWasCanceled() async throws {
        try await withGuidanceOnSolarCircle { daemon, events in
            let client = daemon.client
            let ssip = try SSIPLineClient(socketPath: daemon.ssipSocket)
            let id = try await onOwnThread { () throws -> String in
                #expect(try ssip.command("SET SELF NOTIFICATION all on") == "220 OK NOTIFICATION SET\r\n")
                #expect(try ssip.command("SET SELF PRIORITY important") == "202 OK PRIORITY SET\r\n")
                #expect(try ssip.command("SPEAK") == "230 OK RECEIVING DATA\r\n")
                let queued = try ssip.command("This important message from a program goes on for a good while, long enough to be cut.\r\n.")
                let id = try #require(queued.split(separator: "\r\n").first.map { String($0.dropFirst(4)) }, "\(queued)")
                #expect(try ssip.block() == "701-\(id)\r\n701-1\r\n701 BEGIN\r\n")
                return id
            }
            let turnReply = try await blocking { try client.exchange(GuidanceSocketFixture.update(86, #"{"id":"m1","distance":60}"#)) }
            #expect(turnReply["result"]?["prompts"]?.arrayValue?.first?["state"] == .string("execute"), "\(turnReply)")
            #expect(await events.wait(seconds: 10) { _ in Self.queued("execute", events) != nil }, "\(events.events)")
            let turn = try #require(Self.queued("execute", events))
            #expect(await events.wait(seconds: 10) { _ in events.types(ofPrompt: turn).contains("prompt.started") }, "\(events.types(ofPrompt: turn))")
            // The next block on the message's connection is its end as the client must know it.
            #expect(try await onOwnThread { try ssip.block() } == "703-\(id)\r\n703-1\r\n703 CANCELED\r\n")
            #expect(try await onOwnThread { try ssip.command("QUIT") } == "231 HAPPY HACKING\r\n")
        }
    }

    /// The prompt of `events` last queued for a guidance maneuver in `state`.
    private static func queued(_ state: String, _ events: EventRecorder) -> String? {
        events.events.last { $0["type"] == .string("prompt.queued") && $0["state"] == .string(state) }?["prompt"]?.stringValue
    }

    /// A real voxnavd guiding towards Solar Circle (`GuidanceSocketFixture`), its initial prompt said,
    /// with a recorder of the prompt events.
    private func withGuidanceOnSolarCircle(_ body: @Sendable (RealDaemon, EventRecorder) async throws -> Void) async throws {
        try await RealDaemon.whileRunning { daemon in
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            _ = try await GuidanceSocketFixture.startOnSolarCircle(daemon.client)
            #expect(await events.wait(seconds: 10) { _ in Self.queued("initial", events) != nil }, "\(events.events)")
            let initial = try #require(Self.queued("initial", events))
            #expect(await events.wait(seconds: 20) { _ in ["prompt.finished", "prompt.shortened"].contains(events.types(ofPrompt: initial).last) })
            try await body(daemon, events)
        }
    }

    /// Idle SSIP connections are closed by the one idle sweep, as JSON-RPC ones are: 64 connections
    /// that said nothing stayed open, and the next client was refused as one too many.
    @Test func idleSSIPConnectionsAreSwept() async throws {
        try await RealDaemon.whileRunning(arguments: ["--idle-timeout", "2"]) { daemon in
            let idle = try (0..<64).map { _ in try SSIPLineClient(socketPath: daemon.ssipSocket) }
            try await Task.sleep(for: .seconds(3.5))
            let closed = try await onOwnThread { idle.filter { $0.isClosed() }.count }
            #expect(closed == 64, "\(closed) of 64 idle connections closed")
            let next = try SSIPLineClient(socketPath: daemon.ssipSocket)
            #expect(try await onOwnThread { try next.command("HISTORY GET CLIENT_ID") }.hasSuffix("245 OK CLIENT ID SENT\r\n"))
        }
    }
}

/// Set once, read by threads: when the attackers stop.
final class StopFlag: Sendable {
    private let flag = Atomic(false)
    func set() { flag.store(true, ordering: .relaxed) }
    var isSet: Bool { flag.load(ordering: .relaxed) }
}
