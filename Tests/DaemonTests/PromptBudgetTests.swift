import AudioTestSupport
import Foundation
import RPC
import RPCSocket
import Testing

/// No prompt holds the car's audio for minutes, and no client crowds the others out: the real
/// voxnavd against huge texts and a flood of clients (issue: hardening).
@Suite struct PromptBudgetTests {
    static let sentence = "The traffic on the ring road is moving slowly because of roadworks near the stadium. "

    /// A text whose speech is over the budget is refused with -32602 and its length, quickly (its
    /// synthesis stops at the budget), and a 1 MB one before any synthesis; resident memory stays
    /// where it was, nothing is queued, and the next prompt plays.
    @Test func textsBeyondTheBudgetAreRefusedFastAndCostNoMemory() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let socket = temporarySocketPath("budget")
            // Allow 10,000 characters (the most a policy may), so that the 10 kB text reaches synthesis and is
            // stopped by the 6 s budget.
            let policy = (socket as NSString).deletingLastPathComponent + "-policy.yaml"
            try "prompts:\n  maxTextCharacters: 10000\n".write(toFile: policy, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: policy) }
            let (daemon, client) = try await startDaemon(socket: socket, arguments: ["--policy", policy])
            defer {
                kill(daemon.processIdentifier, SIGTERM)
                daemon.waitUntilExit()
            }
            let recorder = try EventRecorder(socketPath: socket, types: ["prompt"])
            let warmUp = try await blocking { try client.call("prompt.speak", .object(["text": .string("Turn left.")])) }
            #expect(warmUp["result"] == .string("finished"))
            let rssBefore = try #require(residentKiB(of: daemon.processIdentifier))

            func refusal(_ text: String) async throws -> (error: RPCError, seconds: Double) {
                let started = Date()
                do {
                    _ = try await blocking { try client.call("prompt.speak", .object(["text": .string(text), "wait": .bool(false)])) }
                } catch let error as RPCError {
                    return (error, Date().timeIntervalSince(started))
                }
                throw PulseProbe.ProbeError(description: "a prompt of \(text.utf8.count) bytes was accepted")
            }
            let tenThousand = String(String(repeating: Self.sentence, count: 10_000 / Self.sentence.count + 1).prefix(10_000))
            let long = try await refusal(String(tenThousand.prefix(900)))
            let tenKB = try await refusal(tenThousand)
            let rssAfterSynthesis = try #require(residentKiB(of: daemon.processIdentifier))
            let oneMB = try await refusal(String(repeating: "a", count: 1_000_000))
            let rssAfterOneMB = try #require(residentKiB(of: daemon.processIdentifier))
            print(
                "budget: refused 900 characters in \(Int(long.seconds * 1000)) ms, 10 kB in \(Int(tenKB.seconds * 1000)) ms, "
                    + "1 MB in \(Int(oneMB.seconds * 1000)) ms; RSS \(rssBefore) → \(rssAfterSynthesis) → \(rssAfterOneMB) KiB")

            for (refused, _) in [long, tenKB] {
                #expect(refused.code == -32602, "\(refused)")
                #expect(refused.message.contains("its speech would last about") && refused.message.contains("more than the 6 s a prompt may take"))
            }
            // 900 characters of English are about a minute of speech: the estimate says so.
            let estimate = long.error.message.split(separator: "about ").last.flatMap { Double($0.prefix { $0 != " " }) } ?? 0
            #expect(estimate > 30 && estimate < 120, "\(long.error.message)")
            #expect(oneMB.error.code == -32602 && oneMB.error.message.contains("its text has 1000000 characters, more than the 10000"))
            // Generous bounds for a loaded CI machine: the point is seconds, not the minutes the whole texts would take.
            #expect(long.seconds < 2 && tenKB.seconds < 2 && oneMB.seconds < 2)
            #expect(rssAfterSynthesis - rssBefore < 3 * 1024, "resident memory grew from \(rssBefore) to \(rssAfterSynthesis) KiB")
            #expect(rssAfterOneMB - rssBefore < 4 * 1024, "resident memory grew from \(rssBefore) to \(rssAfterOneMB) KiB")

            let state = try await blocking { try client.call("state.get") }
            #expect(state["promptsWaiting"] == .number(0) && state["sessionActive"] == .bool(false))
            #expect(recorder.events.filter { $0["type"] == .string("prompt.queued") }.count == 1, "only the warm-up was ever queued")
            let after = try await blocking { try client.call("prompt.speak", .object(["text": .string("Turn right.")])) }
            #expect(after["result"] == .string("finished"))
        }
    }

    /// Twenty clients flood the queue with text while a guidance client drives towards a turn: the
    /// queue never holds more than its bounds, a flooder is refused or gives up its newest prompt,
    /// and every guidance prompt starts within one prompt's length of being queued.
    @Test func guidanceStaysOnTimeUnderAFloodAndTheQueueStaysBounded() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let socket = temporarySocketPath("flood")
            let (daemon, control) = try await startDaemon(socket: socket)
            defer {
                kill(daemon.processIdentifier, SIGTERM)
                daemon.waitUntilExit()
            }
            let recorder = try EventRecorder(socketPath: socket, types: ["prompt"])
            let seconds = 22.0
            let deadline = Date().addingTimeInterval(seconds)
            let accepted = Locked(0)
            let refused = Locked<[String: Int]>([:])
            let unexpected = Locked<[String]>([])
            let most = Locked((prompts: 0, seconds: 0.0))
            let speed = 20.0
            let start = Date()
            await withTaskGroup(of: Void.self) { group in
                for n in 0..<20 {
                    group.addTask {
                        try? await onOwnThread {
                            let client = try RPCClient(socketPath: socket)
                            var k = 0
                            while Date() < deadline {
                                k += 1
                                do {
                                    let params: JSONValue = .object([
                                        "text": .string("Flood \(n) \(k): the car park on level two is full."),
                                        "priority": .string(k % 3 == 0 ? "low" : "normal"), "wait": .bool(false),
                                    ])
                                    _ = try client.call("prompt.speak", params)
                                    accepted.mutate { $0 += 1 }
                                } catch let error as RPCError where error.code == -32000 {
                                    let kind = error.message.contains("for this client") ? "per client" : "queue full"
                                    refused.mutate { $0[kind, default: 0] += 1 }
                                    Thread.sleep(forTimeInterval: 0.05)
                                } catch {
                                    unexpected.mutate { $0.append("\(error)") }
                                }
                                Thread.sleep(forTimeInterval: 0.01)
                            }
                        }
                    }
                }
                group.addTask {
                    do {
                        try await onOwnThread {
                            let client = try RPCClient(socketPath: socket)
                            _ = try client.call("guidance.start", .object(["language": .string("en-US")]))
                            while Date() < deadline {
                                let distance = 450 - speed * Date().timeIntervalSince(start)
                                guard distance > 5 else { break }
                                _ = try client.call(
                                    "guidance.update",
                                    .object([
                                        "speed": .number(speed),
                                        "maneuvers": .array([
                                            .object([
                                                "id": .string("m1"), "distance": .number(distance),
                                                "maneuver": .object(["type": .string("rightTurn"), "roadName": .string("Solar Circle")]),
                                            ])
                                        ]),
                                    ]))
                                Thread.sleep(forTimeInterval: 0.25)
                            }
                        }
                    } catch {
                        unexpected.mutate { $0.append("guidance: \(error)") }
                    }
                }
                group.addTask {
                    do {
                        try await onOwnThread {
                            while Date() < deadline {
                                let state = try control.call("state.get")
                                let prompts = Int(state["promptsWaiting"]?.doubleValue ?? 0)
                                let waiting = state["promptSecondsWaiting"]?.doubleValue ?? 0
                                most.mutate { $0 = (max($0.prompts, prompts), max($0.seconds, waiting)) }
                                Thread.sleep(forTimeInterval: 0.1)
                            }
                        }
                    } catch {
                        unexpected.mutate { $0.append("state.get: \(error)") }
                    }
                }
            }
            let events = recorder.events
            func time(_ type: String, _ id: String) -> Double? {
                events.first { $0["type"] == .string(type) && $0["prompt"] == .string(id) }?["time"]?.doubleValue
            }
            let guidance = events.filter {
                $0["type"] == .string("prompt.queued") && $0["text"]?.stringValue?.hasPrefix("Flood") == false
            }.compactMap { $0["prompt"]?.stringValue }
            var delays: [Double] = []
            for id in guidance {
                print(
                    "flood: guidance \(events.filter { $0["prompt"] == .string(id) }.map { "\($0["type"]?.stringValue ?? "") \($0["time"]?.doubleValue ?? 0) \($0["text"]?.stringValue ?? $0["reason"]?.stringValue ?? "")" })"
                )
                guard let queued = time("prompt.queued", id), let started = time("prompt.started", id) else {
                    let end = events.first { $0["prompt"] == .string(id) && $0["type"] != .string("prompt.queued") }
                    #expect(end?["reason"]?.stringValue?.hasPrefix("superseded") != false, "guidance prompt \(id) ended \(String(describing: end))")
                    continue
                }
                delays.append(started - queued)
            }
            let dropped = events.filter { $0["reason"]?.stringValue?.hasPrefix("dropped: the queue was full") == true }.count
            print(
                "flood: \(accepted.value) flood prompts accepted, refused \(refused.value), \(dropped) dropped for others; "
                    + "at most \(most.value.prompts) prompts and \(most.value.seconds) s waiting; guidance prompts started after \(delays.map { (($0 * 100).rounded() / 100) }) s"
            )
            #expect(unexpected.value.isEmpty, "\(unexpected.value.prefix(3))")
            #expect(most.value.prompts <= 64 && most.value.seconds <= 120 + 1e-6)
            #expect(
                most.value.prompts >= 60 || most.value.seconds >= 110,
                "the flood filled the queue (at most \(most.value.prompts) prompts, \(most.value.seconds) s waiting)")
            #expect((refused.value["queue full"] ?? 0) > 0, "the queue's own bound refused the flooders")
            #expect(delays.count >= 2, "guidance spoke \(delays.count) prompts")
            // On time: at most the prompt playing when it was queued (6 s at most) before it.
            #expect(delays.allSatisfy { $0 <= 6.5 }, "\(delays)")
        }
    }
}
