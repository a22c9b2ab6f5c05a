import FoundationEssentials
import Glibc

/// Where voxnavd listens by default: `$XDG_RUNTIME_DIR/voxnav/voxnav.sock`
/// (falling back to /tmp/voxnav-UID when no runtime directory is set).
public enum SocketPath {
    public static var `default`: String {
        let env = ProcessInfo.processInfo.environment
        guard let runtime = env["XDG_RUNTIME_DIR"].flatMap({ $0.isEmpty ? nil : $0 }) else { return tmpFallback }
        return runtime + "/voxnav/voxnav.sock"
    }

    /// The socket without a runtime directory, in /tmp, where other users may create names too.
    public static var tmpFallback: String { "/tmp/voxnav-\(getuid())/voxnav/voxnav.sock" }
}
