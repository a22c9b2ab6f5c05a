import ArgumentParser
import AudioPolicy
import RPC

struct Say: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Speak a prompt; returns once it has finished and prints what happened (with --no-wait, once it is queued).")

    @Argument(help: "The words to speak.")
    var text: [String]

    @Option(help: "Language tag or eSpeak NG voice, e.g. en-US, de.")
    var language: String?

    @Option(help: "How urgent: a higher priority plays before anything waiting of a lower one.")
    var priority: PromptPriority?

    @Option(help: "Seconds from now after which the prompt expires instead of playing late.")
    var deadline: Double?

    @Option(help: "The user's voice guidance for this prompt: off, alertsOnly (a maneuver is silent, text plays) or all.")
    var voiceGuidance: VoiceGuidance?

    @Option(help: "How loud: softer (-6 dB), normal or louder (+6 dB, limited so that nothing clips).")
    var gain: GuidanceGain?

    @Flag(
        help: """
            Return as soon as the prompt is queued, and let it play after voxnav has exited (as spd-say does): \
            for a program that runs a command per prompt and waits for it, such as Navit's cmdline speech.
            """)
    var noWait = false

    @Flag(
        help: """
            Take no timing from the words: by default a distance ahead or "now" in them ("in 200 meters", \
            "turn left now") gives the prompt a deadline and a key where --deadline gives none, so that it \
            expires instead of playing late, and replaces a waiting prompt of this client for the same turn.
            """)
    var noTimingFromText = false

    @OptionGroup var client: ClientOptions

    func run() throws {
        var params = PromptSpeak.Params(
            text: text.joined(separator: " "), language: language, priority: priority, deadline: deadline, timingFromText: !noTimingFromText)
        if noWait {
            params.wait = false
            params.outliveClient = true
        }
        let result = try client.call(PromptSpeak.self, params, voiceGuidance: voiceGuidance, gain: gain)
        if client.json { try client.printJSON(result) } else { print(Report.prompt(result)) }
    }
}
