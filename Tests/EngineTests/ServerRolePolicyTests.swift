import Testing

@testable import Engine

/// Where the server ducks by role itself, VoxNav's prompt presents itself in the Navigation role,
/// exists only while it plays, and VoxNav ducks nothing; elsewhere, as always.
@Suite struct ServerRolePolicyTests {
    @Test func wirePlumberEndpointsGetANavigationPromptOpenOnlyWhilePlayingAndNoDuckOfVoxNavs() {
        let policy = ServerRolePolicy.wirePlumberEndpoints
        #expect(policy.promptStreamProperties["media.role"] == "Navigation")
        #expect(!policy.keepsPromptStreamOpen)
        #expect(!policy.voxNavDucks)
    }

    @Test func otherServersGetAnEventPromptKeptOpenAndVoxNavDucks() {
        let policy = ServerRolePolicy.none
        #expect(policy.promptStreamProperties["media.role"] == "event")
        #expect(policy.keepsPromptStreamOpen)
        #expect(policy.voxNavDucks)
    }

    @Test(arguments: [ServerRolePolicy.none, .wirePlumberEndpoints])
    func thePromptKeepsItsOwnIdentityEitherWay(_ policy: ServerRolePolicy) {
        // The engine tells its own stream from other programs' by this id (SinkInputClassifier ignores it).
        #expect(policy.promptStreamProperties["application.id"] == "org.voxnav.prompt")
        #expect(policy.promptStreamProperties["module-stream-restore.id"] == "sink-input-by-application-id:org.voxnav.prompt")
    }

    @Test func theEndpointsAreFoundByTheirSinksNames() {
        #expect(ServerRolePolicy.detect(sinks: ["car", "control.endpoint.multimedia", "control.endpoint.navigation"]) == .wirePlumberEndpoints)
        #expect(ServerRolePolicy.detect(sinks: ["car", "alsa_output.pci-0000_00_1f.3.analog-stereo"]) == .none)
        #expect(ServerRolePolicy.detect(sinks: []) == .none)
    }
}
