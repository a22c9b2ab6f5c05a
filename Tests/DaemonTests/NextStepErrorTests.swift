import AudioTestSupport
import Foundation
import Testing

/// Errors that say the next step, read from the real binaries: a mistyped value gets the one it most
/// likely meant (instead of 54 maneuver types), an unknown language its nearest tag and where to see
/// the packs, through the CLI and through the real voxnavd over its socket.
@Suite struct NextStepErrorTests {
    private func voxnav(_ arguments: [String], socket: String? = nil) throws -> (status: Int32, output: String) {
        try Executables.run("voxnav", arguments + (socket.map { ["--socket", $0] } ?? []), limit: 60)
    }

    @Test func aMistypedValueGetsTheOneItMostLikelyMeant() throws {
        let maneuver = try voxnav(["maneuver", "turnLeft"])
        #expect(maneuver.status == 64, "\(maneuver.output)")
        #expect(maneuver.output.contains("The value 'turnLeft' is invalid for '<type>'. Did you mean 'leftTurn'?"), "\(maneuver.output)")
        #expect(!maneuver.output.contains("  - arriveAtDestination"), "the 54 types are left to --help: \(maneuver.output)")
        #expect(maneuver.output.contains("Usage: voxnav maneuver"), "\(maneuver.output)")

        // A short list stays after the suggestion.
        let source = try voxnav(["source", "start", "radi"])
        #expect(source.status == 64 && source.output.contains("Did you mean 'fmRadio'? Please provide one of the following:"), "\(source.output)")
        #expect(source.output.contains("  - voiceAssistant"), "\(source.output)")
        let state = try voxnav(["maneuver", "rightTurn", "--state", "inital"])
        #expect(state.status == 64 && state.output.contains("Did you mean 'initial'? Please provide one of"), "\(state.output)")

        // Nothing close: the parser's own list stays.
        let unknown = try voxnav(["maneuver", "banana"])
        #expect(unknown.status == 64 && !unknown.output.contains("Did you mean") && unknown.output.contains("  - leftTurn"), "\(unknown.output)")
    }

    @Test func anUnknownLanguageNamesTheNearestPackAndWhereToSeeThem() throws {
        let phrases = try voxnav(["phrases", "--lang", "fre"])
        #expect(phrases.status != 0, "\(phrases.output)")
        #expect(phrases.output.contains("no phrase pack for language 'fre' (did you mean 'fr'?)"), "\(phrases.output)")
        #expect(phrases.output.contains("`voxnav voices` lists each with its file"), "\(phrases.output)")
    }

    @Test func theDaemonNamesTheNearestPackToo() async throws {
        try await RealDaemon.whileRunning(.playsOnly) { daemon in
            let say = try voxnav(["say", "Bonjour", "--language", "fre"], socket: daemon.socket)
            #expect(say.status == 1, "\(say.output)")
            #expect(
                say.output.contains("no eSpeak NG voice named 'fre' is installed, nor a phrase pack for that language (did you mean 'fr'?)"), "\(say.output)")
            #expect(say.output.contains("`voxnav voices` lists each pack with its file"), "\(say.output)")
            // A maneuver needs a pack: the same nearest tag.
            let maneuver = try voxnav(["maneuver", "leftTurn", "--language", "fre"], socket: daemon.socket)
            #expect(maneuver.status == 1 && maneuver.output.contains("no phrase pack for language 'fre' (did you mean 'fr'?)"), "\(maneuver.output)")
        }
    }
}
