import ArgumentParser
import FoundationEssentials
import ProcessSupport
import RPC

extension Session {
    /// `voxnav session voice-control`: show the voice-control template for a while, optionally recording in it.
    struct VoiceControl: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "voice-control",
            abstract: "Show the voice-control template (the one window a navigation app may record in), hold it, then hide it.",
            discussion: """
                While it is shown no prompt plays (style none). With --record the command also records there, as a voice \
                search does (a playAndRecord session, active); recording outside the template is audited (voxnav audit). \
                The template belongs to this connection: it is hidden when the command ends.
                """)
        @Option(help: "Seconds to keep the template shown.")
        var hold: Double = 3
        @Flag(help: "Record while it is shown: a playAndRecord session, activated, and deactivated before the template is hidden.")
        var record = false
        @OptionGroup var client: ClientOptions

        func run() throws {
            let rpc = try client.connect()
            let shown = try rpc.callForCLI(SessionVoiceControl.self, .init(shown: true))
            print("voice control shown; prompt style now: \(shown.style.rawValue)")
            if record {
                _ = try rpc.callForCLI(SessionConfigure.self, .init(category: .playAndRecord))
                let on = try rpc.callForCLI(SessionSetActive.self, .init(active: true))
                print("recording")
                for effect in on.effects { print("  " + effect) }
            }
            Blocking.sleep(hold)
            if record { _ = try rpc.callForCLI(SessionSetActive.self, .init(active: false)) }
            let hidden = try rpc.callForCLI(SessionVoiceControl.self, .init(shown: false))
            print("voice control hidden; prompt style now: \(hidden.style.rawValue)")
        }
    }
}
