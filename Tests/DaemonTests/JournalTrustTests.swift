import AudioPolicy
import AudioTestSupport
import BuiltInPolicy
import Foundation
import ProcessSupport
import RPC
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The journal next to the socket is read by every voxnavd at start, before it serves: a bad one
/// must neither crash it (a crash loop under `Restart=on-failure`) nor hide the good entries beside
/// it, nor set a user's volume louder than VoxNav could have; a journal that cannot be written must
/// say so (once a streak: the end of a streak is logged at notice level, below these daemons' own). The real binary, against a real sound server, read back with pactl.
@Suite(.serialized) struct JournalTrustTests {
    /// A socket path in a fresh directory of the user's alone, as voxnavd wants it.
    private func socketInFreshDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voxnavd-journal-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        return directory + "/voxnav.sock"
    }

    /// Writes a journal as voxnavd would: 0600, the user's.
    private func plant(_ json: String, at path: String) throws {
        #expect(FileManager.default.createFile(atPath: path, contents: Data(json.utf8), attributes: [.posixPermissions: 0o600]))
    }

    /// One duck entry of the journal's `streams` list.
    private func duck(_ index: Int, original: [Int], applied: [Int]?) -> String {
        let applied = applied.map { #","applied":{"values":\#($0)}"# } ?? ""
        return #"\#(index),{"original":{"values":\#(original)}\#(applied),"muted":false,"identity":{}}"#
    }

    private func stop(_ daemon: ChildProcess) {
        kill(daemon.processIdentifier, SIGTERM)
        daemon.waitUntilExit()
    }

    private func volumes(of index: Int) throws -> [Int] {
        try #require(try PulseProbe.sinkInputs().first { $0.index == index }).volumes
    }

    /// What is left of the journal: the files moved aside (`journal.json.bad-…`) and their modes.
    private func movedAside(in directory: String) throws -> [(name: String, mode: Int)] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("journal.json.bad-") }.map { name in
            let mode = try FileManager.default.attributesOfItem(atPath: directory + "/" + name)[.posixPermissions] as? Int ?? -1
            return (name, mode)
        }
    }

    /// Item 3 of issue 21: one bad entry (256 channels crashed every start with "Not enough bits";
    /// an unknown source kind made the whole file ignored) spoils nothing beside it.
    @Test(arguments: ["256 channels", "an unknown source kind", "not JSON"])
    func aBadJournalEntryIsLeftOutAndTheRestIsRestored(_ bad: String) async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let music = try ForeignPlayer(applicationName: "Journal music", properties: ["media.role": "music"], volume: 35000)
            defer { music.stop() }
            let other = try ForeignPlayer(applicationName: "Journal other", properties: ["media.role": "music"], volume: 30000)
            defer { other.stop() }
            let ducked = try await music.waitForSinkInput()
            let victim = try await other.waitForSinkInput()
            let socket = try socketInFreshDirectory()
            let directory = (socket as NSString).deletingLastPathComponent
            defer { try? FileManager.default.removeItem(atPath: directory) }
            // The music was ducked from 50000 to where it is now; the daemon was killed.
            let good = duck(ducked.index, original: ducked.volumes.map { _ in 50000 }, applied: ducked.volumes)
            let journal: String
            switch bad {
            case "256 channels":
                journal = #"{"streams":[\#(good),\#(duck(victim.index, original: Array(repeating: 40000, count: 256), applied: nil))],"sources":[]}"#
            case "an unknown source kind":
                journal = #"{"streams":[\#(good)],"sources":[{"kind":"cdPlayer","activity":"default"}]}"#
            default:
                journal = "{\"streams\":[\(good)" + String(repeating: "\u{1}garbage", count: 20)
            }
            try plant(journal, at: directory + "/journal.json")
            let log = directory + "/voxnavd.log"
            let (daemon, connection) = try await startDaemon(socket: socket, log: log)
            defer { stop(daemon) }
            // Still serving.
            let state = try await blocking { try connection.call("state.get", .object([:])) }
            #expect(state.objectValue?["sessionActive"] != nil, "\(state)")
            let said = try String(contentsOfFile: log, encoding: .utf8)
            if bad == "not JSON" {
                #expect(try volumes(of: ducked.index) == ducked.volumes, "a file that is not a journal was replayed")
                #expect(said.contains("not a journal voxnavd wrote"), "\(said)")
            } else {
                #expect(try volumes(of: ducked.index) == ducked.volumes.map { _ in 50000 }, "the valid duck beside the bad entry was not undone")
                #expect(try volumes(of: victim.index) == victim.volumes)
                #expect(said.contains("left out of the journal"), "\(said)")
                #expect(said.contains(bad == "256 channels" ? "256 channels" : "cdPlayer"), "\(said)")
            }
            // Moved aside, the user's alone, so that the next start does not read it again.
            let aside = try movedAside(in: directory)
            #expect(aside.count == 1 && aside.first?.mode == 0o600, "\(aside)")
            #expect(said.contains("moved the journal aside"), "\(said)")
        }
    }

    /// Item 8 of issue 21: a journalled volume of 1,000,000 (+71 dB) is not applied. A restore goes
    /// no higher than the stream's volume raised by the deepest duck the policy can ask for (the
    /// built-in policy's −35 dB, its `audibility:` target's deepest duck, plus 0.1 dB), and never
    /// above PA_VOLUME_UI_MAX (+11 dB).
    @Test func aPlantedLoudJournalIsNotAppliedAboveWhatVoxNavCouldHaveSet() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let player = try ForeignPlayer(applicationName: "Journal loud", properties: ["media.role": "music"], volume: 20000)
            defer { player.stop() }
            let before = try await player.waitForSinkInput()
            let socket = try socketInFreshDirectory()
            let directory = (socket as NSString).deletingLastPathComponent
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try plant(
                #"{"streams":[\#(duck(before.index, original: before.volumes.map { _ in 1_000_000 }, applied: before.volumes))],"sources":[]}"#,
                at: directory + "/journal.json")
            let log = directory + "/voxnavd.log"
            let (daemon, _) = try await startDaemon(socket: socket, log: log)
            stop(daemon)
            let after = try volumes(of: before.index)
            print("loud journal: before \(before.volumes), after \(after), sink inputs \(try PulseProbe.sinkInputs().map { ($0.index, $0.volumes) })")
            // 20000 raised by 35.1 dB on PulseAudio's cubic scale: 20000 × 10^(35.1/60) ≈ 76,900.
            let bound = Int((20000 * pow(10, (-Policy.builtIn.deepestDuckDB + 0.1) / 60)).rounded(.up)) + 1
            #expect(Policy.builtIn.deepestDuckDB == -35)
            #expect(after.allSatisfy { $0 <= bound }, "restored to \(after), above \(bound)")
            #expect(after.allSatisfy { $0 <= 100_347 }, "above PA_VOLUME_UI_MAX: \(after)")
            // What it could have been is restored: the most VoxNav could have set.
            #expect(after.allSatisfy { $0 > 20000 }, "\(after)")
            let said = try String(contentsOfFile: log, encoding: .utf8)
            #expect(said.contains("louder than VoxNav could have set"), "\(said)")
        }
    }

    /// Item 3: a journal that cannot be written (a directory in its place) was a silent failure on
    /// every write; it is logged once for the streak, and once when writes work again. Item 16 of
    /// issue 50: meanwhile the music is not ducked, and no subscriber is told `source.ducked` or
    /// `source.restored` (each prompt told both before); the first duck carried out again is told. On
    /// all three servers (scripts/test).
    @Test func aJournalThatCannotBeWrittenIsReportedOncePerStreak() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let player = try ForeignPlayer(applicationName: "Journal unwritable", properties: ["media.role": "music"], volume: 40000)
            defer { player.stop() }
            _ = try await player.waitForSinkInput()
            let socket = try socketInFreshDirectory()
            let directory = (socket as NSString).deletingLastPathComponent
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let log = directory + "/voxnavd.log"
            let (daemon, connection) = try await startDaemon(socket: socket, log: log)
            defer { stop(daemon) }
            let recorder = try EventRecorder(socketPath: socket, types: ["journal"])
            let sourceEvents = try EventRecorder(socketPath: socket, types: ["source"])
            let journal = directory + "/journal.json"
            try FileManager.default.createDirectory(atPath: journal + "/occupied", withIntermediateDirectories: true)
            // Each prompt ducks the music and restores it: several journal writes, all failing.
            for _ in 0..<3 {
                _ = try await blocking { try connection.call("prompt.speak", .object(["text": .string("Turn left."), "wait": .bool(true)])) }
            }
            var said = try String(contentsOfFile: log, encoding: .utf8)
            #expect(said.components(separatedBy: "cannot write the journal").count - 1 == 1, "\(said)")
            #expect(said.contains("Is a directory") || said.contains("Directory not empty"), "\(said)")
            // Subscribers are told once for the streak too, with the reason.
            let failing = await recorder.wait(seconds: 2) { $0.contains { $0["type"] == .string("journal.failing") } }
            #expect(failing, "no journal.failing event: \(recorder.events)")
            #expect(recorder.events.first?["reason"]?.stringValue?.contains(journal) == true, "\(recorder.events)")
            // No journal, no duck: the other program's music mixes with the prompt, at its own volume from
            // the prompt's first sample to its last, and state.get says why.
            let long = "Turn right onto the long road, then keep left toward the harbour."
            _ = try await blocking { try connection.call("prompt.speak", .object(["text": .string(long), "wait": .bool(false)])) }
            var readings: [[Int]] = []
            for _ in 0..<40 {
                if let input = try PulseProbe.sinkInput(application: player.applicationName) { readings.append(input.volumes) }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(!readings.isEmpty && readings.allSatisfy { $0.allSatisfy { $0 == 40000 } }, "ducked without a journal: \(readings)")
            let degraded = try await blocking { try connection.call("state.get") }
            #expect(degraded["journalProblem"]?.stringValue?.isEmpty == false, "state.get does not say the journal fails: \(degraded)")
            for _ in 0..<100 where try await blocking({ try connection.call("state.get") })["promptPlaying"] == .bool(true) {
                try await Task.sleep(for: .milliseconds(50))
            }
            // Past the prompt's restore (held 0.3 s after it): nothing was ducked, so nothing was restored.
            try await Task.sleep(for: .milliseconds(500))
            let untrue = sourceEvents.events.filter { ["source.ducked", "source.restored"].contains($0["type"]?.stringValue) }
            #expect(untrue.isEmpty, "told of ducks never carried out: \(untrue)")
            // Writable again: the next duck is journalled, and the music is ducked again.
            try FileManager.default.removeItem(atPath: journal)
            _ = try await blocking { try connection.call("prompt.speak", .object(["text": .string(long), "wait": .bool(false)])) }
            var written = false
            for _ in 0..<60 where !written {
                try await Task.sleep(for: .milliseconds(25))
                written = (try? FileManager.default.attributesOfItem(atPath: journal)[.type] as? FileAttributeType) == .typeRegular
            }
            #expect(written, "no journal was written once it could be")
            var ducked = false
            for _ in 0..<40 where !ducked {
                ducked = try PulseProbe.sinkInput(application: player.applicationName).map { $0.volumes.allSatisfy { $0 < 40000 } } ?? false
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(ducked, "the music was not ducked once the journal could be written")
            let toldDuck = await sourceEvents.wait(seconds: 2) { $0.contains { $0["type"] == .string("source.ducked") } }
            #expect(toldDuck, "the duck carried out once the journal could be written was not told: \(sourceEvents.events)")
            let healthy = try await blocking { try connection.call("state.get") }
            #expect(healthy["journalProblem"] == nil, "\(healthy)")
            said = try String(contentsOfFile: log, encoding: .utf8)
            #expect(said.components(separatedBy: "cannot write the journal").count - 1 == 1, "\(said)")
            _ = await recorder.wait(seconds: 2) { $0.count >= 2 }
            let told = recorder.events.compactMap { $0["type"]?.stringValue }
            #expect(told == ["journal.failing", "journal.recovered"], "\(told)")
        }
    }
}
