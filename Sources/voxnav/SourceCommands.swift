import ArgumentParser
import AudioPolicy
import RPC

/// `voxnav source start|stop|list`: any simulated source, by kind.
struct SourceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "source",
        abstract: "Start, stop or list simulated car sources.")

    enum Action: String, ExpressibleByArgument, CaseIterable { case start, stop, list }

    @Argument(help: "What to do.")
    var action: Action

    @Argument(help: "The source kind (for start and stop).")
    var kind: SourceKind?

    @Option(help: "What the source does: the assistant listening or speaking, a voicemail.")
    var activity: SourceActivity?

    @OptionGroup var client: ClientOptions

    func run() throws {
        switch action {
        case .list:
            let result = try client.call(SourceList.self)
            if client.json { return try client.printJSON(result) }
            print(result.sources.isEmpty ? "no sources" : result.sources.map(Report.source).joined(separator: "\n"))
        case .start, .stop:
            guard let kind else { throw ValidationError("name the source kind") }
            try SourceCommand.change(kind, activity: activity, start: action == .start, client: client)
        }
    }

    static func change(_ kind: SourceKind, activity: SourceActivity?, start: Bool, client: ClientOptions) throws {
        if start {
            let source = try client.call(SourceStart.self, .init(kind: kind, activity: activity))
            if client.json { try client.printJSON(source) } else { print(Report.source(source)) }
        } else {
            let stopped = try client.call(SourceStop.self, .init(kind: kind))
            if client.json { try client.printJSON(stopped) } else { print("\(kind.rawValue) stopped") }
        }
    }
}

/// The commands for one simulated source each, all of one shape: `voxnav KIND start|stop`.
protocol SourceSwitchCommand: ParsableCommand {
    static var kind: SourceKind { get }
    var action: SourceSwitch { get }
    var client: ClientOptions { get }
    /// The activity it starts with; nil: the kind's default.
    var activity: SourceActivity? { get }
}

extension SourceSwitchCommand {
    var activity: SourceActivity? { nil }

    func run() throws { try SourceCommand.change(Self.kind, activity: activity, start: action == .start, client: client) }
}

/// `voxnav radio start|stop`: the FM radio, which prompts mix with (ducked).
struct Radio: SourceSwitchCommand {
    static let configuration = CommandConfiguration(abstract: "Start or stop the simulated FM radio (ducked during prompts).")
    static let kind = SourceKind.fmRadio
    @Argument(help: "start or stop (also: on, off)") var action: SourceSwitch
    @OptionGroup var client: ClientOptions
}

/// `voxnav music start|stop`: the phone's music app, ducked by prompts.
struct Music: SourceSwitchCommand {
    static let configuration = CommandConfiguration(abstract: "Start or stop the simulated music app (ducked during prompts).")
    static let kind = SourceKind.music
    @Argument(help: "start or stop (also: on, off)") var action: SourceSwitch
    @OptionGroup var client: ClientOptions
}

/// `voxnav podcast start|stop`: spoken audio, paused (not ducked) by prompts.
struct Podcast: SourceSwitchCommand {
    static let configuration = CommandConfiguration(abstract: "Start or stop the simulated podcast (paused during prompts, resumed where it stopped).")
    static let kind = SourceKind.spokenAudio
    @Argument(help: "start or stop (also: on, off)") var action: SourceSwitch
    @OptionGroup var client: ClientOptions
}

/// `voxnav call start|stop`: a phone call (prompts become a short tone while it lasts).
struct Call: SourceSwitchCommand {
    static let configuration = CommandConfiguration(abstract: "Begin or end a simulated phone call (prompts become a short tone).")
    static let kind = SourceKind.phoneCall
    @Argument(help: "start or stop (also: begin, end)") var action: SourceSwitch
    @OptionGroup var client: ClientOptions
}

/// `voxnav assistant start|stop [--speaking]`: the voice assistant (listening silences prompts).
struct Assistant: SourceSwitchCommand {
    static let configuration = CommandConfiguration(
        abstract: "The simulated voice assistant: start it listening (microphone open, prompts silent) or speaking, or stop it.")
    static let kind = SourceKind.voiceAssistant
    @Argument(help: "start or stop (also: on, off)") var action: SourceSwitch
    @Flag(help: "Start it speaking rather than listening (starting it again switches).") var speaking = false
    @OptionGroup var client: ClientOptions
    var activity: SourceActivity? { action == .start ? (speaking ? .speaking : .listening) : nil }
}

/// `voxnav chime`: a vehicle chime, played once.
struct Chime: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Play a vehicle chime once.")
    @OptionGroup var client: ClientOptions
    func run() throws { try SourceCommand.change(.vehicleChime, activity: nil, start: true, client: client) }
}
