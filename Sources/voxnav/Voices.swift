import ArgumentParser
import FoundationEssentials
import Installation
import PackLibrary
import Speech

struct Voices: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the phrase packs, where each came from, and whether its eSpeak NG voice is installed (no daemon needed).",
        discussion: """
            Packs are read from every voices/ of the data directories, most important first: \\
            $XDG_DATA_HOME/voxnav (~/.local/share/voxnav), each of $XDG_DATA_DIRS/voxnav, the install \\
            prefix's share/voxnav, the source tree. A pack overrides one of the same language in a less \\
            important directory, and adds to them otherwise.
            """)

    @Option(help: "A voices directory to read instead of the data directories (or VOXNAV_VOICES).")
    var voices: String?

    @Flag(help: "Print the packs as JSON.")
    var json = false

    func run() async throws {
        if let voices, !FileManager.default.fileExists(atPath: voices) { throw CLIError("the voices directory \(voices) does not exist") }
        let library = VoiceLibrary.locate(explicit: voices)
        if library.directories.isEmpty {
            throw CLIError("no voices/ directory found in \(DataDirectories.current.places.map(\.path).joined(separator: ", "))")
        }
        let synth = try Synthesizer.shared()
        var listing = VoiceListing(
            directories: library.directories.map { .init(path: $0.path, origin: $0.origin) }, packs: [],
            problems: library.problems.sorted { $0.key < $1.key }.map { .init(file: $0.key, problem: $0.value) })
        for language in library.languages {
            let pack = library.packs[language]!
            let source = library.sources[language]!
            listing.packs.append(
                .init(
                    language: language, name: pack.name, espeakVoice: pack.espeakVoice, units: pack.unitSystem.rawValue,
                    voiceInstalled: await synth.hasVoice(pack.espeakVoice), file: source.file, origin: source.origin,
                    overrides: source.overrides))
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(listing), as: UTF8.self))
        } else {
            print(listing.text)
        }
    }
}
