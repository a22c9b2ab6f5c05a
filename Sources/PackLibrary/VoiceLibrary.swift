import FileReading
import FoundationEssentials
import Guidance
import Installation
import StrictCoding
import Synchronization

/// The phrase packs, by language tag, read from one or more `voices/` directories (`DataDirectories`):
/// a pack in a more important directory (the user's `~/.local/share/voxnav/voices/`) overrides one
/// of the same language in a less important one (the shipped packs), and adds to them otherwise.
/// Guidance parses packs from text; reading the files is done here, outside the pure modules.
public struct VoiceLibrary: Sendable {
    /// Where a language's pack was read from, and the packs of that language it overrides.
    public struct PackSource: Sendable, Equatable {
        public let file: String
        public let origin: DataOrigin
        /// The files of the same language in less important directories, not used.
        public let overrides: [String]
    }

    /// The directories read, most important first.
    public let directories: [DataDirectories.Place]
    /// Every language's pack, parsed (`voxnav voices`, tests); the daemon asks for one at a time (`pack(for:)`).
    public var packs: [String: PhrasePack] {
        Dictionary(uniqueKeysWithValues: shelf.languages.compactMap { language in shelf.pack(language).map { (language, $0) } })
    }
    /// Each language's eSpeak NG voice, without parsing its pack again (the SSIP door's voice list).
    public var espeakVoices: [String: String] { shelf.espeakVoices }
    /// The packs as read; each parsed again when it is first asked for.
    private var shelf = PackShelf()
    /// Where each language's pack came from.
    public private(set) var sources: [String: PackSource] = [:]
    /// Packs and lexicons that failed to load, by file path, with the reason (reported by `voxnav voices`, logged at start).
    public private(set) var problems: [String: String] = [:]
    /// The user lexicon files added to each language's pack, least important first.
    public private(set) var lexicons: [String: [String]] = [:]

    /// The packs of one directory (nil: none).
    public init(directory: URL?) {
        self.init(directories: directory.map { [DataDirectories.Place(path: $0.path, origin: .explicit)] } ?? [])
    }

    /// The packs of several directories, most important first. Within one directory the files
    /// `scripts/install` put there (listed in `../installed-files`: the shipped packs, when the
    /// install prefix is the user's own data directory, `~/.local`) come first, with the origin
    /// `prefix`, so that the user's own files beside them override them.
    /// `lexicons`: the `lexicon/` directories (most important first), whose `<language>.yaml` files
    /// add to and override the pack's own `lexicon` entries.
    public init(directories: [DataDirectories.Place], lexicons: [DataDirectories.Place] = []) {
        self.directories = directories
        for place in directories.reversed() {
            let directory = URL(fileURLWithPath: place.path)
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path).map({ directory.appendingPathComponent($0) }) else {
                continue
            }
            let installed = Self.installedFiles(beside: directory)
            let yaml = files.filter { $0.pathExtension == "yaml" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
            let shipped = yaml.filter { installed.contains($0.standardizedFileURL.path) }
            for file in shipped + yaml.filter({ !installed.contains($0.standardizedFileURL.path) }) {
                do {
                    // Parsed now, so that a pack that is not valid is told at start, and let go: only its text is kept.
                    let text = try BoundedFile.read(file.path, cap: PhrasePack.maximumFileSize, what: "the phrase pack")
                    let pack = try PhrasePack(yaml: text)
                    let overridden = sources[pack.language].map { [$0.file] + $0.overrides } ?? []
                    shelf.put(pack, text: text)
                    let origin = installed.contains(file.standardizedFileURL.path) && place.origin == .user ? .prefix : place.origin
                    sources[pack.language] = PackSource(file: file.path, origin: origin, overrides: overridden)
                } catch {
                    problems[file.path] = "\(error)"
                }
            }
        }
        addLexicons(from: lexicons)
    }

    /// Adds each `lexicon/<language>.yaml` to the pack of that language, the most important directory's last.
    private mutating func addLexicons(from places: [DataDirectories.Place]) {
        for place in places.reversed() {
            let directory = URL(fileURLWithPath: place.path)
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path).map({ directory.appendingPathComponent($0) }) else {
                continue
            }
            for file in files.filter({ $0.pathExtension == "yaml" }).sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
                let language = file.deletingPathExtension().lastPathComponent
                guard let tag = shelf.languages.first(where: { $0.lowercased() == language.lowercased() }) else {
                    problems[file.path] =
                        "no phrase pack for language '\(language)' (the file is named by its pack's language: \(languages.joined(separator: ", ")))"
                    continue
                }
                do {
                    let lexicon = try Lexicon(yaml: try BoundedFile.text(file.path, cap: Lexicon.maximumFileSize, what: "the lexicon"))
                    shelf.add(lexicon, to: tag)
                    lexicons[tag, default: []].append(file.path)
                } catch {
                    problems[file.path] = "\(error)"
                }
            }
        }
    }

    /// The files `scripts/install` lists in `share/voxnav/installed-files`, for a `share/voxnav/voices` directory.
    static func installedFiles(beside directory: URL) -> Set<String> {
        let list = directory.deletingLastPathComponent().appendingPathComponent("installed-files")
        guard let text = try? String(contentsOf: list, encoding: .utf8) else { return [] }
        return Set(text.split(separator: "\n").map { URL(fileURLWithPath: String($0)).standardizedFileURL.path })
    }

    /// Loads from `--voices DIR` or `VOXNAV_VOICES` (that directory alone, no user lexicon), else from
    /// every `voices/` of the data directories (`DataDirectories.current`), with every `lexicon/`.
    public static func locate(explicit: String? = nil) -> VoiceLibrary {
        let named = explicit ?? ProcessInfo.processInfo.environment["VOXNAV_VOICES"].flatMap { $0.isEmpty ? nil : $0 }
        if let named { return VoiceLibrary(directory: URL(fileURLWithPath: named)) }
        let places = DataDirectories.current
        return VoiceLibrary(directories: places.existing(directory: "voices"), lexicons: places.existing(directory: "lexicon"))
    }

    /// The pack for a language tag: exact match (any case), then the same primary language ("de-AT" → "de", "en" → "en-US").
    public func pack(for language: String) -> PhrasePack? {
        let wanted = language.replacing("_", with: "-").lowercased()
        let languages = shelf.languages
        if let exact = languages.first(where: { $0.lowercased() == wanted }) { return shelf.pack(exact) }
        let primary = wanted.split(separator: "-").first.map(String.init) ?? wanted
        let sameLanguage = languages.filter { $0.lowercased().split(separator: "-").first.map(String.init) == primary }
        return sameLanguage.sorted().first.flatMap(shelf.pack)
    }

    public var languages: [String] { shelf.languages.sorted() }

    /// Why `language` has no pack: the nearest tag when one is close, the available ones, and where to see them.
    public static func noPack(for language: String, available: [String]) -> String {
        "no phrase pack for language '\(InputLimits.echo(language))'\(NearestName.didYouMean(language, among: available)) "
            + "(available: \(available.joined(separator: ", ")); `voxnav voices` lists each with its file)"
    }
}

/// The packs of a `VoiceLibrary` as their files' text (about 15 kB each), each parsed again the first
/// time its language is asked for and then kept. Parsed, a pack holds about ten times its text (the
/// twelve shipped packs about 1.4 MB of voxnavd's heap), and a daemon speaks one or two languages.
/// Parsing is pure, so a pack parsed again is the one checked at start.
private struct PackShelf: Sendable {
    struct Entry: Sendable {
        let text: Data
        let espeakVoice: String
        /// The user's lexicons, added in order (least important first).
        var lexicons: [Lexicon] = []
    }

    private var entries: [String: Entry] = [:]
    /// The packs parsed so far: shared by the copies of the library (a reference), filled under its lock.
    private var parsed = ParsedPacks()

    var languages: Dictionary<String, Entry>.Keys { entries.keys }
    var espeakVoices: [String: String] { entries.mapValues(\.espeakVoice) }

    mutating func put(_ pack: PhrasePack, text: Data) {
        entries[pack.language] = Entry(text: text, espeakVoice: pack.espeakVoice)
        parsed = ParsedPacks()
    }

    mutating func add(_ lexicon: Lexicon, to language: String) {
        entries[language]?.lexicons.append(lexicon)
        parsed = ParsedPacks()
    }

    func pack(_ language: String) -> PhrasePack? {
        if let pack = parsed.packs.withLock({ $0[language] }) { return pack }
        guard let entry = entries[language], var pack = try? PhrasePack(yaml: entry.text) else { return nil }
        for lexicon in entry.lexicons { pack = pack.adding(lexicon) }
        return parsed.packs.withLock { packs in
            if let first = packs[language] { return first }
            packs[language] = pack
            return pack
        }
    }

    private final class ParsedPacks: Sendable {
        let packs = Mutex<[String: PhrasePack]>([:])
    }
}
