import ArgumentParser
import FoundationEssentials
import Guidance
import PackLibrary
import TextFormat

struct Phrases: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Preview every phrase of a phrase pack as text (no daemon needed).",
        discussion: "Renders every maneuver type in every state and variant with sample names and distances.")

    @Option(name: .customLong("lang"), help: "Language tag of the pack, e.g. en-US, de.")
    var language: String = "en-US"

    @Option(help: "Only maneuver types containing this text, e.g. roundabout.")
    var type: String?

    @Option(help: "A voices directory to read instead of the data directories (or VOXNAV_VOICES).")
    var voices: String?

    @Flag(help: "Print the phrases as JSON: the pack, then each phrase's key and text.")
    var json = false

    @Option(help: "The road to say instead of the sample's (\"Solar Circle\"), e.g. \"Berliner Allee\".")
    var road: String?
    @Option(help: "The route number to say instead of the sample's (\"I-95\").")
    var ref: String?
    @Option(help: "The signpost to say instead of the sample's (\"Airport Road\").")
    var towards: String?
    @Option(help: "The roundabout's name to say instead of the sample's (\"Dupont Circle\").")
    var rotary: String?
    @Option(help: "The road being driven to say instead of the sample's (\"Oak Avenue\").")
    var currentRoad: String?
    @Option(help: "The destination to say instead of the sample's (\"Central Station\").")
    var destination: String?

    /// The sample names, with those given in their place: how a pack says your own names.
    var sample: PhraseSample {
        var sample = PhraseSample()
        if let road { sample.roadName = road }
        if let ref { sample.routeNumber = ref }
        if let towards { sample.towards = towards }
        if let rotary { sample.rotaryName = rotary }
        if let currentRoad { sample.currentRoadName = currentRoad }
        if let destination { sample.destinationName = destination }
        return sample
    }

    /// `--json`'s output.
    struct Listing: Encodable {
        struct Phrase: Encodable {
            let key: String
            let text: String
        }
        let language: String
        let name: String
        let espeakVoice: String
        let units: String
        var phrases: [Phrase]
    }

    func run() throws {
        let library = VoiceLibrary.locate(explicit: voices)
        guard let pack = library.pack(for: language) else {
            throw CLIError(VoiceLibrary.noPack(for: language, available: library.languages))
        }
        let composer = PhraseComposer(pack: pack)
        var listing = Listing(
            language: pack.language, name: pack.name, espeakVoice: pack.espeakVoice, units: pack.unitSystem.rawValue, phrases: [])
        for rendering in composer.catalog(sample: sample) where type.map({ rendering.type.rawValue.lowercased().contains($0.lowercased()) }) ?? true {
            let key = "\(rendering.type.rawValue) \(rendering.state.rawValue) \(rendering.variant.rawValue)"
            listing.phrases.append(.init(key: key, text: rendering.text))
        }
        listing.phrases.append(.init(key: "rerouting", text: composer.rerouting))
        for reason in PhrasePack.pausePhrases {
            listing.phrases.append(.init(key: "pause \(reason.rawValue)", text: composer.pauseAnnouncement(for: reason) ?? ""))
        }
        for (index, text) in composer.estimateSamples().enumerated() {
            listing.phrases.append(.init(key: "estimates \(index / 2 + 1)\(index % 2 == 0 ? "" : " departure")", text: text))
        }
        for kind in AlertKind.allCases {
            listing.phrases.append(.init(key: "alert \(kind.rawValue)", text: composer.alert(kind)))
            listing.phrases.append(.init(key: "alert \(kind.rawValue) 800 m", text: composer.alert(kind, distance: 800)))
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
            return print(String(decoding: try encoder.encode(listing), as: UTF8.self))
        }
        print("\(pack.name) (\(pack.language)), eSpeak NG voice \(pack.espeakVoice), units \(pack.unitSystem.rawValue)")
        for phrase in listing.phrases { print(phrase.key.padding(toWidth: 42) + phrase.text) }
    }
}
