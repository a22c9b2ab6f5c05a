import ArgumentParser

@main
struct VoxNavCLI: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voxnav",
        abstract: "Talk to voxnavd: speak prompts, drive the simulated car sources, watch what happens.",
        subcommands: [Say.self, ManeuverCommand.self, Radio.self, Status.self, Phrases.self, Voices.self, Demo.self])
}
