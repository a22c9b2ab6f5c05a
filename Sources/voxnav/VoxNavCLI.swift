import ArgumentParser
import FoundationEssentials
import Installation
import ProcessSupport

@main
struct VoxNavCLI: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voxnav",
        abstract: "Talk to voxnavd: speak prompts, drive the simulated car sources, watch what happens.",
        discussion: """
            Talks to voxnavd on $XDG_RUNTIME_DIR/voxnav/voxnav.sock (--socket PATH); installed with its \
            systemd units, the first command starts the daemon (voxnavd.socket). Every command that \
            asks the daemon something prints its result as JSON with --json.

            Exit status: 0 on success; 1 when the daemon cannot be reached or refuses the request, or \
            a drive's expectation failed; 2 when a drive could not run; 64 for a bad argument (the \
            usage is printed); 130 when a drive is interrupted.
            """,
        version: VoxNavVersion.current,
        subcommands: [
            Say.self, ManeuverCommand.self, AlertCommand.self, Radio.self, Music.self, Podcast.self, Call.self, Assistant.self, Chime.self,
            SourceCommand.self, Session.self, Style.self, Audit.self, Status.self, Watch.self, Cancel.self, Rpc.self,
            Phrases.self, Voices.self, Drive.self, Demo.self,
        ])

    /// swift-argument-parser's own `main`, with a "did you mean" for a mistyped value (`ValueSuggestion`)
    /// and errors written by `TerminalText`.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            // Help and the version as the parser prints them; an error, which may quote a file, escaped.
            guard !exitCode(for: error).isSuccess else { exit(withError: error) }
            let message = ValueSuggestion.rewrite(fullMessage(for: error)) ?? fullMessage(for: error)
            if !message.isEmpty { TerminalText.writeError(message.hasSuffix("\n") ? message : message + "\n") }
            exit(withError: ExitCode(exitCode(for: error).rawValue))
        }
    }
}
