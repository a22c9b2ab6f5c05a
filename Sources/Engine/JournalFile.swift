import Foundation
import PulseAudio

#if canImport(Glibc)
    import Glibc
#endif

/// The journal on disk (next to the socket): the duck journal, written before every change it
/// records, and the simulated sources the daemon runs, so that the next daemon can undo what a
/// killed one left ducked or muted and start its sources again where they were. The
/// `FocusExecutor` owns it and is its one writer.
struct JournalFile: Sendable {
    /// What the file holds. The duck journal's members are at the top level, as before sources were
    /// journalled, so that a journal written by an older daemon still reads.
    struct Contents: Codable, Equatable {
        var ducks = DuckJournal()
        /// In the order they were started (the policy's decisions depend on it).
        var sources: [SimulatedSourceRecord] = []

        init() {}

        private enum CodingKeys: String, CodingKey { case sources }

        init(from decoder: any Decoder) throws {
            ducks = try DuckJournal(from: decoder)
            sources = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent([SimulatedSourceRecord].self, forKey: .sources) ?? []
        }

        func encode(to encoder: any Encoder) throws {
            try ducks.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(sources, forKey: .sources)
        }

        var isEmpty: Bool { ducks.isEmpty && sources.isEmpty }
    }

    let path: String
    /// What was last written.
    private var written = Contents()

    init(path: String) { self.path = path }

    mutating func save(_ journal: DuckJournal) { update { $0.ducks = journal } }

    mutating func save(sources: [SimulatedSourceRecord]) { update { $0.sources = sources } }

    private mutating func update(_ change: (inout Contents) -> Void) {
        var next = written
        change(&next)
        guard next != written else { return }
        written = next
        write(next)
    }

    private func write(_ contents: Contents) {
        if contents.isEmpty {
            unlink(path)
            return
        }
        guard let data = try? JSONEncoder().encode(contents) else { return }
        // Write then rename: a crash mid-write never leaves half a journal. The file is the user's
        // alone (0600), and a link someone left at the temporary name is not followed but replaced.
        let temporary = path + ".tmp"
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let written = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        if written == data.count { _ = rename(temporary, path) } else { unlink(temporary) }
    }

    /// The most a journal can hold: a few hundred streams' ducks and sources. A bigger file is not one.
    static let maximumSize = 1 << 20

    /// What is on disk: nothing, a journal, or a file that is not to be trusted (and why).
    enum Found {
        case none
        case journal(Contents)
        case refused(String)
    }

    /// Reads the journal without following a link, and only a regular file of the user's.
    func load() -> Found {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            return errno == ENOENT ? .none : .refused(errno == ELOOP ? "it is a symbolic link" : String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .refused(String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .refused("it is not a regular file") }
        guard info.st_uid == geteuid() else { return .refused("it belongs to uid \(info.st_uid), not to this user (uid \(geteuid()))") }
        guard info.st_size <= Self.maximumSize else { return .refused("it is \(info.st_size) bytes, more than a journal holds") }
        var data = Data(count: Int(info.st_size))
        let read = data.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard read == data.count, let contents = try? JSONDecoder().decode(Contents.self, from: data) else {
            return .refused("it is not a journal voxnavd wrote")
        }
        return .journal(contents)
    }

    /// What a previous daemon left (its ducks to undo, its sources to start again), taken off the
    /// disk: whoever takes it undoes it. A file that is not to be trusted is removed unread.
    func takeOver() -> Found {
        let found = load()
        unlink(path)
        return found
    }
}
