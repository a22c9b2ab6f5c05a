import AudioPolicy
import Foundation
import Logging
import PulseAudio
import RPC
import Testing

@testable import Engine
@testable import SourceFocus

/// The whole engine (`VoxNavEngine`) running on an in-memory sound server (`FakeSoundServer`) with
/// instant speech (`InstantRenderer`), started as voxnavd starts it: for the EngineTests that need
/// no sound server. Its prompt stream holds each prompt playing until the test drains it.
struct EngineRig {
    static let music: UInt32 = 7
    static let musicProperties = ["media.role": "music", "application.name": "Music player"]
    static let own = ChannelVolumes([40000, 40000])
    /// The built-in policy's duck.
    static var ducked: ChannelVolumes { own.scaled(byDecibels: Policy.builtIn.duckLevelDB) }

    let server: FakeSoundServer
    let engine: VoxNavEngine
    let running: Task<Void, Never>
    let events: EventLog
    /// Its prompt stream: each prompt plays until `output.drain()`.
    let output: HeldOutput

    static func start(
        _ server: FakeSoundServer = FakeSoundServer(), journal: String? = nil, policy: Policy = .builtIn,
        renderer: any PromptRenderer = InstantRenderer()
    ) async throws -> EngineRig {
        var configuration = EngineConfiguration()
        configuration.policy = policy
        configuration.journalPath = journal
        configuration.sessionBusAddress = nil
        let engine = try await VoxNavEngine(
            configuration: configuration, logger: Logger(label: "test"), server: server, renderer: renderer,
            sampleRate: InstantRenderer.sampleRate, players: nil)
        let events = EventLog(await engine.events)
        let output = try #require(server.promptStream)
        let running = Task { await engine.run() }
        await engine.untilStarted()
        return EngineRig(server: server, engine: engine, running: running, events: events, output: output)
    }

    /// An engine with another program's music playing at 40000, managed.
    static func withMusic(policy: Policy = .builtIn) async throws -> EngineRig {
        let rig = try await start(policy: policy)
        rig.server.play(music, volume: 40000, properties: musicProperties)
        try await rig.waitUntilManaged(music)
        return rig
    }

    /// A clean shutdown, as SIGTERM's.
    func stop() async {
        await engine.shutdown()
        await running.value
    }

    /// Returns once the engine manages the stream at `index` as a source.
    func waitUntilManaged(_ index: UInt32) async throws {
        try await Self.waitFor("sink input \(index) managed") { await engine.manages(.foreign(index)) }
    }

    /// The deadline is generous: the suites without a server run hundreds of tests at once on two
    /// cores beside two other lanes of parts, and CPU-bound property tests can hold both of the
    /// runtime's threads for seconds (a cancelled disconnect was seen returning after more than 5 s).
    /// A wait that never ends still fails, 15 s on.
    static func waitFor(_ what: String, _ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(15)
        while true {
            // Read before looking: a change while the condition is read wakes the wait at once.
            let seen = Changes.shared.generation
            if await condition() { return }
            // The deadline holds however often something changes: changes come from every rig in the
            // process (a lost server's reconnecting, another test's prompts).
            guard ContinuousClock.now < deadline, await Changes.shared.change(after: seen, before: deadline) else { throw Timeout(what: what) }
        }
    }

    struct Timeout: Error, CustomStringConvertible {
        let what: String
        var description: String { "not within 15 s: \(what)" }
    }
}
