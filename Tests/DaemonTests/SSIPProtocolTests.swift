import AudioTestSupport
import Foundation
import RPC
import Testing

/// speech-dispatcher's protocol on the real voxnavd's SSIP socket: speech-dispatcher's own Python
/// client (python3-speechd) with SSIP's priorities and cancel, and raw lines with speech-dispatcher's
/// replies, bad ones changing nothing. What is heard and the radio's duck are SSIPHeardTests'.
@Suite struct SSIPProtocolTests {
    static let python = "/usr/bin/python3"
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ssip/priorities.py").path

    @Test func speechDispatchersPythonClientGetsSSIPsPrioritiesAndCancel() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let environment = ProcessInfo.processInfo.environment.merging(["SPEECHD_ADDRESS": "unix_socket:\(daemon.ssipSocket)"]) { $1 }
            let run = try await onOwnThread { try Executables.run(path: Self.python, [Self.script], environment: environment, limit: 90) }
            await daemon.stop()
            #expect(run.status == 0, "\(run.output)")
            let line = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("RESULT ") }, "\(run.output)")
            let events = try JSONDecoder().decode([String: [String]].self, from: Data(line.dropFirst("RESULT ".count).utf8))
            // A newer text cuts the one speaking; the newest is said.
            #expect(events["text.first"] == ["begin", "cancel"])
            #expect(events["text.second"] == ["begin", "end"])
            // A notification while a text speaks is dropped: it ends at once, never begun.
            #expect(events["notification"] == ["cancel"])
            // An important message cuts the text speaking, and is said.
            #expect(events["text.third"] == ["begin", "cancel"])
            #expect(events["important"] == ["begin", "end"])
            // CANCEL SELF ends the one speaking and the one waiting.
            #expect(events["cancel.speaking"] == ["begin", "cancel"])
            #expect(events["cancel.waiting"] == ["cancel"])
        }
    }

    @Test func rawLinesGetSpeechDispatchersRepliesAndBadOnesChangeNothing() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            let ssip = try SSIPLineClient(socketPath: daemon.ssipSocket)
            try await onOwnThread {
                #expect(try ssip.command(#"SET SELF CLIENT_NAME "root:test:main""#) == "208 OK CLIENT NAME SET\r\n")
                #expect(try ssip.command("HISTORY GET CLIENT_ID").hasSuffix("245 OK CLIENT ID SENT\r\n"))
                // Bad lines: each its error, the settings as they were.
                #expect(try ssip.command("FOO") == "500 ERR INVALID COMMAND\r\n")
                #expect(try ssip.command("SET SELF PRIORITY bogus") == "408 ERR UNKNOWN PRIORITY\r\n")
                #expect(try ssip.command("SET SELF VOLUME 400") == "413 ERR PITCH TOO HIGH\r\n")
                let language = try ssip.command("SET SELF LANGUAGE xx-nonsense")
                #expect(language.hasPrefix("302-no eSpeak NG voice named 'xx-nonsense'"), "\(language)")
                #expect(language.hasSuffix("302 ERR COULDNT SET LANGUAGE\r\n"), "\(language)")
                #expect(try ssip.command("GET LANGUAGE") == "251-C\r\n251 OK GET RETURNED\r\n")
                #expect(try ssip.command("GET VOLUME") == "251-0\r\n251 OK GET RETURNED\r\n")
                #expect(try ssip.command("CANCEL 0") == "406 ERR ID DOESNT EXIST\r\n")
                // A line over 1 MiB is refused; the connection goes on.
                try ssip.write(Array(repeating: UInt8(ascii: "x"), count: (1 << 20) + 10) + [13, 10])
                #expect(try ssip.block().hasSuffix("300 ERR MESSAGE REFUSED\r\n"))
                // A language with a phrase pack, then a message told from its queueing to its end.
                #expect(try ssip.command("SET SELF LANGUAGE de_DE") == "201 OK LANGUAGE SET\r\n")
                #expect(try ssip.command("SET SELF NOTIFICATION all on") == "220 OK NOTIFICATION SET\r\n")
                #expect(try ssip.command("SPEAK") == "230 OK RECEIVING DATA\r\n")
                let queued = try ssip.command("..Jetzt links\r\nabbiegen.\r\n.")
                let id = try #require(queued.split(separator: "\r\n").first.map { String($0.dropFirst(4)) }, "\(queued)")
                #expect(queued == "225-\(id)\r\n225 OK MESSAGE QUEUED\r\n")
                #expect(try ssip.block() == "701-\(id)\r\n701-1\r\n701 BEGIN\r\n")
                #expect(try ssip.block() == "702-\(id)\r\n702-1\r\n702 END\r\n")
                // A notification with nothing else waiting or speaking is said.
                #expect(try ssip.command("SET SELF PRIORITY notification") == "202 OK PRIORITY SET\r\n")
                #expect(try ssip.command("CHAR a").hasSuffix("225 OK MESSAGE QUEUED\r\n"))
                #expect(try ssip.block().hasSuffix("701 BEGIN\r\n"))
                #expect(try ssip.block().hasSuffix("702 END\r\n"))
                // SSML without words is refused as an empty text is, not played as silence.
                #expect(try ssip.command("SET SELF SSML_MODE on") == "219 OK SSML MODE SET\r\n")
                #expect(try ssip.command("SPEAK") == "230 OK RECEIVING DATA\r\n")
                let wordless = try ssip.command(#"<speak><break time="500ms"/><!-- none --></speak>"# + "\r\n.")
                #expect(wordless.hasSuffix("300 ERR MESSAGE REFUSED\r\n"), "\(wordless)")
                #expect(try ssip.command("QUIT") == "231 HAPPY HACKING\r\n")
                #expect(ssip.isClosed())
            }
            // What VoxNav said: the message's text, dot-stuffing undone, in its German voice; the character.
            let started = events.events.filter { $0["type"] == .string("prompt.started") }.compactMap { $0["text"]?.stringValue }
            #expect(started == [".Jetzt links abbiegen.", "a"], "\(events.events)")
            #expect(events.events.allSatisfy { $0["client"] == .string("ssip-1") }, "\(events.events)")
            await daemon.stop()
        }
    }

    /// Nothing is cut without its client being told. A text whose words do not fit a prompt even
    /// faster, but would without its chained instruction: over JSON-RPC it is said shortened, and
    /// the reply and `prompt.shortened` say so; over SSIP, which has no way to say it, every word is
    /// said, as parts in a row, and the client is told the end once (it had been said cut at the
    /// chained instruction, and the client told `702 END`).
    @Test func aTextLongerThanAPromptIsSaidWholeOverSSIPNotCut() async throws {
        let text =
            "In 300 meters, turn right onto Solar Circle, Then continue along the Northern Boulevard past the old railway station "
            + "and the cathedral square for about three kilometers, until you reach the large roundabout at the edge of the industrial park."
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            let reply = try await blocking { try daemon.client.call("prompt.speak", .object(["text": .string(text)])) }
            #expect(reply["result"] == .string("shortened"), "\(reply)")
            #expect(reply["text"] == .string("In 300 meters, turn right onto Solar Circle."), "\(reply)")
            let ssip = try SSIPLineClient(socketPath: daemon.ssipSocket)
            let id = try await onOwnThread { () throws -> String in
                #expect(try ssip.command("SET SELF NOTIFICATION end on") == "220 OK NOTIFICATION SET\r\n")
                #expect(try ssip.command("SPEAK") == "230 OK RECEIVING DATA\r\n")
                let queued = try ssip.command(text + "\r\n.")
                let id = try #require(queued.split(separator: "\r\n").first.map { String($0.dropFirst(4)) }, "\(queued)")
                #expect(queued == "225-\(id)\r\n225 OK MESSAGE QUEUED\r\n")
                return id
            }
            // About 10 s of speech: the end is read once the last part has finished.
            let ssipEvents = { events.events.filter { $0["client"]?.stringValue?.hasPrefix("ssip-") == true } }
            #expect(
                await events.wait(seconds: 60) { _ in
                    let types = ssipEvents().compactMap { $0["type"]?.stringValue }
                    return types.filter { $0 == "prompt.queued" }.count == types.filter { $0 == "prompt.finished" }.count && !types.isEmpty
                })
            #expect(try await onOwnThread { try ssip.block() } == "702-\(id)\r\n702-1\r\n702 END\r\n")
            #expect(await events.caughtUp())
            let said = ssipEvents().filter { $0["type"] == .string("prompt.finished") }.compactMap { $0["text"]?.stringValue }
            #expect(said.count >= 2 && said.joined(separator: " ") == text, "\(said)")
            #expect(!ssipEvents().contains { $0["type"] == .string("prompt.shortened") }, "\(ssipEvents())")
            await daemon.stop()
        }
    }

    /// A socket another program answers on is not taken over: that one keeps it, and the daemon
    /// serves its JSON-RPC socket alone.
    @Test func anSSIPSocketSomethingAnswersOnIsLeftToIt() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let first = try await RealDaemon.start()
            let second = try await RealDaemon.start(arguments: ["--ssip-socket", first.ssipSocket])
            let state = try await blocking { try second.client.call("state.get") }
            #expect(state["sessionActive"] != nil, "\(state)")
            #expect(!FileManager.default.fileExists(atPath: second.ssipSocket))
            let ssip = try SSIPLineClient(socketPath: first.ssipSocket)
            // The first daemon answers (its client 2: the second's look at the socket was its client 1).
            #expect(try await blocking { try ssip.command("HISTORY GET CLIENT_ID") } == "245-2\r\n245 OK CLIENT ID SENT\r\n")
            await second.stop()
            await first.stop()
        }
    }

    @Test func noSSIPSocketWhenToldSo() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start(arguments: ["--ssip-socket", "none"])
            #expect(!FileManager.default.fileExists(atPath: daemon.ssipSocket))
            await daemon.stop()
        }
    }
}
