import ArgumentParser
import FoundationEssentials
import ProcessSupport
import RPC
import TextFormat

struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Stream the daemon's events as they happen (prompts, sessions, sources, interruptions, audit).")

    @Option(help: "Only these event types or groups, comma-separated (e.g. prompt,audit or source.ducked).")
    var types: String?

    @Option(help: "Stop after this many seconds (default: until interrupted).")
    var seconds: Double?

    @OptionGroup var client: ClientOptions

    func run() throws {
        let rpc = try client.connect()
        _ = try rpc.callForCLI(EventsSubscribe.self, .init(types: types.map { $0.split(separator: ",").map(String.init) }))
        let deadline = seconds.map { Date().addingTimeInterval($0) }
        if let seconds { rpc.setReadTimeout(seconds) }
        while deadline.map({ Date() < $0 }) ?? true {
            guard let line = try? rpc.readLine() else { break }
            guard let value = try? JSONDecoder().decode(JSONValue.self, from: line), let event = value["params"],
                value["method"] == .string("event")
            else { continue }
            // Unbuffered, so a pipe (| grep, a log file) sees each event as it happens.
            // One line an event: a line break in a text is written out too.
            StandardStream.writeOutput((client.json ? event.description : Self.describe(event)).escapingControlCharacters() + "\n")
        }
    }

    static func describe(_ e: JSONValue) -> String {
        var parts = [
            String(cFormat: "%9.3f s", e["time"]?.doubleValue ?? 0),
            (e["type"]?.stringValue ?? "?").padding(toWidth: 20),
        ]
        if let prompt = e["prompt"]?.stringValue { parts.append(prompt) }
        if let source = e["source"]?.stringValue { parts.append(source) }
        if let client = e["client"]?.stringValue { parts.append("(\(client))") }
        if let text = e["text"]?.stringValue { parts.append("\"\(text)\"") }
        if let style = e["style"]?.stringValue { parts.append("style \(style)") }
        if let priority = e["priority"]?.stringValue, priority != "normal" { parts.append(priority) }
        if let dB = e["dB"]?.doubleValue { parts.append(String(cFormat: "%.0f dB", dB)) }
        if let resume = e["shouldResume"]?.boolValue { parts.append(resume ? "should resume" : "should not resume") }
        if let rule = e["rule"]?.stringValue { parts.append("rule \(rule)") }
        if let reason = e["reason"]?.stringValue { parts.append("— \(reason)") }
        return parts.joined(separator: " ")
    }
}

struct Cancel: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Cancel a prompt by its id (as printed by `watch`), whichever client queued it.")
    @Argument(help: "The prompt id, e.g. p-12.") var id: String
    @OptionGroup var client: ClientOptions
    func run() throws {
        let result = try client.call(PromptCancel.self, .init(id: id))
        if client.json { return try client.printJSON(result) }
        print(result.cancelled.isEmpty ? "\(id) was not waiting or playing" : "cancelled \(id)")
    }
}

struct Rpc: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Call any method with raw JSON params and print the raw result (see docs/PROTOCOL.md).",
        discussion: "Example: voxnav rpc session.configure '{\"category\":\"playback\",\"options\":[\"mixWithOthers\"]}'")
    @Argument(help: "The method, e.g. state.get.") var method: String
    @Argument(help: "The params as a JSON object.") var params: String?
    @OptionGroup var client: ClientOptions
    func run() throws {
        var value: JSONValue?
        if let params {
            guard let parsed = try? JSONDecoder().decode(JSONValue.self, from: Data(params.utf8)) else {
                throw ValidationError("params are not valid JSON")
            }
            value = parsed
        }
        print(try client.callRaw(method, value).description)
    }
}
