import PropertyBased
import Testing

@testable import SSIP

/// A connection's conversation, line by line, against the replies speech-dispatcher 0.11.4 gives
/// (its `msg.h`, and what it was seen to send): pure, no socket.
@Suite struct SSIPConversationTests {
    static let catalog = SSIPCatalog(voices: [(name: "de", language: "de"), (name: "en-us", language: "en-US")])

    static func conversation() -> SSIPConversation { SSIPConversation(clientID: 7, catalog: catalog) }

    /// The wire form of the reply one line gets from a fresh conversation.
    static func reply(to line: String) -> String? {
        var conversation = conversation()
        guard case .reply(let reply) = conversation.take(Array(line.utf8)) else { return nil }
        return reply.wire
    }

    @Test(arguments: [
        (#"SET SELF CLIENT_NAME "root:spd-say:main""#, "208 OK CLIENT NAME SET\r\n"),
        ("SET self CLIENT_NAME joe:pyapp:comp", "208 OK CLIENT NAME SET\r\n"),
        ("SET SELF CLIENT_NAME noColons", "311 ERR COULDNT SET CLIENT_NAME\r\n"),
        ("SET ALL CLIENT_NAME a:b:c", "514 ERR PARAMETER INVALID\r\n"),
        ("HISTORY GET CLIENT_ID", "245-7\r\n245 OK CLIENT ID SENT\r\n"),
        ("HISTORY GET LAST", "403 ERR NO MESSAGE\r\n"),
        ("HISTORY GET CLIENT_LIST", "380 ERR NOT YET IMPLEMENTED\r\n"),
        ("SET SELF PRIORITY IMPORTANT", "202 OK PRIORITY SET\r\n"),
        ("SET self PRIORITY notification", "202 OK PRIORITY SET\r\n"),
        ("SET SELF PRIORITY bogus", "408 ERR UNKNOWN PRIORITY\r\n"),
        ("SET ALL PRIORITY text", "301 ERR COULDNT SET PRIORITY\r\n"),
        ("SET SELF RATE 20", "203 OK RATE SET\r\n"),
        ("SET SELF RATE 101", "409 ERR RATE TOO HIGH\r\n"),
        ("SET SELF RATE -101", "410 ERR RATE TOO LOW\r\n"),
        ("SET SELF RATE abc", "511 ERR PARAMETER NOT A NUMBER\r\n"),
        ("SET SELF PITCH -10", "204 OK PITCH SET\r\n"),
        ("SET SELF PITCH_RANGE 5", "263 OK PITCH RANGE SET\r\n"),
        ("SET SELF VOLUME -50", "218 OK VOLUME SET\r\n"),
        ("SET SELF VOLUME 101", "413 ERR PITCH TOO HIGH\r\n"),
        ("SET SELF OUTPUT_MODULE espeak-ng", "216 OK OUTPUT MODULE SET\r\n"),
        ("SET SELF SYNTHESIS_VOICE English (America)", "209 OK VOICE SET\r\n"),
        ("SET SELF VOICE_TYPE female1", "209 OK VOICE SET\r\n"),
        ("SET SELF VOICE_TYPE robot", "309 ERR COULDNT SET VOICE\r\n"),
        ("SET SELF PUNCTUATION some", "205 OK PUNCTUATION SET\r\n"),
        ("SET SELF PUNCTUATION lots", "514 ERR PARAMETER INVALID\r\n"),
        ("SET SELF SPELLING on", "207 OK SPELLING SET\r\n"),
        ("SET SELF SPELLING yes", "513 ERR PARAMETER NOT ON OR OFF\r\n"),
        ("SET SELF CAP_LET_RECOGN icon", "206 OK CAP LET RECOGNITION SET\r\n"),
        ("SET SELF SSML_MODE off", "219 OK SSML MODE SET\r\n"),
        ("SET SELF PAUSE_CONTEXT 2", "217 OK PAUSE CONTEXT SET\r\n"),
        ("SET SELF DATA_MODE on", "500 ERR INVALID COMMAND\r\n"),
        ("SET SELF NOTIFICATION all on", "220 OK NOTIFICATION SET\r\n"),
        ("SET self NOTIFICATION index_marks on", "220 OK NOTIFICATION SET\r\n"),
        ("SET SELF NOTIFICATION bogus on", "316 ERR COULDNT SET NOTIFICATION\r\n"),
        ("SET SELF NOTIFICATION end maybe", "514 ERR PARAMETER INVALID\r\n"),
        ("SET SELF NOTIFICATION end", "510 ERR MISSING PARAMETER\r\n"),
        ("SET nobody RATE 1", "514 ERR PARAMETER INVALID\r\n"),
        ("SET", "510 ERR MISSING PARAMETER\r\n"),
        ("SPEAK", "230 OK RECEIVING DATA\r\n"),
        ("speak", "230 OK RECEIVING DATA\r\n"),
        ("CHAR  ", "510 ERR MISSING PARAMETER\r\n"),
        ("SOUND_ICON message", "320 ERR NO SOUND ICONS\r\n"),
        ("CANCEL 0", "406 ERR ID DOESNT EXIST\r\n"),
        ("CANCEL foo", "514 ERR PARAMETER INVALID\r\n"),
        ("CANCEL", "510 ERR MISSING PARAMETER\r\n"),
        ("STOP foo", "514 ERR PARAMETER INVALID\r\n"),
        ("PAUSE self", "299 OK BUT NOT IMPLEMENTED -- DOES NOTHING\r\n"),
        ("BLOCK BEGIN", "260 OK INSIDE BLOCK\r\n"),
        ("BLOCK END", "331 ERR ALREADY OUTSIDE BLOCK\r\n"),
        ("LIST OUTPUT_MODULES", "250-voxnav\r\n250 OK MODULE LIST SENT\r\n"),
        ("LIST SYNTHESIS_VOICES", "249-de\tde\tnone\r\n249-en-us\ten-US\tnone\r\n249 OK VOICE LIST SENT\r\n"),
        ("LIST FOO", "514 ERR PARAMETER INVALID\r\n"),
        ("GET VOLUME", "251-0\r\n251 OK GET RETURNED\r\n"),
        ("GET VOICE_TYPE", "251-NO_VOICE\r\n251 OK GET RETURNED\r\n"),
        ("GET FOO", "514 ERR PARAMETER INVALID\r\n"),
        ("FOO", "500 ERR INVALID COMMAND\r\n"),
        ("", "500 ERR INVALID COMMAND\r\n"),
    ])
    func eachCommandGetsSpeechDispatchersReply(line: String, expected: String) {
        #expect(Self.reply(to: line) == expected)
    }

    @Test func commandsThatAskTheDaemonSayWhat() {
        var conversation = Self.conversation()
        #expect(conversation.take(Array("STOP SELF".utf8)) == .stop(.own))
        #expect(conversation.take(Array("cancel all".utf8)) == .cancel(.all))
        #expect(conversation.take(Array("CANCEL 12".utf8)) == .cancel(.client(12)))
        #expect(conversation.take(Array("SET SELF LANGUAGE de".utf8)) == .setLanguage("de"))
        #expect(conversation.take(Array("QUIT".utf8)) == .quit)
        #expect(conversation.take(Array("BYE".utf8)) == .quit)
    }

    @Test func aMessageTakesTheSettingsItWasSpokenWith() throws {
        var conversation = Self.conversation()
        for line in [
            "SET SELF PRIORITY important", "SET SELF VOLUME -50", "SET SELF RATE 40", "SET SELF PITCH -30", "SET SELF SSML_MODE on",
            "SET SELF NOTIFICATION end on", "SET SELF NOTIFICATION cancel on",
        ] {
            #expect(conversation.take(Array(line.utf8)) != .reply(.invalidCommand))
        }
        #expect(conversation.languageSet("de_DE", as: "de") == SSIPReply(201, "OK LANGUAGE SET"))
        #expect(conversation.take(Array("SPEAK".utf8)) == .reply(SSIPReply(230, "OK RECEIVING DATA")))
        #expect(conversation.take(Array("Jetzt links abbiegen".utf8)) == .receiving)
        guard case .speak(let message) = conversation.take(Array(".".utf8)) else {
            Issue.record("no message")
            return
        }
        #expect(message.text == "Jetzt links abbiegen")
        #expect(message.kind == .text && message.priority == .important && message.language == "de" && message.volume == -50)
        #expect(message.rate == 40 && message.pitch == -30 && message.ssml)
        #expect(message.notifications == [.end, .cancel])
        // Settings changed later do not reach a message already taken; the next one has them.
        _ = conversation.take(Array("SET SELF PRIORITY text".utf8))
        guard case .speak(let key) = conversation.take(Array("KEY shift_a".utf8)) else {
            Issue.record("no key message")
            return
        }
        #expect(key.text == "shift a" && key.kind == .key && key.priority == .text)
        #expect(!key.ssml, "a key's name is no markup")
        guard case .speak(let space) = conversation.take(Array("CHAR space".utf8)) else {
            Issue.record("no character")
            return
        }
        #expect(space.text == " " && space.kind == .character)
        #expect(conversation.take(Array("GET LANGUAGE".utf8)) == .reply(SSIPReply(251, "OK GET RETURNED", data: ["de_DE"])))
    }

    @Test func anEmptyMessageOrOneThatIsNotUTF8IsRefusedAndTheConnectionGoesOn() {
        var conversation = Self.conversation()
        _ = conversation.take(Array("SPEAK".utf8))
        #expect(conversation.take(Array(".".utf8)) == .reply(SSIPReply(227, "OK MESSAGE CANCELED")))
        _ = conversation.take(Array("SPEAK".utf8))
        #expect(conversation.take([0xFF, 0xFE, 0x20, 0x62]) == .receiving)
        #expect(conversation.take(Array(".".utf8)) == .reply(SSIPReply(501, "ERR INVALID ENCODING")))
        #expect(conversation.take([0xFF]) == .reply(SSIPReply(501, "ERR INVALID ENCODING")))
        #expect(conversation.take(Array("HISTORY GET CLIENT_ID".utf8)) == .reply(SSIPReply(245, "OK CLIENT ID SENT", data: ["7"])))
    }

    @Test func insideABlockTheCommandsSpeechDispatcherRefusesThereAreRefused() {
        var conversation = Self.conversation()
        _ = conversation.take(Array("BLOCK BEGIN".utf8))
        #expect(conversation.take(Array("BLOCK BEGIN".utf8)) == .reply(SSIPReply(330, "ERR ALREADY INSIDE BLOCK")))
        #expect(conversation.take(Array("CANCEL SELF".utf8)) == .reply(SSIPReply(332, "ERR NOT ALLOWED INSIDE BLOCK")))
        #expect(conversation.take(Array("SPEAK".utf8)) == .reply(SSIPReply(230, "OK RECEIVING DATA")))
        _ = conversation.take(Array("in a block".utf8))
        guard case .speak = conversation.take(Array(".".utf8)) else {
            Issue.record("a message inside a block is said")
            return
        }
        #expect(conversation.take(Array("BLOCK END".utf8)) == .reply(SSIPReply(261, "OK OUTSIDE BLOCK")))
        #expect(conversation.take(Array("CANCEL SELF".utf8)) == .cancel(.own))
    }

    /// Any text, dot-stuffed as libspeechd and python3-speechd send it (a "." more at the start of the
    /// text and after every CRLF) and cut into lines at CRLF, comes back whole.
    @Test func dotStuffedTextComesBackAsItWasSent() async {
        let pieces = Gen.element(of: [".", "..", "Turn", " left", "\r\n", "\n", "ü", "é", "右转", " ", "a.b"]).map { $0! }.array(of: 1...30)
        await propertyCheck(count: 400, input: pieces) { pieces in
            let text = pieces.joined()
            var stuffed = text.hasPrefix(".") ? "." + text : text
            stuffed = stuffed.replacing("\r\n.", with: "\r\n..")
            var conversation = Self.conversation()
            _ = conversation.take(Array("SPEAK".utf8))
            var last: SSIPConversation.Step = .receiving
            for line in (stuffed + "\r\n.").split(separator: "\r\n", omittingEmptySubsequences: false) {
                last = conversation.take(Array(line.utf8))
            }
            let spoken: String? = if case .speak(let message) = last { message.text } else { nil }
            if text.isEmpty || text.allSatisfy({ $0 == "\r\n" }) {
                return
            }
            #expect(spoken == text, "sent \(stuffed.debugDescription)")
        }
    }

    /// Whatever a client sends, every line gets one step, and a line refused with an error leaves
    /// the settings as they were.
    @Test func aRefusedLineChangesNothing() async {
        let words = Gen.element(of: [
            "SET", "SELF", "ALL", "PRIORITY", "RATE", "VOLUME", "NOTIFICATION", "CLIENT_NAME", "on", "off", "999", "-5", "text", "a:b:c",
            "LANGUAGE", "GET", "CANCEL", "BLOCK", "BEGIN", "", "x",
        ]).map { $0! }.array(of: 1...6)
        await propertyCheck(count: 500, input: words.array(of: 1...12)) { lines in
            var conversation = Self.conversation()
            for line in lines {
                let before = conversation.settings
                let step = conversation.take(Array(line.joined(separator: " ").utf8))
                if case .reply(let reply) = step, !reply.isSuccess {
                    #expect(conversation.settings == before, "\(line) → \(reply)")
                }
            }
        }
    }
}
