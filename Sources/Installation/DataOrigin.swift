/// Which rule of the data search found a directory: what `voxnav voices` shows for each pack.
public enum DataOrigin: String, Sendable, Codable, CaseIterable {
    /// Given by the user: `--voices DIR` or `VOXNAV_VOICES` (the only place searched then).
    case explicit
    /// `$XDG_DATA_HOME/voxnav` (by default `~/.local/share/voxnav`): the user's own data.
    case user
    /// One of `$XDG_DATA_DIRS/voxnav` (by default `/usr/local/share/voxnav`, `/usr/share/voxnav`).
    case system
    /// `share/voxnav` of the prefix VoxNav is installed in: beside `bin/` of the running executable.
    case prefix
    /// The source tree the executable was built from (development).
    case sourceTree = "source-tree"
}
