import ArgumentParser
import Engine
import Guidance

struct Phrases: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Preview every phrase of a phrase pack as text (no daemon needed).",
        discussion: "Renders every maneuver type in every state and variant with sample names and distances.")

    @Option(name: .customLong("lang"), help: "Language tag of the pack, e.g. en-US, de.")
    var language: String = "en-US"

    @Option(help: "Only maneuver types containing this text, e.g. roundabout.")
    var type: String?

    @Option(help: "The voices directory (default: voices/ next to the binary or VOXNAV_VOICES).")
    var voices: String?

    func run() throws {
        let library = VoiceLibrary.locate(explicit: voices)
        guard let pack = library.pack(for: language) else {
            throw CLIError("no phrase pack for '\(language)' (available: \(library.languages.joined(separator: ", ")))")
        }
        let composer = PhraseComposer(pack: pack)
        print("\(pack.name) (\(pack.language)), eSpeak NG voice \(pack.espeakVoice), units \(pack.unitSystem.rawValue)")
        for rendering in composer.catalog() where type.map({ rendering.type.rawValue.localizedCaseInsensitiveContains($0) }) ?? true {
            let key = "\(rendering.type.rawValue) \(rendering.state.rawValue) \(rendering.variant.rawValue)"
            print(key.padding(toLength: 42, withPad: " ", startingAt: 0) + rendering.text)
        }
        print("rerouting".padding(toLength: 42, withPad: " ", startingAt: 0) + composer.rerouting)
        for kind in AlertKind.allCases {
            print("alert \(kind.rawValue)".padding(toLength: 42, withPad: " ", startingAt: 0) + composer.alert(kind))
            print("alert \(kind.rawValue) 800 m".padding(toLength: 42, withPad: " ", startingAt: 0) + composer.alert(kind, distance: 800))
        }
    }
}
