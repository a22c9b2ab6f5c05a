import Foundation
import ProcessSupport
import RPC
import RPCSocket

#if canImport(Glibc)
    import Glibc
#endif

/// Percentiles (nearest rank) and friends over a list of samples.
struct Stats {
    var values: [Double]
    init(_ v: [Double]) { values = v.sorted() }
    var count: Int { values.count }
    func p(_ q: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let rank = Int((q / 100 * Double(values.count)).rounded(.up))
        return values[Swift.min(Swift.max(rank - 1, 0), values.count - 1)]
    }
    var p50: Double { p(50) }
    var p95: Double { p(95) }
    var p99: Double { p(99) }
    var min: Double { values.first ?? .nan }
    var max: Double { values.last ?? .nan }
    var mean: Double { values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count) }
}

func fmt(_ x: Double, _ digits: Int = 1) -> String {
    x.isNaN ? "–" : String(format: "%.\(digits)f", x)
}

/// A client of voxnavd's protocol that takes its own timestamps right before the request bytes are
/// written, and can have several requests in flight on one connection.
final class LineClient {
    let rpc: RPCClient
    private var nextID: Int64 = 1
    private var early: [RPCID: RPCResponse] = [:]

    init(socket: String) throws { rpc = try RPCClient(socketPath: socket) }

    /// A client of a daemon just started: tries for 10 s while it opens `socket`.
    static func connecting(to socket: String) throws -> LineClient {
        for _ in 0..<200 {
            if let client = try? LineClient(socket: socket) { return client }
            usleep(50_000)
        }
        throw BenchError("voxnavd did not open \(socket)")
    }

    /// Encodes a request; returns its id and bytes (so encoding is not inside the timed section).
    func encode<M: RPCMethod>(_ method: M.Type, _ params: M.Params) throws -> (RPCID, Data) {
        let id = RPCID.number(nextID)
        nextID += 1
        var data = try JSONEncoder().encode(RPCRequest(id: id, method: M.name, params: try JSONValue(encoding: params)))
        data.append(0x0A)
        return (id, data)
    }

    /// Writes `data`; returns the CLOCK_MONOTONIC time taken just before the write.
    @discardableResult
    func write(_ data: Data) throws -> Double {
        let t = monotonicNow()
        try rpc.writeAll(data)
        return t
    }

    /// Reads messages until the response to `id`; events go to `onEvent`.
    func response(_ id: RPCID, onEvent: ((JSONValue) -> Void)? = nil) throws -> RPCResponse {
        if let r = early.removeValue(forKey: id) { return r }
        while true {
            let line = try rpc.readLine()
            if let event = try nextEvent(line) {
                onEvent?(event)
                continue
            }
            guard let response = try? JSONDecoder().decode(RPCResponse.self, from: line), let got = response.id else { continue }
            if got == id { return response }
            early[got] = response  // responses on one connection may come in any order
        }
    }

    /// The typed result of a response to `method`, or its error.
    func result<M: RPCMethod>(_ method: M.Type, of response: RPCResponse) throws -> M.Result {
        if let error = response.error { throw BenchError("\(M.name): \(error)") }
        return try (response.result ?? .null).decode(M.Result.self)
    }

    func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params) throws -> M.Result {
        let (id, data) = try encode(method, params)
        try write(data)
        return try result(method, of: try response(id))
    }

    func call<M: RPCMethod>(_ method: M.Type) throws -> M.Result where M.Params == NoParams { try call(method, NoParams()) }

    /// The next event read from the connection (responses are kept for `response`).
    func event() throws -> JSONValue {
        while true {
            let line = try rpc.readLine()
            if let event = try nextEvent(line) { return event }
            if let response = try? JSONDecoder().decode(RPCResponse.self, from: line), let id = response.id { early[id] = response }
        }
    }

    /// An `event` notification's params, or nil for a response.
    private func nextEvent(_ line: Data) throws -> JSONValue? {
        let value = try JSONDecoder().decode(JSONValue.self, from: line)
        guard value["id"] == nil, value["method"] == .string("event") else { return nil }
        return value["params"]
    }
}

/// Starts `argv` as a `ChildProcess` (every signal at its default and unblocked, as spd-say needs to
/// wait for its speech; none of our descriptors); returns it and the time taken just before.
func spawn(_ argv: [String], quiet: Bool = ProcessInfo.processInfo.environment["BENCH_VERBOSE"] == nil) throws -> (ChildProcess, Double) {
    let stream: ChildProcess.Stream = quiet ? .discard : .inherit
    let t = monotonicNow()
    do {
        return (try ChildProcess(argv[0], Array(argv.dropFirst()), output: stream, error: stream), t)
    } catch {
        throw BenchError("\(error)")
    }
}

/// Resident memory (kB) and utime+stime (clock ticks) of a process, from /proc.
func procRSSkB(_ pid: pid_t) -> Int {
    guard let s = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return -1 }
    for line in s.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1
    }
    return -1
}

func procCPUTicks(_ pid: pid_t) -> Int {
    guard let s = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = s.lastIndex(of: ")")
    else { return -1 }
    let fields = s[s.index(after: close)...].split(separator: " ")
    // After the command: state is field 3, utime 14, stime 15 (1-based over the whole line).
    guard fields.count > 13, let u = Int(fields[11]), let st = Int(fields[12]) else { return -1 }
    return u + st
}

/// The share of one core (%) `pid` used over the next `seconds`, from its utime+stime in /proc.
func cpuPercent(of pid: pid_t, over seconds: Double) -> Double {
    let ticks0 = procCPUTicks(pid)
    let start = monotonicNow()
    usleep(UInt32(seconds * 1_000_000))
    let ticks = procCPUTicks(pid) - ticks0
    return Double(ticks) / Double(sysconf(Int32(_SC_CLK_TCK))) / (monotonicNow() - start) * 100
}

/// A lock-protected box, for results gathered from threads.
final class Locked<T>: @unchecked Sendable {
    private var value: T
    private let lock = NSLock()
    init(_ v: T) { value = v }
    func with<R>(_ body: (inout T) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// Prints a line at once (stdout may be a pipe to `tee`).
func say(_ s: String) { FileHandle.standardOutput.write(Data((s + "\n").utf8)) }
