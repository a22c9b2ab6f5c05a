import Foundation
import RPC
import RPCSocket

#if canImport(Glibc)
    import Glibc
#endif

/// Where a process's resident memory is, from `/proc/PID/smaps`: each mapping's `Rss` summed by what
/// it maps. The groups are the ones issue 16 asks about (the program's own file, eSpeak NG, libpulse,
/// the C and C++ runtime, other libraries, malloc's heap and arenas and other anonymous memory, thread
/// stacks).
struct MemoryBreakdown: Codable, Equatable {
    /// Group name → resident kB.
    var groups: [String: Int] = [:]
    var rssKB = 0
    var threads = 0

    /// The groups in the order the report shows them.
    static let order = [
        "program file: code and read-only data", "program file: written data (relocated, .data)", "eSpeak NG library",
        "libpulse", "C and C++ runtime (libc, libm, libstdc++, ld.so)", "other shared libraries", "malloc heap, arenas, other anonymous",
        "thread stacks (8 MiB mappings)", "other (locale files, vdso, shared memory)",
    ]

    /// Reads `/proc/PID/smaps`; nil when the process is gone.
    static func read(_ pid: pid_t) -> MemoryBreakdown? {
        // Read to the end: a /proc file reports size 0, and String(contentsOfFile:) stops short of its end.
        guard let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/smaps"), let data = try? handle.readToEnd() else { return nil }
        let smaps = String(decoding: data, as: UTF8.self)
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) ?? ""
        var out = MemoryBreakdown()
        var group = order.last!
        for line in smaps.split(separator: "\n") {
            if let first = line.first, first.isHexDigit, line.contains("-") {
                // "start-end perms offset dev inode [path]"
                let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
                guard fields.count >= 5 else { continue }
                let bounds = fields[0].split(separator: "-").compactMap { UInt64($0, radix: 16) }
                let size = bounds.count == 2 ? bounds[1] - bounds[0] : 0
                let path = fields.count == 6 ? fields[5].trimmingCharacters(in: .whitespaces) : ""
                group = classify(path: path, perms: String(fields[1]), size: size, exe: exe)
            } else if line.hasPrefix("Rss:") {
                let kB = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
                out.groups[group, default: 0] += kB
                out.rssKB += kB
            }
        }
        out.threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? 0
        return out
    }

    static func classify(path: String, perms: String, size: UInt64, exe: String) -> String {
        if !exe.isEmpty, path == exe || path.hasPrefix(exe + " ") {
            return perms.hasPrefix("rw") ? order[1] : order[0]
        }
        let name = (path as NSString).lastPathComponent
        if name.hasPrefix("libespeak-ng") { return order[2] }
        if name.hasPrefix("libpulse") || path.hasPrefix("/memfd:pulseaudio") { return order[3] }
        for runtime in ["libc.so", "libm.so", "libstdc++", "libgcc_s", "ld-linux"] where name.hasPrefix(runtime) { return order[4] }
        if name.contains(".so") { return order[5] }
        if path == "[heap]" { return order[6] }
        if path.isEmpty {
            // A thread's stack is an 8 MiB mapping (glibc's default, the size of RLIMIT_STACK), its guard page apart.
            let mib8: UInt64 = 8 << 20
            return size >= mib8 - 4096 && size <= mib8 + 4096 && perms.hasPrefix("rw") ? order[7] : order[6]
        }
        if path.hasPrefix("[stack") { return order[7] }
        return order[8]
    }

    static func + (a: MemoryBreakdown, b: MemoryBreakdown) -> MemoryBreakdown {
        MemoryBreakdown(groups: a.groups.merging(b.groups, uniquingKeysWith: +), rssKB: a.rssKB + b.rssKB, threads: a.threads + b.threads)
    }
}

/// The speech-dispatcher measured beside voxnavd: the server process and its eSpeak NG module.
struct SpeechDispatcherProcesses {
    var server: pid_t
    var module: pid_t?

    /// The module is the server's child running `sd_espeak-ng`.
    init(server: pid_t) {
        self.server = server
        module = nil
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { continue }
            let comm = stat[stat.index(after: open)..<close]
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if comm.hasPrefix("sd_espeak"), fields.count > 1, pid_t(fields[1]) == server { module = pid }
        }
    }

    /// VmRSS of both processes together (kB); -1 when the server is gone.
    var rssKB: Int {
        let s = procRSSkB(server)
        guard s >= 0 else { return -1 }
        return s + max(module.map(procRSSkB) ?? 0, 0)
    }

    var breakdowns: (server: MemoryBreakdown?, module: MemoryBreakdown?) { (MemoryBreakdown.read(server), module.flatMap(MemoryBreakdown.read)) }
}

/// A client of speech-dispatcher's SSIP on its Unix socket: prompts queued like voxnavd's footprint
/// prompts, each cancelled as soon as speech-dispatcher reports it began (event 701).
final class SSIPClient {
    private let socket: RPCClient
    private var events: [[String]] = []

    init(socket path: String) throws {
        socket = try RPCClient(socketPath: path)
        _ = try command("SET SELF CLIENT_NAME voxnav:bench:footprint")
        _ = try command("SET SELF NOTIFICATION ALL on")
        _ = try command("SET SELF LANGUAGE en-US")
    }

    /// The socket of the speech-dispatcher `spd-say` talks to (SPEECHD_ADDRESS=unix_socket:PATH).
    static var socketPath: String? {
        guard let address = ProcessInfo.processInfo.environment["SPEECHD_ADDRESS"], address.hasPrefix("unix_socket:") else { return nil }
        return String(address.dropFirst("unix_socket:".count))
    }

    /// One reply: lines "NNN-data" up to the one "NNN text"; events (7xx) that arrive meanwhile are kept.
    private func reply() throws -> [String] {
        var lines: [String] = []
        while true {
            let line = String(decoding: try socket.readLine(), as: UTF8.self).trimmingCharacters(in: .newlines)
            guard line.count >= 4 else { throw BenchError("speech-dispatcher sent \"\(line)\"") }
            lines.append(line)
            let last = line[line.index(line.startIndex, offsetBy: 3)] == " "
            if line.hasPrefix("7") {
                if last {
                    events.append(lines)
                    lines = []
                }
                continue
            }
            if last { return lines }
        }
    }

    @discardableResult
    private func command(_ text: String) throws -> [String] {
        try socket.writeAll(Data((text + "\r\n").utf8))
        let r = try reply()
        guard let code = r.last?.first, code == "2" else { throw BenchError("speech-dispatcher refused \(text): \(r.joined(separator: " / "))") }
        return r
    }

    /// Speaks `text`; cancels it when it begins; returns whether it began.
    func speakAndCancelAtStart(_ text: String) throws -> Bool {
        _ = try command("SPEAK")
        try socket.writeAll(Data((text + "\r\n.\r\n").utf8))
        let queued = try reply()
        guard queued.last?.hasPrefix("225") == true, let id = queued.first.map({ String($0.dropFirst(4)) }) else {
            throw BenchError("speech-dispatcher did not queue the message: \(queued.joined(separator: " / "))")
        }
        var began = false
        while true {
            if events.isEmpty { _ = try readEvent() }
            let event = events.removeFirst()
            guard event.first.map({ String($0.dropFirst(4)) }) == id, let code = event.last?.prefix(3) else { continue }
            if code == "701" {
                began = true
                try command("CANCEL SELF")
            } else if code == "702" || code == "703" {
                return began
            }
        }
    }

    private func readEvent() throws {
        var lines: [String] = []
        while true {
            let line = String(decoding: try socket.readLine(), as: UTF8.self).trimmingCharacters(in: .newlines)
            guard line.count >= 4 else { throw BenchError("speech-dispatcher sent \"\(line)\"") }
            lines.append(line)
            if line[line.index(line.startIndex, offsetBy: 3)] == " " { break }
        }
        events.append(lines)
    }

    func quit() { try? socket.writeAll(Data("QUIT\r\n".utf8)) }
}

/// voxnavd's resident memory and speech-dispatcher's (the server and its eSpeak NG module together) at
/// the same points of one run.
struct MemoryComparison: Codable {
    struct Point: Codable {
        var name: String
        var voxnavdKB: Int
        /// speech-dispatcher + sd_espeak-ng; nil when speech-dispatcher was not measured.
        var speechDispatcherKB: Int?
        var voxnavd: MemoryBreakdown?
        var speechDispatcher: MemoryBreakdown?
        var espeakModule: MemoryBreakdown?
    }

    var points: [Point] = []
    /// Prompts speech-dispatcher was sent (each cancelled when it began), and how many began.
    var speechDispatcherPrompts = 0
    var speechDispatcherBegan = 0
    var speechDispatcherSeconds = 0.0

    static let atStart = "at start"
    static let afterPrompts = "after the prompts"
    static let afterLoad = "after the load rounds"

    func point(_ name: String) -> Point? { points.first { $0.name == name } }

    static func mb(_ kib: Int) -> String { "\(fmt(Double(kib) * 1.024 / 1000, 1)) MB" }

    /// voxnavd beside speech-dispatcher at each point, with the ratio.
    func table() -> String {
        var lines = [
            "| point | voxnavd | speech-dispatcher + sd_espeak-ng | voxnavd / speech-dispatcher |", "| --- | --- | --- | --- |",
        ]
        for p in points {
            let spd = p.speechDispatcherKB.map { "\(Self.mb($0)) (\($0) kB)" } ?? "not measured"
            let ratio = p.speechDispatcherKB.map { $0 > 0 ? "**\(fmt(Double(p.voxnavdKB) / Double($0), 2))×**" : "–" } ?? "–"
            lines.append("| \(p.name) | \(Self.mb(p.voxnavdKB)) (\(p.voxnavdKB) kB) | \(spd) | \(ratio) |")
        }
        return lines.joined(separator: "\n")
    }

    /// Where each process's resident memory is, after the prompts (and voxnavd's after the load rounds) (kB, from /proc/PID/smaps).
    func breakdownTable() -> String {
        guard let start = point(Self.atStart), let after = point(Self.afterPrompts), let vs = start.voxnavd, let va = after.voxnavd else {
            return "No breakdown was read."
        }
        var columns: [(String, MemoryBreakdown)] = [("voxnavd at start", vs), ("voxnavd after the prompts", va)]
        if let load = point(Self.afterLoad)?.voxnavd { columns.append(("voxnavd after the load rounds", load)) }
        if let s = after.speechDispatcher { columns.append(("speech-dispatcher after the prompts", s)) }
        if let m = after.espeakModule { columns.append(("sd_espeak-ng after the prompts", m)) }
        var lines = ["| kB resident | " + columns.map(\.0).joined(separator: " | ") + " |", "| --- |" + String(repeating: " --- |", count: columns.count)]
        for group in MemoryBreakdown.order {
            lines.append("| \(group) | " + columns.map { "\($0.1.groups[group] ?? 0)" }.joined(separator: " | ") + " |")
        }
        lines.append("| **total (sum of Rss)** | " + columns.map { "**\($0.1.rssKB)**" }.joined(separator: " | ") + " |")
        lines.append("| threads | " + columns.map { "\($0.1.threads)" }.joined(separator: " | ") + " |")
        return lines.joined(separator: "\n")
    }

    func text() -> String {
        var notes = [
            "VmRSS from `/proc/PID/status`, read at the same moments for both: at start (voxnavd as soon as its socket answers; "
                + "speech-dispatcher then too, after `scripts/bench` had it say \"ready\", so its module is loaded), after the prompts "
                + "(each server served the same number of prompts, one after the other, each cancelled as soon as it began: "
                + "`prompt.started` for voxnavd, SSIP event 701 BEGIN for speech-dispatcher), and after the last load round."
        ]
        if speechDispatcherPrompts > 0 {
            notes.append(
                "speech-dispatcher: \(speechDispatcherPrompts) prompts over SSIP (`SPEAK` \"Go.\", `CANCEL SELF` at BEGIN), "
                    + "\(speechDispatcherBegan) began, in \(fmt(speechDispatcherSeconds, 1)) s.")
            notes.append(
                "The load rounds are voxnavd's protocol (prompts and guidance updates from 50 clients); speech-dispatcher is idle "
                    + "through them, so its figure after the load rounds is what it holds at that moment, not after a load of its own.")
        }
        return table() + "\n\n" + notes.map { "- " + $0 }.joined(separator: "\n")
    }
}
