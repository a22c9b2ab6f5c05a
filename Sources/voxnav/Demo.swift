import ArgumentParser
import Foundation
import RPC

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the demo: a daemon, the FM radio, maneuver prompts, and what happened to the radio.",
        discussion: """
            Uses the sound server of this session when one answers (you hear it), otherwise a private
            headless PulseAudio server with a null sink `car` that is removed afterwards.
            """)

    @Flag(help: "Always use a private headless server, even where a real one exists.")
    var headless = false

    func run() throws {
        var server: HeadlessPulseServer?
        if headless || !HeadlessPulseServer.realServerReachable() {
            server = try HeadlessPulseServer()
            print("audio: private headless PulseAudio server, null sink `car` (nothing is audible)")
        } else {
            print("audio: this session's PulseAudio server (audible)")
        }
        defer { server?.stop() }
        let socketDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-demo-\(getpid())")
        let daemon = try DaemonProcess(socketPath: socketDirectory.path + "/voxnav.sock", pulseServer: server?.serverAddress)
        defer {
            daemon.stop()
            try? FileManager.default.removeItem(at: socketDirectory)
        }
        let client = try RPCClient(socketPath: daemon.socketPath)
        print("voxnavd started on \(daemon.socketPath)\n")

        let radio = try client.call("source.start", .object(["kind": .string("fmRadio")]))
        print("radio started\n" + Report.source(radio))
        Thread.sleep(forTimeInterval: 1.0)

        // Maneuver prompts as a guidance engine sends them; the daemon's phrase packs choose the words.
        let prompts: [(what: String, params: JSONValue)] = [
            ("rightTurn onto \"Solar Cir.\" in 290 m (en-US)", .object([
                "maneuver": .object(["type": .string("rightTurn"), "roadName": .string("Solar Cir."),
                                     "state": .string("initial"), "distanceRemaining": .number(290)]),
                "language": .string("en-US")])),
            ("rightTurn now, then keepLeft (en-US)", .object([
                "maneuver": .object(["type": .string("rightTurn"), "state": .string("execute"), "distanceRemaining": .number(15)]),
                "then": .object(["type": .string("keepLeft")]),
                "language": .string("en-US")])),
            ("roundaboutExit2 onto \"Hauptstr.\" in 190 m (de)", .object([
                "maneuver": .object(["type": .string("roundaboutExit2"), "roadName": .string("Hauptstr."),
                                     "state": .string("prepare"), "distanceRemaining": .number(190)]),
                "language": .string("de")])),
        ]
        for prompt in prompts {
            print("\nmaneuver: \(prompt.what)")
            print(Report.prompt(try client.call("prompt.speak", prompt.params)))
            Thread.sleep(forTimeInterval: 0.5)
        }
        print("\nafter the prompts:")
        print(Report.state(try client.call("state.get")))

        // Spoken audio is paused, not ducked, and resumes where it stopped.
        print("\npodcast started (the car switches from the radio to the phone's audio)")
        _ = try client.call("source.start", .object(["kind": .string("spokenAudio")]))
        Thread.sleep(forTimeInterval: 2.5)
        print(Report.state(try client.call("state.get")).split(separator: "\n").filter { $0.contains("spokenAudio") }.joined(separator: "\n"))
        print("maneuver: keepLeft in 400 m (en-US)")
        print(Report.prompt(try client.call("prompt.speak", .object([
            "maneuver": .object(["type": .string("keepLeft"), "state": .string("prepare"), "distanceRemaining": .number(400)]),
            "language": .string("en-US")]))))
        print(Report.state(try client.call("state.get")).split(separator: "\n").filter { $0.contains("spokenAudio") }.joined(separator: "\n"))

        // During a call the prompt is a short tone, never speech over the caller.
        print("\nphone call begins")
        _ = try client.call("source.start", .object(["kind": .string("phoneCall")]))
        print("maneuver: rightTurn in 150 m (en-US), during the call")
        print(Report.prompt(try client.call("prompt.speak", .object([
            "maneuver": .object(["type": .string("rightTurn"), "state": .string("prepare"), "distanceRemaining": .number(150)]),
            "language": .string("en-US")]))))
        _ = try client.call("source.stop", .object(["kind": .string("phoneCall")]))
        print("phone call ended")
        print("\n" + Report.state(try client.call("state.get")))
        print("\ndaemon shutting down (it restores and stops every source)")
    }
}
