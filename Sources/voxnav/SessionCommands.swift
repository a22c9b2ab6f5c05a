import ArgumentParser
import AudioPolicy
import Foundation
import RPC

/// `voxnav session configure|activate`: a client's own audio session, to see the policy act.
struct Session: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Try an audio-session configuration against the policy.",
        subcommands: [Configure.self, Activate.self])

    /// The options every session command shares.
    struct Shape: ParsableArguments {
        @Option(help: "What the session's audio is for.")
        var category: SessionCategory = .playback
        @Option(help: "What the category is specialised to.")
        var mode: SessionMode = .default
        @Option(help: "How it behaves towards the others, comma-separated.")
        var options = SessionOptionList()

        var params: JSONValue {
            .object([
                "category": .string(category.rawValue), "mode": .string(mode.rawValue),
                "options": .array(options.names.map(JSONValue.string)),
            ])
        }
    }

    struct Configure: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Check that a configuration is possible (impossible ones are refused with the reason).")
        @OptionGroup var shape: Shape
        @OptionGroup var client: ClientOptions
        func run() throws {
            let result = try client.call("session.configure", shape.params)
            print(client.json ? result.description : "possible: \(result["configured"]?.description ?? "")")
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
            _ = try rpc.call("session.configure", shape.params)
            let on = try rpc.call("session.setActive", .object(["active": .bool(true)]))
            print("activated")
            for effect in on["effects"]?.arrayValue ?? [] { print("  " + (effect.stringValue ?? "")) }
            let style = try rpc.call("session.promptStyle")
            print("prompt style now: \(style["style"]?.stringValue ?? "?")")
            Thread.sleep(forTimeInterval: hold)
            let off = try rpc.call("session.setActive", .object(["active": .bool(false), "notifyOthers": .bool(!noNotify)]))
            print("deactivated")
            for effect in off["effects"]?.arrayValue ?? [] { print("  " + (effect.stringValue ?? "")) }
        }
    }
}

/// `voxnav style`: the prompt style the policy would choose right now.
struct Style: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the prompt style a prompt would get now: none, short or normal.")
    @OptionGroup var client: ClientOptions
    func run() throws {
        let result = try client.call("session.promptStyle")
        print(client.json ? result.description : (result["style"]?.stringValue ?? "?"))
    }
}

/// `voxnav audit`: guideline violations seen by the daemon.
struct Audit: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the guideline violations the daemon has seen.")
    @OptionGroup var client: ClientOptions
    func run() throws {
        let result = try client.call("audit.get")
        let entries = result["violations"]?.arrayValue ?? []
        if client.json {
            print(result.description)
            return
        }
        if entries.isEmpty { print("no violations") }
        for v in entries {
            print(
                String(
                    format: "%8.2f s  %@  %@  %@", v["at"]?.doubleValue ?? 0, v["client"]?.stringValue ?? "?",
                    v["rule"]?.stringValue ?? "?", v["detail"]?.stringValue ?? ""))
        }
    }
}
