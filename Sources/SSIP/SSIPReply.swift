/// One reply or event block of SSIP: lines that share a three-digit code, each ending CRLF, every
/// line but the last with a dash after the code ("225-12") and the last with a space
/// ("225 OK MESSAGE QUEUED"). Codes 2xx are success, 3xx a server error, 4xx a bad argument, 5xx
/// bad syntax, 7xx an event.
public struct SSIPReply: Hashable, Sendable, CustomStringConvertible {
    public let code: Int
    /// The lines before the last, without code or dash.
    public let data: [String]
    /// The last line's text.
    public let text: String

    public init(_ code: Int, _ text: String, data: [String] = []) {
        self.code = code
        self.text = text
        // A data line holds no line break of its own: it would end the block early.
        self.data = data.map { line in
            String(String.UnicodeScalarView(line.unicodeScalars.map { $0 == "\r" || $0 == "\n" ? " " : $0 }))
        }
    }

    /// The block as it goes on the wire.
    public var wire: String {
        data.map { "\(code)-\($0)\r\n" }.joined() + "\(code) \(text)\r\n"
    }

    public var description: String { wire }

    public var isSuccess: Bool { code < 300 }
}

/// speech-dispatcher's replies, with their exact wording (speech-dispatcher 0.11.4's `msg.h`; a
/// client looks at the code, but a person reading a log looks at the words).
extension SSIPReply {
    static let languageSet = SSIPReply(201, "OK LANGUAGE SET")
    static let prioritySet = SSIPReply(202, "OK PRIORITY SET")
    static let rateSet = SSIPReply(203, "OK RATE SET")
    static let pitchSet = SSIPReply(204, "OK PITCH SET")
    static let punctuationSet = SSIPReply(205, "OK PUNCTUATION SET")
    static let capitalLettersSet = SSIPReply(206, "OK CAP LET RECOGNITION SET")
    static let spellingSet = SSIPReply(207, "OK SPELLING SET")
    static let clientNameSet = SSIPReply(208, "OK CLIENT NAME SET")
    static let voiceSet = SSIPReply(209, "OK VOICE SET")
    public static let stopped = SSIPReply(210, "OK STOPPED")
    public static let cancelled = SSIPReply(213, "OK CANCELED")
    static let outputModuleSet = SSIPReply(216, "OK OUTPUT MODULE SET")
    static let pauseContextSet = SSIPReply(217, "OK PAUSE CONTEXT SET")
    static let volumeSet = SSIPReply(218, "OK VOLUME SET")
    static let ssmlModeSet = SSIPReply(219, "OK SSML MODE SET")
    static let notificationSet = SSIPReply(220, "OK NOTIFICATION SET")
    public static func queued(_ message: Int) -> SSIPReply { SSIPReply(225, "OK MESSAGE QUEUED", data: ["\(message)"]) }
    static let emptyMessage = SSIPReply(227, "OK MESSAGE CANCELED")
    static let receivingData = SSIPReply(230, "OK RECEIVING DATA")
    public static let bye = SSIPReply(231, "HAPPY HACKING")
    static func clientID(_ id: Int) -> SSIPReply { SSIPReply(245, "OK CLIENT ID SENT", data: ["\(id)"]) }
    static let insideBlock = SSIPReply(260, "OK INSIDE BLOCK")
    static let outsideBlock = SSIPReply(261, "OK OUTSIDE BLOCK")
    static let notImplemented = SSIPReply(299, "OK BUT NOT IMPLEMENTED -- DOES NOTHING")

    /// A message VoxNav would not queue (`why` says what was wrong), as a server error.
    public static func refused(_ why: String) -> SSIPReply { SSIPReply(300, "ERR MESSAGE REFUSED", data: [why]) }
    static let priorityNotSet = SSIPReply(301, "ERR COULDNT SET PRIORITY")
    public static func languageNotSet(_ why: String) -> SSIPReply { SSIPReply(302, "ERR COULDNT SET LANGUAGE", data: [why]) }
    static let voiceNotSet = SSIPReply(309, "ERR COULDNT SET VOICE")
    static let clientNameNotSet = SSIPReply(311, "ERR COULDNT SET CLIENT_NAME")
    static let notificationNotSet = SSIPReply(316, "ERR COULDNT SET NOTIFICATION")
    static let noSoundIcons = SSIPReply(320, "ERR NO SOUND ICONS")
    static let alreadyInsideBlock = SSIPReply(330, "ERR ALREADY INSIDE BLOCK")
    static let alreadyOutsideBlock = SSIPReply(331, "ERR ALREADY OUTSIDE BLOCK")
    static let notAllowedInsideBlock = SSIPReply(332, "ERR NOT ALLOWED INSIDE BLOCK")
    static let notYetImplemented = SSIPReply(380, "ERR NOT YET IMPLEMENTED")
    static let noMessage = SSIPReply(403, "ERR NO MESSAGE")
    static let noSuchClient = SSIPReply(406, "ERR ID DOESNT EXIST")
    static let unknownPriority = SSIPReply(408, "ERR UNKNOWN PRIORITY")
    static let invalidCommand = SSIPReply(500, "ERR INVALID COMMAND")
    static let invalidEncoding = SSIPReply(501, "ERR INVALID ENCODING")
    static let missingParameter = SSIPReply(510, "ERR MISSING PARAMETER")
    static let notANumber = SSIPReply(511, "ERR PARAMETER NOT A NUMBER")
    static let notOnOrOff = SSIPReply(513, "ERR PARAMETER NOT ON OR OFF")
    static let invalidParameter = SSIPReply(514, "ERR PARAMETER INVALID")
}
