import ArgumentParser
import AudioPolicy
import FoundationEssentials
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
    var type: ManeuverType

    @Option(help: "The road the maneuver leads onto.")
    var road: String?

    @Option(help: "Route number, e.g. I-95, A7.")
    var ref: String?

    @Option(help: "Exit number, e.g. 12B.")
    var exit: String?

    @Option(help: "Meters to the maneuver.")
    var distance: Double?

    @Option(help: "Which prompt of the maneuver: the first, the one before it, or the one at it.")
    var state: ManeuverState = .initial

    @Option(help: "A second maneuver type following closely (\"…, then …\").")
    var then: ManeuverType?

    @Option(help: "Language tag of a phrase pack, e.g. en-US, de, fr.")
    var language: String?

    @Option(help: "The user's voice guidance for this prompt: off, alertsOnly (a maneuver is silent, text plays) or all.")
    var voiceGuidance: VoiceGuidance?

    @Option(help: "How loud: softer (-6 dB), normal or louder (+6 dB, limited so that nothing clips).")
    var gain: GuidanceGain?

    @OptionGroup var client: ClientOptions

    func run() throws {
        var maneuver = Maneuver(type: type, roadName: road, routeNumber: ref, exitNumber: exit)
        maneuver.state = state
        maneuver.distanceRemaining = distance
        let params = PromptSpeak.Params(maneuver: maneuver, then: then.map { Maneuver(type: $0) }, language: language)
        let result = try client.call(PromptSpeak.self, params, voiceGuidance: voiceGuidance, gain: gain)
        if client.json { try client.printJSON(result) } else { print(Report.prompt(result)) }
    }
}
