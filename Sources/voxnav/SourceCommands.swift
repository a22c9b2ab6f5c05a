import ArgumentParser
import RPC

/// `voxnav source start|stop|list`: any simulated source, by kind.
struct SourceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "source",
        abstract: "Start, stop or list simulated car sources (fmRadio, music, spokenAudio, phoneCall, voiceAssistant, vehicleChime, nativeNavigation).")

    enum Action: String, ExpressibleByArgument, CaseIterable { case start, stop, list }

    @Argument(help: "start, stop or list")
    var action: Action

    @Argument(help: "The source kind.")
    var kind: String?

    @Option(help: "listening, speaking (voiceAssistant) or voicemail (spokenAudio).")
    var activity: String?

    @OptionGroup var client: ClientOptions

    func run() throws {
        switch action {
        case .list:
            let result = try client.call("source.list")
            let sources = result["sources"]?.arrayValue ?? []
            print(client.json ? result.description : (sources.isEmpty ? "no sources" : sources.map(Report.source).joined(separator: "\n")))
        case .start, .stop:
            guard let kind else { throw ValidationError("name the source kind") }
            try SourceCommand.change(kind: kind, activity: activity, start: action == .start, client: client)
        }
    }

    static func change(kind: String, activity: String?, start: Bool, client: ClientOptions) throws {
        var params: [String: JSONValue] = ["kind": .string(kind)]
        if let activity { params["activity"] = .string(activity) }
        let result = try client.call(start ? "source.start" : "source.stop", .object(params))
        if client.json { print(result.description) } else { print(start ? Report.source(result) : "\(kind) stopped") }
    }
}

/// `voxnav call begin|end`: a phone call (prompts become a short tone while it lasts).
struct Call: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Begin or end a simulated phone call.")
    enum Action: String, ExpressibleByArgument, CaseIterable { case begin, end }
    @Argument(help: "begin or end") var action: Action
    @OptionGroup var client: ClientOptions
    func run() throws { try SourceCommand.change(kind: "phoneCall", activity: nil, start: action == .begin, client: client) }
}

/// `voxnav assistant listen|speak|end`: the voice assistant (listening silences prompts).
struct Assistant: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "The simulated voice assistant: listen (microphone open), speak, or end.")
    enum Action: String, ExpressibleByArgument, CaseIterable { case listen, speak, end }
    @Argument(help: "listen, speak or end") var action: Action
    @OptionGroup var client: ClientOptions
    func run() throws {
        switch action {
        case .listen: try SourceCommand.change(kind: "voiceAssistant", activity: "listening", start: true, client: client)
        case .speak: try SourceCommand.change(kind: "voiceAssistant", activity: "speaking", start: true, client: client)
        case .end: try SourceCommand.change(kind: "voiceAssistant", activity: nil, start: false, client: client)
        }
    }
}

/// `voxnav podcast start|stop`: spoken audio, paused (not ducked) by prompts.
struct Podcast: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Start or stop the simulated podcast (paused during prompts, resumed where it stopped).")
    enum Action: String, ExpressibleByArgument, CaseIterable { case start, stop }
    @Argument(help: "start or stop") var action: Action
    @OptionGroup var client: ClientOptions
    func run() throws { try SourceCommand.change(kind: "spokenAudio", activity: nil, start: action == .start, client: client) }
}

/// `voxnav music start|stop`: the phone's music app, ducked by prompts.
struct Music: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Start or stop the simulated music app (ducked during prompts).")
    enum Action: String, ExpressibleByArgument, CaseIterable { case start, stop }
    @Argument(help: "start or stop") var action: Action
    @OptionGroup var client: ClientOptions
    func run() throws { try SourceCommand.change(kind: "music", activity: nil, start: action == .start, client: client) }
}

/// `voxnav chime`: a vehicle chime, played once.
struct Chime: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Play a vehicle chime once.")
    @OptionGroup var client: ClientOptions
    func run() throws { try SourceCommand.change(kind: "vehicleChime", activity: nil, start: true, client: client) }
}
