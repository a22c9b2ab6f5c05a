import AudioTestSupport
import Foundation
import RPC
import Testing

/// Navit, a car navigation system with its own routing engine (Debian's navit 0.5.6), drives a
/// route of a few turns headless with its demo vehicle, speaking through the real voxnavd by both
/// of its routes: its `cmdline` speech running `voxnav say --no-wait` (through `say-timed`, which
/// times each call), and its own `speech_dispatcher` speech pointed at voxnavd's SSIP socket.
/// Every instruction Navit gave is said to its end, heard on `car.monitor`, over the radio ducked
/// for it and restored after; none is refused. The map is Tests/navit/map.osm, made for the test
/// and built with maptool (Tests/navit/run-navit).
@Suite(.serialized) struct NavitTests {
    enum Route: String, CaseIterable, Sendable {
        case voxnavSay
        case ssip
    }

    static let navit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("navit")

    @Test(arguments: Route.allCases)
    func navitsInstructionsAreSaidThroughVoxNav(route: Route) async throws {
        for tool in ["/usr/bin/navit", "/usr/bin/maptool"] {
            try #require(FileManager.default.isExecutableFile(atPath: tool), "no \(tool): scripts/setup --tests installs navit and maptool")
        }
        try await RealDaemon.withCabin { daemon in
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt", "session", "source.ducked", "source.restored"])
            let watched = try await daemon.watchedRadio()
            let work = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-navit-\(UUID().uuidString.prefix(8))").path
            defer { try? FileManager.default.removeItem(atPath: work) }
            let sayLog = work + "/say.log"
            var environment = ProcessInfo.processInfo.environment
            environment["VOXNAV"] = Executables.path("voxnav")
            environment["VOXNAV_SOCKET"] = daemon.socket
            environment["NAVIT_SAY_LOG"] = sayLog
            environment["SPEECHD_ADDRESS"] = "unix_socket:\(daemon.ssipSocket)"
            let script = Self.navit.appendingPathComponent("run-navit").path
            let arguments =
                route == .voxnavSay ? [work, "cmdline", Self.navit.appendingPathComponent("say-timed").path] : [work, "speech-dispatcher"]
            let settings = environment
            // Its pages in memory, as an installed voxnav's are once it has run.
            _ = try await onOwnThread { try Executables.run("voxnav", ["--version"]) }
            let run = try await onOwnThread { try Executables.run(path: script, arguments, environment: settings, limit: 200) }
            #expect(run.status == 0, "\(run.output)")

            // Every instruction Navit gave was said to its end: none refused, expired, cut or skipped.
            let prompts = events.events.filter { $0["type"]?.stringValue?.hasPrefix("prompt.") == true }
            let queued = prompts.filter { $0["type"] == .string("prompt.queued") }.compactMap { $0["prompt"]?.stringValue }
            #expect(queued.count >= 10, "Navit gave \(queued.count) instructions: \(run.output)")
            _ = await events.wait(seconds: 15) { _ in queued.allSatisfy { ["prompt.finished", "prompt.shortened"].contains(events.types(ofPrompt: $0).last) } }
            for id in queued {
                let types = events.types(ofPrompt: id)
                #expect(types.count == 3 && ["prompt.finished", "prompt.shortened"].contains(types.last), "\(id): \(types)")
            }
            let (restored, readings, heard) = try await watched.settle()
            let radio = watched.radio

            // The radio was ducked for each: no instruction started with the radio at its own level.
            var ducked = false
            for event in events.events {
                switch event["type"]?.stringValue {
                case "source.ducked": ducked = true
                case "source.restored": ducked = false
                case "prompt.started": #expect(ducked, "\(event["text"] ?? .null) started over the radio at its own level")
                default: break
                }
            }
            #expect(readings.contains { $0.volumes.max()! < radio.volumes.max()! }, "the radio was never ducked")
            #expect(restored?.volumes == radio.volumes && restored?.corked == false, "\(String(describing: restored))")

            // Heard on car.monitor: as long as the instructions' audio together.
            let seconds = events.events.filter { $0["type"] == .string("prompt.finished") || $0["type"] == .string("prompt.shortened") }
                .compactMap { $0["duration"]?.doubleValue }.reduce(0, +)
            let levels = LevelAnalysis(samples: heard, sampleRate: watched.capture.sampleRate)
            #expect(levels.span(above: 0.003) > seconds * 0.8, "heard for \(levels.span(above: 0.003)) s of \(seconds) s")

            if route == .voxnavSay {
                // Navit waits for each command: `voxnav say --no-wait` returns once the prompt is queued.
                let calls = try String(contentsOfFile: sayLog, encoding: .utf8).split(separator: "\n").map { $0.split(separator: "\t") }
                #expect(calls.count == queued.count, "\(calls)")
                #expect(calls.allSatisfy { $0.count >= 3 && $0[2] == "0" }, "a voxnav say failed: \(calls)")
                let waits = calls.compactMap { $0.count > 1 ? Int($0[1]) : nil }
                print("NavitTests: Navit waited \(waits.max() ?? -1) ms at most for voxnav say --no-wait (\(waits.count) calls: \(waits))")
                // Navit was never held for the speech: each call returned in less time than its
                // prompt's audio lasts. How fast it returns is measured by the benchmark, not here
                // (a loaded machine starts a debug binary in hundreds of milliseconds).
                let durations = queued.map { id in
                    events.events.first { $0["prompt"]?.stringValue == id && $0["duration"]?.doubleValue != nil }?["duration"]?.doubleValue ?? 0
                }
                for (wait, seconds) in zip(waits, durations) {
                    #expect(Double(wait) / 1000 < seconds, "Navit waited \(wait) ms for a prompt of \(seconds) s: \(waits)")
                }
            }
        }
    }
}
