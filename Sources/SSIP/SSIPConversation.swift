/// One SSIP connection as a state machine, without I/O: each line the client sends (split at CRLF,
/// without it) gives one `SSIPStep`, what the daemon must do and answer. Between `SPEAK`'s
/// `230 OK RECEIVING DATA` and the lone "." the lines are the message's text, dot-stuffed by the
/// client (a line that begins with "." was sent with one more).
public struct SSIPConversation: Sendable {
    /// What a line asks of the daemon.
    public enum Step: Hashable, Sendable {
        /// Answer this, and nothing else.
        case reply(SSIPReply)
        /// A line of a message's text: nothing to answer yet.
        case receiving
        /// Queue this message: answer `SSIPReply.queued` with its id, or why not.
        case speak(SSIPMessage)
        /// Stop the message speaking now of the target's clients (the rest still play): `210 OK STOPPED`.
        case stop(SSIPTarget)
        /// End every message of the target's clients, waiting or speaking: `213 OK CANCELED`.
        case cancel(SSIPTarget)
        /// `231 HAPPY HACKING`, then close the connection.
        case quit
        /// Find what the language the client names is said in, then `languageSet(_:as:)` or
        /// `SSIPReply.languageNotSet`.
        case setLanguage(String)
    }

    /// The longest message text taken, in bytes (VoxNav's own limit on what it says is lower).
    public static let maximumMessageBytes = 1 << 20

    /// The connection's client id, told by `HISTORY GET CLIENT_ID` and in every event.
    public let clientID: Int
    public private(set) var settings = SSIPSettings()
    private let catalog: SSIPCatalog
    /// The text of a `SPEAK` so far, while its data comes; nil between commands.
    private var receiving: [UInt8]?
    /// How many lines of it have come.
    private var receivedLines = 0
    private var insideBlock = false

    public init(clientID: Int, catalog: SSIPCatalog) {
        self.clientID = clientID
        self.catalog = catalog
    }

    /// Takes one line.
    public mutating func take(_ line: [UInt8]) -> Step {
        if receiving != nil { return takeData(line) }
        guard let text = String(validating: line, as: UTF8.self) else { return .reply(.invalidEncoding) }
        // Split on single spaces, as speech-dispatcher does: "CHAR  " is a CHAR with an empty parameter.
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let command = words[0].uppercased()
        if insideBlock, Self.notInsideBlock.contains(command) { return .reply(.notAllowedInsideBlock) }
        switch command {
        case "SPEAK":
            receiving = []
            receivedLines = 0
            return .reply(.receivingData)
        case "SET": return set(words)
        case "CHAR":
            guard let character = words.dropFirst().first, !character.isEmpty else { return .reply(.missingParameter) }
            return .speak(message(character == "space" ? " " : character, kind: .character))
        case "KEY":
            guard let key = words.dropFirst().first, !key.isEmpty else { return .reply(.missingParameter) }
            return .speak(message(key.replacing("_", with: " "), kind: .key))
        case "SOUND_ICON":
            guard let icon = words.dropFirst().first, !icon.isEmpty else { return .reply(.missingParameter) }
            return .reply(.noSoundIcons)
        case "STOP", "CANCEL":
            let target: SSIPTarget
            switch Self.target(words) {
            case .target(let found): target = found
            case .bad(let reply): return .reply(reply)
            }
            return command == "STOP" ? .stop(target) : .cancel(target)
        case "PAUSE", "RESUME":
            if case .bad(let reply) = Self.target(words) { return .reply(reply) }
            // A navigation prompt is not held for later: it would be out of date.
            return .reply(.notImplemented)
        case "BLOCK": return block(words)
        case "HISTORY": return history(words)
        case "LIST": return list(words)
        case "GET": return get(words)
        case "HELP": return .reply(Self.help)
        case "QUIT", "BYE": return .quit
        default: return .reply(.invalidCommand)
        }
    }

    /// Commands speech-dispatcher refuses between `BLOCK BEGIN` and `BLOCK END`.
    private static let notInsideBlock: Set<String> = ["STOP", "CANCEL", "PAUSE", "RESUME", "HISTORY", "LIST", "GET", "HELP"]

    // MARK: SPEAK's data

    /// Gathers the text in place, in time linear in its length: each line is appended to the text
    /// so far, never copied with it (a copy per line made 100,000 short lines cost 10 CPU-seconds).
    private mutating func takeData(_ line: [UInt8]) -> Step {
        guard receiving != nil else { return .receiving }
        if line == [UInt8(ascii: ".")] {
            let text = receiving ?? []
            receiving = nil
            if text.isEmpty { return .reply(.emptyMessage) }
            guard text.count <= Self.maximumMessageBytes else { return .reply(.refused("the message is longer than \(Self.maximumMessageBytes) bytes")) }
            guard let words = String(validating: text, as: UTF8.self) else { return .reply(.invalidEncoding) }
            return .speak(message(words, kind: .text))
        }
        // Over the limit, the rest is not kept: the end still comes at the lone ".".
        guard receiving!.count <= Self.maximumMessageBytes else { return .receiving }
        if receivedLines > 0 { receiving!.append(contentsOf: [13, 10]) }
        receivedLines += 1
        // Dot-stuffing undone: a line that begins with "." came with one more.
        receiving!.append(contentsOf: line.starts(with: [UInt8(ascii: "."), UInt8(ascii: ".")]) ? line.dropFirst() : line[...])
        return .receiving
    }

    /// The language the client named (`Step.setLanguage`) is said in `resolved` (nil: the default).
    public mutating func languageSet(_ asked: String, as resolved: String?) -> SSIPReply {
        settings.language = asked
        settings.voxNavLanguage = resolved
        return .languageSet
    }

    private func message(_ text: String, kind: SSIPMessage.Kind) -> SSIPMessage {
        SSIPMessage(
            text: text, kind: kind, priority: settings.priority, language: settings.voxNavLanguage, volume: settings.volume,
            rate: settings.rate, pitch: settings.pitch, ssml: settings.ssml && kind == .text, notifications: settings.notifications)
    }

    // MARK: SET

    private mutating func set(_ words: [String]) -> Step {
        guard words.count >= 3 else { return .reply(.missingParameter) }
        let target = words[1].uppercased()
        let setting = words[2].uppercased()
        let value = words.count > 3 ? words[3] : nil
        guard Self.settings.contains(setting) else { return .reply(.invalidCommand) }
        guard target == "SELF" else {
            // Only a connection's own settings: another client's are its own business.
            return .reply(setting == "PRIORITY" ? .priorityNotSet : .invalidParameter)
        }
        guard let value, !value.isEmpty else { return .reply(.missingParameter) }
        switch setting {
        case "CLIENT_NAME":
            let name = value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") ? String(value.dropFirst().dropLast()) : value
            guard name.count(where: { $0 == ":" }) == 2 else { return .reply(.clientNameNotSet) }
            settings.clientName = name
            return .reply(.clientNameSet)
        case "PRIORITY":
            guard let priority = SSIPPriority(parameter: value) else { return .reply(.unknownPriority) }
            settings.priority = priority
            return .reply(.prioritySet)
        case "LANGUAGE": return .setLanguage(value)
        case "RATE": return number(value, 203, 409, 410, 303, "RATE") { $0.rate = $1 }
        case "PITCH": return number(value, 204, 411, 412, 304, "PITCH") { $0.pitch = $1 }
        case "PITCH_RANGE": return number(value, 263, 415, 416, 340, "PITCH RANGE") { $0.pitchRange = $1 }
        // speech-dispatcher's words for a volume out of range say PITCH: its clients know the codes.
        case "VOLUME": return number(value, 218, 413, 414, 314, "PITCH") { $0.volume = $1 }
        case "OUTPUT_MODULE": return .reply(.outputModuleSet)
        case "SYNTHESIS_VOICE":
            settings.synthesisVoice = words.dropFirst(3).joined(separator: " ")
            return .reply(.voiceSet)
        case "VOICE_TYPE":
            guard Self.voiceTypes.contains(value.uppercased()) else { return .reply(.voiceNotSet) }
            settings.voiceType = value.uppercased()
            return .reply(.voiceSet)
        case "PUNCTUATION":
            guard ["all", "most", "some", "none"].contains(value.lowercased()) else { return .reply(.invalidParameter) }
            settings.punctuation = value.lowercased()
            return .reply(.punctuationSet)
        case "CAP_LET_RECOGN":
            guard ["none", "spell", "icon"].contains(value.lowercased()) else { return .reply(.invalidParameter) }
            settings.capitalLetters = value.lowercased()
            return .reply(.capitalLettersSet)
        case "SPELLING", "SSML_MODE":
            guard let on = Self.onOff(value) else { return .reply(.notOnOrOff) }
            if setting == "SPELLING" { settings.spelling = on } else { settings.ssml = on }
            return .reply(setting == "SPELLING" ? .spellingSet : .ssmlModeSet)
        case "PAUSE_CONTEXT":
            guard let context = Int(value) else { return .reply(.notANumber) }
            settings.pauseContext = context
            return .reply(.pauseContextSet)
        default:  // NOTIFICATION
            guard words.count > 4 else { return .reply(.missingParameter) }
            guard let on = Self.onOff(words[4]) else { return .reply(.invalidParameter) }
            let kinds: Set<SSIPEvent>
            if value.lowercased() == "all" {
                kinds = Set(SSIPEvent.allCases)
            } else {
                guard let kind = SSIPEvent(rawValue: value.lowercased()) else { return .reply(.notificationNotSet) }
                kinds = [kind]
            }
            if on { settings.notifications.formUnion(kinds) } else { settings.notifications.subtract(kinds) }
            return .reply(.notificationSet)
        }
    }

    private static let settings: Set<String> = [
        "CLIENT_NAME", "PRIORITY", "LANGUAGE", "RATE", "PITCH", "PITCH_RANGE", "VOLUME", "OUTPUT_MODULE", "SYNTHESIS_VOICE", "VOICE_TYPE",
        "PUNCTUATION", "CAP_LET_RECOGN", "SPELLING", "SSML_MODE", "PAUSE_CONTEXT", "NOTIFICATION",
    ]

    static let voiceTypes: [String] = ["MALE1", "MALE2", "MALE3", "FEMALE1", "FEMALE2", "FEMALE3", "CHILD_MALE", "CHILD_FEMALE"]

    /// A number setting of -100...100: set, too high, too low (each with its code), not a number.
    private mutating func number(
        _ value: String, _ ok: Int, _ high: Int, _ low: Int, _ unset: Int, _ name: String, _ apply: (inout SSIPSettings, Int) -> Void
    ) -> Step {
        guard let number = Int(value) else { return .reply(.notANumber) }
        if number > 100 { return .reply(SSIPReply(high, "ERR \(name) TOO HIGH")) }
        if number < -100 { return .reply(SSIPReply(low, "ERR \(name) TOO LOW")) }
        apply(&settings, number)
        let set = [203: "OK RATE SET", 204: "OK PITCH SET", 263: "OK PITCH RANGE SET", 218: "OK VOLUME SET"]
        return .reply(SSIPReply(ok, set[ok] ?? "OK"))
    }

    private static func onOff(_ value: String) -> Bool? {
        switch value.lowercased() {
        case "on": true
        case "off": false
        default: nil
        }
    }

    // MARK: the other commands

    /// The target a `STOP`, `CANCEL`, `PAUSE` or `RESUME` names, or the reply to a bad one.
    private enum Named {
        case target(SSIPTarget)
        case bad(SSIPReply)
    }

    private static func target(_ words: [String]) -> Named {
        guard let word = words.dropFirst().first, !word.isEmpty else { return .bad(.missingParameter) }
        switch word.uppercased() {
        case "SELF": return .target(.own)
        case "ALL": return .target(.all)
        default:
            guard let id = Int(word) else { return .bad(.invalidParameter) }
            return id > 0 ? .target(.client(id)) : .bad(.noSuchClient)
        }
    }

    private mutating func block(_ words: [String]) -> Step {
        switch words.dropFirst().first?.uppercased() {
        case "BEGIN":
            if insideBlock { return .reply(.alreadyInsideBlock) }
            insideBlock = true
            return .reply(.insideBlock)
        case "END":
            if !insideBlock { return .reply(.alreadyOutsideBlock) }
            insideBlock = false
            return .reply(.outsideBlock)
        case nil, "": return .reply(.missingParameter)
        default: return .reply(.invalidParameter)
        }
    }

    private func history(_ words: [String]) -> Step {
        let asked = words.dropFirst().map { $0.uppercased() }
        switch asked {
        case ["GET", "CLIENT_ID"]: return .reply(.clientID(clientID))
        case ["GET", "LAST"]: return .reply(.noMessage)
        case ["GET", "CLIENT_LIST"], ["SORT"]: return .reply(.notYetImplemented)
        default: return .reply(.invalidCommand)
        }
    }

    private func list(_ words: [String]) -> Step {
        switch words.dropFirst().first?.uppercased() {
        case "OUTPUT_MODULES": return .reply(SSIPReply(250, "OK MODULE LIST SENT", data: ["voxnav"]))
        case "VOICES": return .reply(SSIPReply(249, "OK VOICE LIST SENT", data: Self.voiceTypes))
        case "SYNTHESIS_VOICES":
            return .reply(SSIPReply(249, "OK VOICE LIST SENT", data: catalog.voices.map { "\($0.name)\t\($0.language)\tnone" }))
        case nil, "": return .reply(.missingParameter)
        default: return .reply(.invalidParameter)
        }
    }

    private func get(_ words: [String]) -> Step {
        let value: String
        switch words.dropFirst().first?.uppercased() {
        case "OUTPUT_MODULE": value = "voxnav"
        case "LANGUAGE": value = settings.language
        case "RATE": value = "\(settings.rate)"
        case "PITCH": value = "\(settings.pitch)"
        case "VOLUME": value = "\(settings.volume)"
        case "PUNCTUATION": value = settings.punctuation
        case "VOICE_TYPE": value = settings.voiceType ?? "NO_VOICE"
        case nil, "": return .reply(.missingParameter)
        default: return .reply(.invalidParameter)
        }
        return .reply(SSIPReply(251, "OK GET RETURNED", data: [value]))
    }

    private static let help = SSIPReply(
        248, "OK HELP SENT",
        data: [
            "  VoxNav's SSIP door: what speech-dispatcher's clients send to speak.",
            "  SPEAK, CHAR, KEY                   -- say a message (SPEAK: text lines, then a lone '.')",
            "  STOP, CANCEL SELF|ALL|<client>     -- stop the one speaking / end every message",
            "  SET SELF CLIENT_NAME|PRIORITY|LANGUAGE|VOLUME|NOTIFICATION|...  -- the connection's settings",
            "  GET, LIST, HISTORY GET CLIENT_ID, BLOCK BEGIN|END, QUIT",
        ])
}
