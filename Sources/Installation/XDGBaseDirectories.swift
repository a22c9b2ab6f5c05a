/// The XDG base-directory rules for one kind of directory (data, config): the user's own
/// (`$XDG_DATA_HOME`, default `~/.local/share`), then each of the system's (`$XDG_DATA_DIRS`,
/// default `/usr/local/share:/usr/share`). A relative path in either variable is ignored, an empty
/// list of the system's counts as unset, as the specification says.
struct XDGBaseDirectories {
    let homeVariable: String
    /// Under the home directory: `.local/share`, `.config`.
    let homeDefault: String
    let dirsVariable: String
    let dirsDefault: String

    static let data = XDGBaseDirectories(
        homeVariable: "XDG_DATA_HOME", homeDefault: ".local/share", dirsVariable: "XDG_DATA_DIRS", dirsDefault: "/usr/local/share:/usr/share")
    static let config = XDGBaseDirectories(homeVariable: "XDG_CONFIG_HOME", homeDefault: ".config", dirsVariable: "XDG_CONFIG_DIRS", dirsDefault: "/etc/xdg")

    /// The user's directory and the system's, most important first.
    func directories(environment: [String: String], home: String) -> (user: String, system: [String]) {
        func absolute(_ path: String) -> String? { path.hasPrefix("/") ? path : nil }
        let user = environment[homeVariable].flatMap(absolute) ?? home + "/" + homeDefault
        let system = (environment[dirsVariable].flatMap { $0.isEmpty ? nil : $0 } ?? dirsDefault)
            .split(separator: ":").map(String.init).compactMap(absolute)
        return (user, system)
    }
}
