import ArgumentParser
import Engine
import Foundation
import Speech

struct Voices: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the phrase packs and whether their eSpeak NG voice is installed (no daemon needed).")

    @Option(help: "The voices directory (default: voices/ next to the binary or VOXNAV_VOICES).")
    var voices: String?

    func run() async throws {
        let library = VoiceLibrary.locate(explicit: voices)
        guard let directory = library.directory else {
            throw CLIError("no voices directory found; pass --voices DIR or set VOXNAV_VOICES")
        }
        print("phrase packs in \(directory.path):")
        let synth = try Synthesizer.shared()
        for language in library.languages {
            let pack = library.packs[language]!
            let installed = await synth.hasVoice(pack.espeakVoice)
            let line =
                "  \(language)".padding(toLength: 10, withPad: " ", startingAt: 0)
                + pack.name.padding(toLength: 28, withPad: " ", startingAt: 0)
                + "voice \(pack.espeakVoice)".padding(toLength: 24, withPad: " ", startingAt: 0)
                + pack.unitSystem.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
                + (installed ? "installed" : "MISSING (install espeak-ng-data)")
            print(line)
        }
        for (file, problem) in library.problems.sorted(by: { $0.key < $1.key }) {
            print("  \(file): NOT LOADED: \(problem)")
        }
    }
}
