import ArgumentParser

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the session, the sources and their volumes on the server.")

    @OptionGroup var client: ClientOptions

    func run() throws {
        let state = try client.call("state.get")
        print(client.json ? state.description : Report.state(state))
    }
}
