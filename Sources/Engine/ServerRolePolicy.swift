/// Whether the sound server ducks and corks streams by their role itself, and so how VoxNav's
/// prompts present themselves and who ducks the others.
///
/// WirePlumber 0.4's role-based endpoints (enabled in its `policy.lua.d/50-endpoints-config.lua`)
/// route every stream through a virtual sink per role (`control.endpoint.multimedia`,
/// `control.endpoint.navigation`, ...). The highest-priority role with a stream linked wins: a
/// `Navigation` stream ducks the lower roles' endpoints (their monitor volume to 0.3), and a new
/// stream in the same role as another corks it. There VoxNav defers to the server:
/// - its prompt stream has the role `Navigation`, so the server ducks music under it and mixes it
///   with other navigation prompts;
/// - the stream exists only while a prompt plays: an idle stream stays linked, and would duck (or,
///   with another role, cork) the user's music for as long as voxnavd runs;
/// - VoxNav carries out no duck itself, so nothing is ducked twice and there is no level of its own
///   to restore (or to keep out of the server's memory); it still pauses, mutes and stops sources
///   as its policy says.
public enum ServerRolePolicy: String, Sendable, Equatable {
    /// The server leaves volumes to its clients (bare or desktop PulseAudio, WirePlumber's default
    /// policy): VoxNav ducks, and its prompt stream stays open (corked) between prompts.
    case none
    /// WirePlumber's role-based endpoints.
    case wirePlumberEndpoints

    /// What a server with these sinks runs: its endpoints show up as sinks named `control.endpoint.*`.
    static func detect(sinks: [String]) -> ServerRolePolicy {
        sinks.contains { $0.hasPrefix("control.endpoint.") } ? .wirePlumberEndpoints : .none
    }

    /// Whether VoxNav ducks other streams itself.
    var voxNavDucks: Bool { self == .none }

    /// Whether the prompt stream stays open (corked) between prompts, so that a prompt starts at once.
    var keepsPromptStreamOpen: Bool { self == .none }

    /// The prompt stream's properties.
    var promptStreamProperties: [String: String] {
        [
            // PulseAudio has no standard role for navigation; "event" is what module-role-ducking treats
            // as a trigger. WirePlumber's endpoints have a Navigation role (pipewire-pulse passes it on).
            "media.role": self == .wirePlumberEndpoints ? "Navigation" : "event",
            "media.name": "Navigation voice prompt",
            "application.name": "VoxNav",
            "application.id": "org.voxnav.prompt",
            // Its own group in PulseAudio's stream-restore, not the system's event sounds'.
            "module-stream-restore.id": "sink-input-by-application-id:org.voxnav.prompt",
        ]
    }
}
