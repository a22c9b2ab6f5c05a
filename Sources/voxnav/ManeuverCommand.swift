import ArgumentParser
import Foundation
import Guidance
import RPC

struct ManeuverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "maneuver",
        abstract: "Speak a maneuver prompt composed by the daemon's phrase pack.",
        discussion: """
            Examples:
              voxnav maneuver rightTurn --road "Solar Cir." --distance 300 --state initial
              voxnav maneuver roundaboutExit3 --road Hauptstr. --distance 150 --language de
              voxnav maneuver offRamp --exit 12B --ref I-95 --then leftTurn
            """)

    @Argument(help: "The maneuver type (CarPlay's names, e.g. rightTurn, roundaboutExit3, offRamp).")
    var type: String

    @Option(help: "The road the maneuver leads onto.")
    var road: String?

    @Option(help: "Route number, e.g. I-95, A7.")
    var ref: String?

    @Option(help: "Exit number, e.g. 12B.")
    var exit: String?

    @Option(help: "Meters to the maneuver.")
    var distance: Double?

    @Option(help: "continue, initial, prepare or execute.")
    var state: String = "initial"

    @Option(help: "A second maneuver type following closely (\"…, then …\").")
    var then: String?

    @Option(help: "Language tag of a phrase pack, e.g. en-US, de, fr.")
    var language: String?

    @OptionGroup var client: ClientOptions

    func validate() throws {
        guard ManeuverType(rawValue: type) != nil else {
            throw ValidationError("unknown maneuver type '\(type)'; see `voxnav phrases` for the list")
        }
        if let then, ManeuverType(rawValue: then) == nil { throw ValidationError("unknown maneuver type '\(then)'") }
        guard ManeuverState(rawValue: state) != nil else { throw ValidationError("state must be continue, initial, prepare or execute") }
    }

    func run() throws {
        var maneuver: [String: JSONValue] = ["type": .string(type), "state": .string(state)]
        if let road { maneuver["roadName"] = .string(road) }
        if let ref { maneuver["routeNumber"] = .string(ref) }
        if let exit { maneuver["exitNumber"] = .string(exit) }
        if let distance { maneuver["distanceRemaining"] = .number(distance) }
        var params: [String: JSONValue] = ["maneuver": .object(maneuver)]
        if let then { params["then"] = .object(["type": .string(then)]) }
        if let language { params["language"] = .string(language) }
        let outcome = try client.call("prompt.speak", .object(params))
        print(client.json ? outcome.description : Report.prompt(outcome))
    }
}
