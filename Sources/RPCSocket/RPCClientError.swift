/// Why a client could not reach, or stopped hearing from, the user's voxnavd.
public enum RPCClientError: Error, CustomStringConvertible {
    case connect(String, String)
    /// A socket that is not the user's own daemon's: nothing was sent to it.
    case untrusted(String, String)
    case io(String)
    case closed

    public var description: String {
        switch self {
        case .connect(let path, let why):
            "cannot connect to voxnavd at \(path): \(why) (is voxnavd running? Start it with `voxnavd &`, "
                + "or have systemd start it at the first connection: systemctl --user enable --now voxnavd.socket)"
        case .untrusted(let path, let why):
            "not connecting to \(path), which may not be your voxnavd: \(why). Nothing was sent. Start your own voxnavd, or give a socket of yours with --socket"
        case .io(let why): "socket error: \(why)"
        case .closed: "voxnavd closed the connection"
        }
    }
}
