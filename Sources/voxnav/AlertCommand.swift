import ArgumentParser
import Guidance
import RPC

struct AlertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alert",
        abstract: "Speak a navigation alert (priority important); returns once it has finished and prints what happened.")

    @Argument(help: "What is ahead.")
    var kind: AlertKind

    @Option(help: "Meters to it; without: \"… ahead\".")
    var distance: Double?

    @Option(help: "A phrase pack's language, e.g. en-US, de.")
    var language: String?

    @Option(help: "Seconds from now after which the alert expires instead of playing late.")
    var deadline: Double?

    @OptionGroup var client: ClientOptions

    func run() throws {
        let result = try client.call(PromptAlert.self, .init(kind: kind, distance: distance, language: language, deadline: deadline))
        if client.json { try client.printJSON(result) } else { print(Report.prompt(result)) }
    }
}
