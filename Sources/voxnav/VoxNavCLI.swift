import ArgumentParser

@main
struct VoxNavCLI: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voxnav",
        abstract: "Talk to voxnavd: speak prompts, drive the simulated car sources, watch what happens.",
        subcommands: [
            Say.self, ManeuverCommand.self, AlertCommand.self, Radio.self, Music.self, Podcast.self, Call.self, Assistant.self, Chime.self,
            SourceCommand.self, Session.self, Style.self, Audit.self, Status.self, Watch.self, Cancel.self, Rpc.self,
            Phrases.self, Voices.self, Drive.self, Demo.self,
        ])
}
