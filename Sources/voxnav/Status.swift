import ArgumentParser
import RPC

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the session, the sources and their volumes on the server.")

    @OptionGroup var client: ClientOptions

    func run() throws {
        let state = try client.call(StateGet.self)
        if client.json { try client.printJSON(state) } else { print(Report.state(state)) }
    }
}
