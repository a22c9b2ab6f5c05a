import ArgumentParser
import AudioPolicy
import FoundationEssentials
import ProcessSupport
import RPC
import TextFormat

/// `voxnav session configure|activate`: a client's own audio session, to see the policy act.
struct Session: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Try an audio-session configuration against the policy.",
        subcommands: [Configure.self, Activate.self, VoiceControl.self])

    /// The options every session command shares.
    struct Shape: ParsableArguments {
        @Option(help: "What the session's audio is for.")
        var category: SessionCategory = .playback
        @Option(help: "What the category is specialised to.")
        var mode: SessionMode = .default
        @Option(help: "How it behaves towards the others, comma-separated.")
        var options = SessionOptionList()

        var params: SessionConfigure.Params { SessionConfigure.Params(category: category, mode: mode, options: options.set) }
    }

    struct Configure: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Check that a configuration is possible (impossible ones are refused with the reason).")
        @OptionGroup var shape: Shape
        @OptionGroup var client: ClientOptions
        func run() throws {
            let result = try client.call(SessionConfigure.self, shape.params)
            if client.json { try client.printJSON(result) } else { print("possible: \(try JSONValue(encoding: result.configured))") }
        }
    }

    struct Activate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Configure and activate a session, hold it, then deactivate it, printing what the policy did to the other sources.",
            discussion: "A session belongs to its connection: it is deactivated when this command ends (or on Ctrl-C, at once).")
        @OptionGroup var shape: Shape
        @Option(help: "Seconds to hold the session active.")
        var hold: Double = 3
        @Flag(help: "Deactivate without notifying others (interrupted audio is not told to resume; audited).")
        var noNotify = false
        @OptionGroup var client: ClientOptions

        func run() throws {
            let rpc = try client.connect()
            _ = try rpc.callForCLI(SessionConfigure.self, shape.params)
            let on = try rpc.callForCLI(SessionSetActive.self, .init(active: true))
            print("activated")
            for effect in on.effects { print("  " + effect) }
            let style = try rpc.callForCLI(SessionPromptStyle.self)
            print("prompt style now: \(style.style.rawValue)")
            Blocking.sleep(hold)
            let off = try rpc.callForCLI(SessionSetActive.self, .init(active: false, notifyOthers: !noNotify))
            print("deactivated")
            for effect in off.effects { print("  " + effect) }
        }
    }
}

/// `voxnav style`: the prompt style the policy would choose right now.
struct Style: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the prompt style a prompt would get now: none, short or normal.")
    @OptionGroup var client: ClientOptions
    func run() throws {
        let result = try client.call(SessionPromptStyle.self)
        if client.json { try client.printJSON(result) } else { print(result.style.rawValue) }
    }
}

/// `voxnav audit`: guideline violations seen by the daemon.
struct Audit: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the guideline violations the daemon has seen.")
    @OptionGroup var client: ClientOptions
    func run() throws {
        let result = try client.call(AuditGet.self, .init())
        if client.json { return try client.printJSON(result) }
        if result.violations.isEmpty { print("no violations") }
        for v in result.violations { print(String(cFormat: "%8.2f s", v.at) + "  \(v.client)  \(v.rule)  \(v.detail)") }
    }
}
