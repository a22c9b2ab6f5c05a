import Foundation
import Guidance

/// The phrase packs found in a `voices/` directory, by language tag.
/// Guidance parses packs from text; reading the files is done here, outside the pure modules.
public struct VoiceLibrary: Sendable {
    public let directory: URL?
    public private(set) var packs: [String: PhrasePack] = [:]
    /// Packs that failed to load, with the reason (reported by `voxnav voices`, logged at start).
    public private(set) var problems: [String: String] = [:]

    public init(directory: URL?) {
        self.directory = directory
        guard let directory,
            let files = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        else { return }
        for file in files where file.pathExtension == "yaml" {
            do {
                let pack = try PhrasePack(yaml: try BoundedFile.read(file.path, cap: PhrasePack.maximumFileSize, what: "the phrase pack"))
                packs[pack.language] = pack
            } catch {
                problems[file.lastPathComponent] = "\(error)"
            }
        }
    }

    /// Loads from `--voices`, `VOXNAV_VOICES`, or the first `voices/` found next to the executable or above it.
    public static func locate(explicit: String? = nil) -> VoiceLibrary {
        VoiceLibrary(directory: searchDirectory(explicit: explicit))
    }

    static func searchDirectory(explicit: String?) -> URL? {
        if let explicit { return URL(fileURLWithPath: explicit) }
        if let env = ProcessInfo.processInfo.environment["VOXNAV_VOICES"], !env.isEmpty { return URL(fileURLWithPath: env) }
        var candidates: [URL] = []
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(dir.appendingPathComponent("voices"))
            dir = dir.deletingLastPathComponent()
        }
        candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("voices"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("en-US.yaml").path) }
    }

    /// The pack for a language tag: exact match (any case), then the same primary language ("de-AT" → "de", "en" → "en-US").
    public func pack(for language: String) -> PhrasePack? {
        let wanted = language.replacingOccurrences(of: "_", with: "-").lowercased()
        if let exact = packs.first(where: { $0.key.lowercased() == wanted }) { return exact.value }
        let primary = wanted.split(separator: "-").first.map(String.init) ?? wanted
        let sameLanguage = packs.filter { $0.key.lowercased().split(separator: "-").first.map(String.init) == primary }
        return sameLanguage.sorted { $0.key < $1.key }.first?.value
    }

    public var languages: [String] { packs.keys.sorted() }
}
