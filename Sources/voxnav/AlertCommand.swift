import ArgumentParser
import Guidance
import RPC

struct AlertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alert",
        abstract: "Speak a navigation alert (priority important); returns once it has finished and prints what happened.")

    @Argument(help: "What is ahead (or give --text).")
    var kind: AlertKind?

    @Option(help: "The alert in your own words instead of a kind; repeat it for shorter variants, longest first.")
    var text: [String] = []

    @Option(help: "Meters to it (with a kind); without: \"… ahead\".")
    var distance: Double?

    @Option(help: "A phrase pack's language, e.g. en-US, de.")
    var language: String?

    @Option(help: "Seconds from now after which the alert expires instead of playing late.")
    var deadline: Double?

    @Option(help: "Seconds from now after which the alert is dismissed: not said by then, it never is.")
    var dismissAfter: Double?

    @OptionGroup var client: ClientOptions

    func validate() throws {
        if kind == nil && text.isEmpty { throw ValidationError("give what is ahead (a kind such as speedCamera) or --text") }
        if kind != nil && !text.isEmpty { throw ValidationError("give a kind or --text, not both") }
    }

    func run() throws {
        let params = PromptAlert.Params(
            kind: kind, text: text.isEmpty ? nil : text, distance: distance, language: language, deadline: deadline, dismissAfter: dismissAfter)
        let result = try client.call(PromptAlert.self, params)
        if client.json { try client.printJSON(result) } else { print(Report.prompt(result)) }
    }
}
