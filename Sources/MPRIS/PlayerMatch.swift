/// Which MPRIS player plays a sound server's stream, from the stream's properties: the player whose
/// bus connection belongs to the stream's process (`application.process.id`); failing that (a
/// sandboxed app, whose bus connection is its portal's proxy), the player named after the app's
/// Flatpak id (`pipewire.access.portal.app_id`) or application id (`application.id`). Pure.
public enum PlayerMatch {
    public static func player(forStream properties: [String: String], among players: [MPRISPlayer]) -> MPRISPlayer? {
        if let pid = properties["application.process.id"].flatMap(UInt32.init),
            let player = players.first(where: { $0.processID == pid })
        {
            return player
        }
        for key in ["pipewire.access.portal.app_id", "application.id"] {
            guard let id = properties[key], !id.isEmpty else { continue }
            if let player = players.first(where: { $0.playerName.lowercased() == id.lowercased() }) { return player }
        }
        return nil
    }
}
