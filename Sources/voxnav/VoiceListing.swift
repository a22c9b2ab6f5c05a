import Installation
import TextFormat

/// What `voxnav voices` prints: every pack with where it came from, the directories read, the
/// files that did not load. Its JSON (`--json`) is this type's encoding.
struct VoiceListing: Encodable {
    struct Directory: Encodable {
        let path: String
        let origin: DataOrigin
    }

    struct Pack: Encodable {
        let language: String
        let name: String
        let espeakVoice: String
        let units: String
        let voiceInstalled: Bool
        /// The file it was read from, and the rule that found its directory.
        let file: String
        let origin: DataOrigin
        /// Files of the same language it overrides (in less important directories).
        let overrides: [String]
    }

    struct Problem: Encodable {
        let file: String
        let problem: String
    }

    /// Most important first.
    let directories: [Directory]
    var packs: [Pack]
    let problems: [Problem]

    var text: String {
        var lines = ["phrase packs from " + directories.map { "\($0.path) (\($0.origin.rawValue))" }.joined(separator: ", ") + ":"]
        for pack in packs {
            lines.append(
                "  \(pack.language)".padding(toWidth: 10)
                    + pack.name.padding(toWidth: 28)
                    + "voice \(pack.espeakVoice)".padding(toWidth: 24)
                    + pack.units.padding(toWidth: 12)
                    + (pack.voiceInstalled ? "installed" : "MISSING (install espeak-ng-data)").padding(toWidth: 34)
                    + "\(pack.origin.rawValue): \(pack.file)")
            for overridden in pack.overrides { lines.append("            overrides \(overridden)") }
        }
        for problem in problems { lines.append("  \(problem.file): NOT LOADED: \(problem.problem)") }
        return lines.joined(separator: "\n")
    }
}
