import FoundationEssentials
import Glibc

/// How many clients the daemon serves at once, and how long a silent one may stay. Every
/// connection is a file descriptor: past the process's limit, `accept` fails, and so do eSpeak NG's
/// and libpulse's own files (eSpeak NG crashes when it cannot open its data). So connections are
/// capped below the limit, with descriptors kept in reserve, and a connection that says nothing for
/// `idleTimeout` (no request in flight, no event subscription) is closed.
public struct ConnectionLimits: Sendable, Equatable {
    /// The most connections served at once; more are refused (-32002) and closed at once.
    public var maxConnections: Int
    /// A connection silent this long, with nothing in flight and no subscription, is closed; nil: never.
    public var idleTimeout: Duration?

    public init(maxConnections: Int, idleTimeout: Duration?) {
        self.maxConnections = maxConnections
        self.idleTimeout = idleTimeout
    }

    /// Descriptors left for everything but connections: the sound server's, eSpeak NG's data files,
    /// the journal, the refusals themselves.
    public static let reservedDescriptors = 64
    /// At most this many connections, whatever the limit (a car has a handful of clients).
    public static let ceiling = 1024
    public static let defaultIdleTimeout = Duration.seconds(300)

    /// The cap this process can afford: its descriptor limit (`RLIMIT_NOFILE`, its soft limit raised
    /// to the hard one first), less those open now, less the reserve.
    public static func forThisProcess(idleTimeout: Duration? = defaultIdleTimeout) -> ConnectionLimits {
        var limit = descriptorLimit() ?? rlimit(rlim_cur: 1024, rlim_max: 1024)
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        let available = Int(clamping: limit.rlim_cur) - openDescriptors() - reservedDescriptors
        return ConnectionLimits(maxConnections: max(1, min(ceiling, available)), idleTimeout: idleTimeout)
    }

    /// Whether the descriptors still free keep the reserve. Asked at every accept, since the limit
    /// may be lowered while the daemon runs (`prlimit`), which the cap counted at start cannot know:
    /// while the soft limit is at least `counted` (the one the cap was counted with) the cap keeps
    /// the reserve; below it, the descriptors open now are counted (a directory listing, so only then).
    public static func reserveHolds(counted: Int) -> Bool {
        guard let limit = descriptorLimit() else { return true }
        let now = Int(clamping: limit.rlim_cur)
        return now >= counted || now - openDescriptors() >= reservedDescriptors
    }

    /// The soft descriptor limit now.
    public static func softLimit() -> Int {
        Int(clamping: descriptorLimit()?.rlim_cur ?? 1024)
    }

    /// The process's descriptor limits (`RLIMIT_NOFILE`), soft and hard; nil when they cannot be read.
    private static func descriptorLimit() -> rlimit? {
        var limit = rlimit()
        return getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 ? limit : nil
    }

    /// Descriptors open in this process (a guess of 32 when /proc cannot be read).
    private static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 32
    }
}
