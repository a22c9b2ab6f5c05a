import FoundationEssentials
import Glibc

/// Where voxnavd listens by default: `$XDG_RUNTIME_DIR/voxnav/voxnav.sock`
/// (falling back to /tmp/voxnav-UID when no runtime directory is set).
public enum SocketPath {
    public static var `default`: String {
        let env = ProcessInfo.processInfo.environment
        let base = env["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp/voxnav-\(getuid())"
        return base + "/voxnav/voxnav.sock"
    }
}
