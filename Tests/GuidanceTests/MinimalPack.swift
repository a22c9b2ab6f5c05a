@testable import Guidance

/// A small valid pack built in code, for tests that break one thing at a time or try another
/// language's grammar.
struct MinimalPack {
    var header = """
        language: xx
        espeakVoice: xx
        units: metric
        """
    var numbers = """
        numbers:
          plural:
            one: "i = 1 and v = 0"
        """
    var distance = """
        distance:
          default:
            lessThan: "under {distance}"
            meters: { one: "{n} meter", other: "{n} meters" }
            kilometers: { one: "{n} kilometer", other: "{n} kilometers" }
        """
    var ordinals = "ordinals:\n  default: [" + (1...19).map { "o\($0)" }.joined(separator: ", ") + "]"
    var sides = "sides: { left: L, right: R }"
    var lanes = """
        lanes:
          left: { one: "left lane", other: "left {count} lanes" }
          right: { one: "right lane", other: "right {count} lanes" }
          middle: { one: "middle lane", other: "middle {count} lanes" }
        """
    var phrases = "phrases:\n  rerouting: \"rerouting\"\n  loading: \"loading\"\n  locating: \"locating\"\n  proceedToRoute: \"to the route\""
    var alerts = "alerts:\n" + AlertKind.allCases.map { "  \($0.rawValue): \"[\($0.rawValue) in {distance}|\($0.rawValue)]\"" }.joined(separator: "\n")
    var estimates = """
        estimates:
          sentence: "at {arrival}[ in {duration}][, {distance} left]"
          departure: "{prompt}; at {arrival}"
          clock: "{hour}[:{mm}]"
          minutes: { one: "{n} minute", other: "{n} minutes" }
          hours: { one: "{n} hour", other: "{n} hours" }
          hoursAndMinutes: "{hours} {minutes}"
          lessThanAMinute: "under a minute"
        """
    var states = """
        states:
          continue: "go {distance}"
          initial: "in {distance} {action}[. {lanes}][. then {then}]"
          prepare: "in {distance} {short}"
          execute: "{short} now"
        short:
          continue: "go"
          initial: "{short}"
          prepare: "{short}"
          execute: "{short}"
        """
    var maneuvers: [String: String] = Dictionary(
        uniqueKeysWithValues: ManeuverFamily.allCases.map { ($0.rawValue, "\"\($0.rawValue)[ to {road}]\"") })
    var extra = ""

    var yaml: String {
        let maneuverLines = maneuvers.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }
        return [
            header, numbers, distance, ordinals, sides, lanes, phrases, alerts, estimates, states,
            "maneuvers:\n" + maneuverLines.joined(separator: "\n"), extra,
        ].joined(separator: "\n")
    }

    func pack() throws(PhrasePackError) -> PhrasePack { try PhrasePack(yaml: yaml) }
}
