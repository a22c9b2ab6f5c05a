import ArgumentParser

@main
struct VoxNavCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voxnav",
        abstract: "Talk to voxnavd: speak prompts, drive the simulated car sources, watch what happens.",
        subcommands: [Say.self, Radio.self, Status.self, Demo.self])
}
