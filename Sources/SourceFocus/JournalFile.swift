import FoundationEssentials
import PulseAudio

#if canImport(Glibc)
    import Glibc
#endif

/// The journal on disk (next to the socket): the duck journal, written before every change it
/// records, the simulated sources the daemon runs and the players it holds paused over MPRIS, so
/// that the next daemon can undo what a killed one left ducked, muted or paused and start its
/// sources again where they were. The
/// `FocusExecutor` owns it and is its one writer.
package struct JournalFile: Sendable {
    /// What the file holds. The duck journal's members are at the top level, as before sources were
    /// journalled, so that a journal written by an older daemon still reads.
    package struct Contents: Codable, Equatable {
        package var ducks = DuckJournal()
        /// In the order they were started (the policy's decisions depend on it).
        package var sources: [SimulatedSourceRecord] = []
        /// Other programs' players VoxNav holds paused over MPRIS.
        package var players: [PausedPlayerRecord] = []

        package init() {}

        private enum CodingKeys: String, CodingKey { case sources, players }

        package init(from decoder: any Decoder) throws {
            ducks = try DuckJournal(from: decoder)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            sources = try container.decodeIfPresent([SimulatedSourceRecord].self, forKey: .sources) ?? []
            players = try container.decodeIfPresent([PausedPlayerRecord].self, forKey: .players) ?? []
        }

        package func encode(to encoder: any Encoder) throws {
            try ducks.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(sources, forKey: .sources)
            try container.encode(players, forKey: .players)
        }

        package var isEmpty: Bool { ducks.isEmpty && sources.isEmpty && players.isEmpty }
    }

    package let path: String
    /// What was last written.
    private var written = Contents()
    /// Why the last write failed; nil while writes succeed.
    package private(set) var failure: String?

    package init(path: String) { self.path = path }

    /// A change in whether the journal can be written, worth a line in the log: a streak of failed
    /// writes is reported once, at its first failure, and its end once.
    package enum WriteReport: Equatable {
        case failing(String)
        case recovered
    }

    package mutating func save(_ journal: DuckJournal) -> WriteReport? { update { $0.ducks = journal } }

    package mutating func save(sources: [SimulatedSourceRecord]) -> WriteReport? { update { $0.sources = sources } }

    package mutating func save(players: [PausedPlayerRecord]) -> WriteReport? { update { $0.players = players } }

    private mutating func update(_ change: (inout Contents) -> Void) -> WriteReport? {
        var next = written
        change(&next)
        // After a failure every change is tried again, so the file is right again as soon as it can be.
        guard next != written || failure != nil else { return nil }
        let error = write(next)
        if error == nil { written = next }
        defer { failure = error }
        switch (failure, error) {
        case (nil, let error?): return .failing(error)
        case (.some, nil): return .recovered
        default: return nil
        }
    }

    /// Writes `contents` (or removes the file when there is nothing to undo); why it failed, or nil.
    private func write(_ contents: Contents) -> String? {
        if contents.isEmpty {
            guard unlink(path) == 0 || errno == ENOENT else { return "cannot remove \(path): \(String(cString: strerror(errno)))" }
            return nil
        }
        guard let data = try? JSONEncoder().encode(contents) else { return "cannot encode the journal" }
        guard data.count <= Self.maximumSize else {
            // The next daemon would refuse it: better none than a stale one.
            unlink(path)
            return "the journal would be \(data.count) bytes, over the \(Self.maximumSize) a journal may have; not written"
        }
        // Write then rename: a crash mid-write never leaves half a journal. The file is the user's
        // alone (0600), and a link someone left at the temporary name is not followed but replaced.
        let temporary = path + ".tmp"
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return "cannot create \(temporary): \(String(cString: strerror(errno)))" }
        let written = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        let writeError = errno
        close(fd)
        guard written == data.count else {
            unlink(temporary)
            return "cannot write \(temporary): " + (written < 0 ? String(cString: strerror(writeError)) : "short write")
        }
        guard rename(temporary, path) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temporary)
            return "cannot rename \(temporary) to \(path): \(why)"
        }
        return nil
    }

    /// The most a journal can hold: a few hundred streams' ducks and sources. A bigger file is not one.
    package static let maximumSize = 1 << 20

    /// What is on disk: nothing, a journal (with what in it was wrong and left out), or a file that
    /// is not to be trusted at all (and why).
    package enum Found {
        case none
        case journal(Contents, problems: [String])
        case refused(String)
    }

    /// Reads the journal without following a link, and only a regular file of the user's. Each duck
    /// and each source is checked on its own: a bad one is left out (and named), the rest is used.
    package func load() -> Found {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            return errno == ENOENT ? .none : .refused(errno == ELOOP ? "it is a symbolic link" : String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .refused(String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .refused("it is not a regular file") }
        guard info.st_uid == geteuid() else { return .refused("it belongs to uid \(info.st_uid), not to this user (uid \(geteuid()))") }
        guard info.st_size <= Self.maximumSize else {
            return .refused("it is \(info.st_size) bytes, more than the \(Self.maximumSize) a journal may have")
        }
        var data = Data(count: Int(info.st_size))
        let read = data.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard read == data.count else { return .refused("it could not be read whole") }
        return Self.decode(data)
    }

    /// The journal in `data`, each entry checked on its own.
    package static func decode(_ data: Data) -> Found {
        let disk: OnDisk
        do {
            disk = try JSONDecoder().decode(OnDisk.self, from: data)
        } catch {
            return .refused("it is not a journal voxnavd wrote: \(Self.brief(error))")
        }
        var problems: [String] = []
        var streams: [UInt32: DuckJournal.Entry] = [:]
        for (position, item) in disk.streams.enumerated() {
            switch (item.index.value, item.entry.value) {
            case (let index?, let entry?):
                if let problem = entry.problem {
                    problems.append("the duck of sink input \(index) is left out: \(problem)")
                } else {
                    streams[index] = entry
                }
            default:
                let why = item.index.error ?? item.entry.error ?? "unreadable"
                problems.append("duck \(position) is left out: \(why)")
            }
        }
        var contents = Contents()
        contents.ducks = DuckJournal(streams: streams)
        for (position, attempt) in disk.sources.enumerated() {
            if let record = attempt.value {
                contents.sources.append(record)
            } else {
                problems.append("source \(position) is left out: \(attempt.error ?? "unreadable")")
            }
        }
        for (position, attempt) in disk.players.enumerated() {
            if let record = attempt.value, record.problem == nil {
                contents.players.append(record)
            } else {
                problems.append("paused player \(position) is left out: \(attempt.value?.problem ?? attempt.error ?? "unreadable")")
            }
        }
        return .journal(contents, problems: problems)
    }

    /// What a previous daemon left (its ducks to undo, its sources to start again), taken off the
    /// disk: whoever takes it undoes it. A file that is not to be trusted is not read; it, and one
    /// with entries left out, is moved aside (`journal.json.bad-<seconds since 1970>`, 0600) for
    /// whoever looks into it, so that it is not read again at the next start.
    package func takeOver() -> (found: Found, movedTo: String?) {
        let found = load()
        switch found {
        case .none: return (found, nil)
        case .journal(_, let problems) where problems.isEmpty:
            unlink(path)
            return (found, nil)
        default: return (found, moveAside())
        }
    }

    /// Renames the file at `path` (whatever it is; a link is not followed) to a name of its own.
    private func moveAside() -> String? {
        let aside = path + ".bad-\(time(nil))"
        guard rename(path, aside) == 0 else {
            unlink(path)
            return nil
        }
        // A regular file of the user's becomes theirs alone.
        let fd = open(aside, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        if fd >= 0 {
            var info = stat()
            if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() { fchmod(fd, 0o600) }
            close(fd)
        }
        return aside
    }

    /// A decoding error in a line, without the coding path's noise.
    package static func brief(_ error: any Error) -> String {
        let text: String
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            text = context.debugDescription
        case DecodingError.keyNotFound(let key, _): text = "no \(key.stringValue)"
        default: text = "\(error)"
        }
        return text.count > 120 ? String(text.prefix(120)) + "…" : text
    }
}

/// A value decoded on its own: a bad one does not spoil its neighbours (and the list goes on past it).
private struct Attempt<Value: Decodable>: Decodable {
    var value: Value?
    var error: String?

    init(from decoder: any Decoder) {
        do {
            value = try Value(from: decoder)
        } catch {
            self.error = JournalFile.brief(error)
        }
    }
}

/// The journal as written (`{"streams": [index, entry, index, entry, …], "sources": […], "players": […]}`), each
/// entry decoded on its own.
private struct OnDisk: Decodable {
    var streams: [(index: Attempt<UInt32>, entry: Attempt<DuckJournal.Entry>)] = []
    var sources: [Attempt<SimulatedSourceRecord>] = []
    var players: [Attempt<PausedPlayerRecord>] = []

    private enum CodingKeys: String, CodingKey { case streams, sources, players }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.streams), try !container.decodeNil(forKey: .streams) {
            var list = try container.nestedUnkeyedContainer(forKey: .streams)
            while !list.isAtEnd {
                let index = try list.decode(Attempt<UInt32>.self)
                guard !list.isAtEnd else { throw DecodingError.dataCorruptedError(in: list, debugDescription: "a sink input without its entry") }
                streams.append((index, try list.decode(Attempt<DuckJournal.Entry>.self)))
            }
        }
        if container.contains(.sources) {
            var list = try container.nestedUnkeyedContainer(forKey: .sources)
            while !list.isAtEnd { sources.append(try list.decode(Attempt<SimulatedSourceRecord>.self)) }
        }
        if container.contains(.players) {
            var list = try container.nestedUnkeyedContainer(forKey: .players)
            while !list.isAtEnd { players.append(try list.decode(Attempt<PausedPlayerRecord>.self)) }
        }
    }
}
