/// A media player on the session bus that speaks MPRIS (`org.mpris.MediaPlayer2.*`): its bus name
/// and the process id of the connection that owns it.
public struct MPRISPlayer: Sendable, Equatable, CustomStringConvertible {
    /// e.g. `org.mpris.MediaPlayer2.mpv`, or `org.mpris.MediaPlayer2.vlc.instance1234`.
    public var busName: String
    public var processID: UInt32?

    public init(busName: String, processID: UInt32?) {
        self.busName = busName
        self.processID = processID
    }

    /// The player's own part of its bus name, without an `.instanceN` suffix (`mpv`, `org.gnome.Podcasts`).
    public var playerName: String {
        var name = busName.hasPrefix(Self.busNamePrefix) ? String(busName.dropFirst(Self.busNamePrefix.count)) : busName
        if let range = name.ranges(of: ".instance").last, name[range.upperBound...].allSatisfy(\.isNumber) {
            name = String(name[..<range.lowerBound])
        }
        return name
    }

    public var description: String { busName }

    public static let busNamePrefix = "org.mpris.MediaPlayer2."
}

/// `PlaybackStatus`, as MPRIS names it.
public enum PlaybackStatus: String, Sendable, Equatable {
    case playing = "Playing"
    case paused = "Paused"
    case stopped = "Stopped"
}
