/// VoxNav's version: the one place it is written. Both executables print it (`--version`), and
/// `scripts/package` reads it from `voxnav --version` for the Debian package's control file.
public enum VoxNavVersion {
    public static let current = "0.1.0"
}
