import ArgumentParser
import AudioPolicy
import Guidance
import TextFormat

// The domain's enums as command-line values: help lists them, and a wrong one is refused with the
// list, before anything is sent to the daemon.
extension SourceKind: ExpressibleByArgument {}
extension SourceActivity: ExpressibleByArgument {}
extension SessionCategory: ExpressibleByArgument {}
extension SessionMode: ExpressibleByArgument {}
extension PromptPriority: ExpressibleByArgument {}
extension VoiceGuidance: ExpressibleByArgument {}
extension GuidanceGain: ExpressibleByArgument {}
extension ManeuverType: ExpressibleByArgument {}
extension ManeuverState: ExpressibleByArgument {}
extension AlertKind: ExpressibleByArgument {}

/// Session options as one comma-separated value ("duckOthers,mixWithOthers").
struct SessionOptionList: ExpressibleByArgument {
    let names: [String]

    init?(argument: String) {
        let names = argument.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        guard names.allSatisfy({ SessionOptions.option(named: $0) != nil }) else { return nil }
        self.names = names
    }

    init() { names = [] }

    /// The options named.
    var set: SessionOptions { SessionOptions(names.compactMap(SessionOptions.option(named:))) }

    static var allValueStrings: [String] { SessionOptions.named.map(\.name) }
    var defaultValueDescription: String { names.isEmpty ? "none" : names.joined(separator: ",") }
}

/// The one shape of every simulated source's command: `start` or `stop` (`on`/`off`, and
/// `begin`/`end` for a call, mean the same).
enum SourceSwitch: String, ExpressibleByArgument, CaseIterable {
    case start, stop

    init?(argument: String) {
        switch argument {
        case "start", "on", "begin": self = .start
        case "stop", "off", "end": self = .stop
        default: return nil
        }
    }
}
