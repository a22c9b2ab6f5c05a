import ArgumentParser
import Engine
import RPC

struct Say: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Speak a prompt; returns once it has finished and prints what happened.")

    @Argument(help: "The words to speak.")
    var text: [String]

    @Option(help: "Language tag or eSpeak NG voice, e.g. en-US, de.")
    var language: String?

    @Option(help: "How urgent: a higher priority plays before anything waiting of a lower one.")
    var priority: PromptPriority?

    @Option(help: "Seconds from now after which the prompt expires instead of playing late.")
    var deadline: Double?

    @OptionGroup var client: ClientOptions

    func run() throws {
        var params: [String: JSONValue] = ["text": .string(text.joined(separator: " "))]
        if let language { params["language"] = .string(language) }
        if let priority { params["priority"] = .string(priority.rawValue) }
        if let deadline { params["deadline"] = .number(deadline) }
        let outcome = try client.call("prompt.speak", .object(params))
        print(client.json ? outcome.description : Report.prompt(outcome))
    }
}
