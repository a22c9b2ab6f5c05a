import Logging
import NIOCore

/// What differs between the protocols voxnavd serves (JSON-RPC, speech-dispatcher's SSIP): where a
/// line ends, how a refused connection is told why, and what a connection's lines mean. Everything
/// else is the one `DaemonServer`'s, for every door alike: the accept limits and the descriptor
/// reserve, the idle sweep, the request turns, the output's back-pressure and the memory trim
/// (`LineConnection`).
protocol Door: Sendable {
    associatedtype Connection: DoorConnection
    /// The protocol's name, for logs.
    var name: String { get }
    var lineEnd: LineEnd { get }
    /// A longer line is refused and skipped (`Frame.oversize`).
    var maxLineLength: Int { get }
    /// The one line that tells a connection refused at accept why.
    func refusal(_ why: String) -> ByteBuffer
    /// A new connection's protocol state.
    func open(_ link: ConnectionLink) -> Connection
    /// The door's own work for as long as the server runs (SSIP's events from the engine); returns
    /// when its task is cancelled.
    func run() async
}

/// What a connection's protocol state is given: where its lines go, who is at the other end, its
/// turns, and the log.
struct ConnectionLink: Sendable {
    let output: ConnectionOutput
    let peer: Peer
    let logger: Logger
}

/// One connection's protocol: each line it reads, then its end.
protocol DoorConnection: Sendable {
    /// Takes one line, or the news of one too long, holding `turn`: it gives the turn back once the
    /// line is handled, at once or from a task of `requests` it hands the work to. `.close` ends
    /// the connection (the client said goodbye).
    mutating func take(_ frame: Frame, turn: RequestTurn, requests: inout DiscardingTaskGroup) async -> LineVerdict
    /// Whether something is owed to the client (a request in flight, a subscription, a message not
    /// yet ended): a busy connection is never closed as idle.
    var isBusy: Bool { get }
    /// The connection has ended (its requests have returned): what the client held is let go.
    func ended() async
}

enum LineVerdict: Sendable {
    case goOn
    case close
}
