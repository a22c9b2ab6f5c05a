import ArgumentParser
import RPC

struct Radio: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Start or stop the simulated FM radio.")

    enum Action: String, ExpressibleByArgument, CaseIterable { case start, stop }

    @Argument(help: "start or stop")
    var action: Action

    @OptionGroup var client: ClientOptions

    func run() throws {
        let params = JSONValue.object(["kind": .string("fmRadio")])
        switch action {
        case .start:
            let source = try client.call("source.start", params)
            print(client.json ? source.description : "radio started\n" + Report.source(source))
        case .stop:
            let result = try client.call("source.stop", params)
            print(client.json ? result.description : "radio stopped")
        }
    }
}
