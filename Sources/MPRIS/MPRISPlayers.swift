/// The media players on the session bus, through MPRIS: find them, read their status and position,
/// pause and play them. Every call is a blocking libdbus call made on the bus's own serial queue
/// (never on the caller's actor), each with a timeout; without a session bus every call fails with
/// `BusError.noBus`, and the caller falls back to what it can do without one.
public final class MPRISPlayers: Sendable {
    private let bus: SessionBus

    /// - Parameters:
    ///   - address: the session bus (`DBUS_SESSION_BUS_ADDRESS`); nil or empty: there is none.
    ///   - timeout: how long one call may take before it counts as failed.
    public init(address: String?, timeout: Duration = .milliseconds(500)) {
        bus = SessionBus(address: address, timeout: timeout)
    }

    private static let mprisPath = "/org/mpris/MediaPlayer2"
    private static let playerInterface = "org.mpris.MediaPlayer2.Player"

    /// Every MPRIS player on the bus, with the process id of its connection.
    public func players() async throws(BusError) -> [MPRISPlayer] {
        try await bus.run { bus throws(BusError) in
            let names = try bus.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames")
            guard case .array(let items)? = names.first else { throw .unexpectedReply("ListNames: \(names)") }
            var players: [MPRISPlayer] = []
            for case .string(let name) in items where name.hasPrefix(MPRISPlayer.busNamePrefix) {
                var pid: UInt32?
                // A player that quit between the two calls is simply not there.
                if case .uint32(let id)? = try? bus.call(
                    "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetConnectionUnixProcessID", [name]
                ).first {
                    pid = id
                }
                players.append(MPRISPlayer(busName: name, processID: pid))
            }
            return players
        }
    }

    /// The player's `PlaybackStatus`.
    public func status(of player: MPRISPlayer) async throws(BusError) -> PlaybackStatus {
        let value = try await property("PlaybackStatus", of: player)
        guard case .string(let text) = value, let status = PlaybackStatus(rawValue: text) else {
            throw .unexpectedReply("PlaybackStatus: \(value)")
        }
        return status
    }

    /// The player's `Position`, in seconds; nil when it does not tell it.
    public func position(of player: MPRISPlayer) async throws(BusError) -> Double? {
        do throws(BusError) {
            let value = try await property("Position", of: player)
            guard case .int64(let microseconds) = value else { return nil }
            return Double(microseconds) / 1_000_000
        } catch  where error.isGone {
            throw error
        } catch {
            return nil
        }
    }

    /// Calls `Pause`.
    public func pause(_ player: MPRISPlayer) async throws(BusError) {
        try await command("Pause", player)
    }

    /// Calls `Play`.
    public func play(_ player: MPRISPlayer) async throws(BusError) {
        try await command("Play", player)
    }

    private func command(_ member: String, _ player: MPRISPlayer) async throws(BusError) {
        let name = player.busName
        _ = try await bus.run { bus throws(BusError) in try bus.call(name, Self.mprisPath, Self.playerInterface, member) }
    }

    private func property(_ property: String, of player: MPRISPlayer) async throws(BusError) -> BusValue {
        let name = player.busName
        let values = try await bus.run { bus throws(BusError) in
            try bus.call(name, Self.mprisPath, "org.freedesktop.DBus.Properties", "Get", [Self.playerInterface, property])
        }
        guard let value = values.first else { throw .unexpectedReply("\(property): empty reply") }
        return value
    }
}
