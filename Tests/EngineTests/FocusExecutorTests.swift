import AudioPolicy
import Foundation
import Logging
import PulseAudio
import Synchronization
import Testing

@testable import Engine
@testable import SourceFocus

/// The engine's ducks, restores, mutes and journal on an in-memory sound server (`FakeSoundServer`):
/// the logic of `FocusExecutor` without a sound server, in milliseconds. What only a real server
/// shows (ramps heard on `car.monitor`, a desktop server's own saves, PipeWire's late set-up) stays
/// in the real-server suites.
@Suite struct FocusExecutorTests {
    static let music = SourceID.foreign(7)
    static let radio = SourceID.foreign(9)
    static let sources: [SourceID: SourceHandle] = [
        music: .foreign(sinkInput: 7, kind: .music, name: "Music player"),
        radio: .foreign(sinkInput: 9, kind: .fmRadio, name: "Radio"),
    ]
    static let musicProperties = ["media.role": "music", "application.name": "Music player"]
    static let radioProperties = ["media.role": "music", "application.name": "Radio", "module-stream-restore.id": "sink-input-by-application-name:Radio"]

    static func executor(_ server: FakeSoundServer, journal: String? = nil) -> FocusExecutor {
        FocusExecutor(
            connection: server, logger: Logger(label: "test"), journalFile: journal.map(JournalFile.init(path:)), deepestDuckDB: -40,
            players: nil, tell: { _ in }, rampsTakeTime: false, memorySettle: [])
    }

    /// A journal file's path in a directory of its own.
    static func journalPath() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-focus-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("journal.json").path
    }

    static func duck(_ id: SourceID, _ dB: Double) -> FocusEvent { .ducked(.source(id), dB: dB, ramp: 0.3) }
    static func restore(_ id: SourceID) -> FocusEvent { .restored(.source(id), ramp: 0.3) }
    /// `id` wanted ducked by `dB`, every other source at its own level.
    static func ducked(_ id: SourceID, _ dB: Double) -> [SourceID: SourceLevel] {
        sources.keys.reduce(into: [:]) { $0[$1] = $1 == id ? .ducked(dB: dB, ramp: 0.3) : .own(ramp: 0.3) }
    }
    /// Every source wanted at its own level.
    static let own: [SourceID: SourceLevel] = sources.keys.reduce(into: [:]) { $0[$1] = .own(ramp: 0.3) }

    /// Ducked to its own volume lowered by the policy's dB, and restored to exactly its own volume,
    /// the journal empty again.
    @Test(arguments: [-6.0, -12.0, -30.0])
    func aDuckIsRestoredToExactlyTheStreamsOwnVolume(_ dB: Double) async {
        let server = FakeSoundServer()
        server.play(7, volume: 40000, properties: Self.musicProperties)
        let focus = Self.executor(server)
        let effects = await focus.apply(Self.ducked(Self.music, dB), [Self.duck(Self.music, dB)], sources: Self.sources)
        let expected = ChannelVolumes([40000, 40000]).scaled(byDecibels: dB)
        #expect(server.volume(of: 7) == expected.values)
        #expect(effects.ducked.first?.to == expected.values && effects.ducked.first?.from == [40000, 40000])
        _ = await focus.apply(Self.own, [Self.restore(Self.music)], sources: Self.sources)
        #expect(server.volume(of: 7) == [40000, 40000])
        #expect(await focus.journal.streams.isEmpty)
    }

    /// A restore and a new duck of the same stream in one batch (a prompt session deactivated and
    /// activated again in one input: its linger ran out as its next prompt came) leave it as the
    /// level wanted says: ducked and journalled, and a level already held is not set again; a duck
    /// then a restore leave it at its own level with nothing journalled.
    @Test func aRestoreAndADuckInOneBatchEndAsTheLevelWantedSays() async {
        let server = FakeSoundServer()
        server.play(9, volume: 40000, properties: Self.radioProperties)
        let focus = Self.executor(server)
        _ = await focus.apply(Self.ducked(Self.radio, -15), [Self.duck(Self.radio, -15)], sources: Self.sources)
        let ducked = ChannelVolumes([40000, 40000]).scaled(byDecibels: -15).values
        let sets = server.volumeSets.count
        _ = await focus.apply(Self.ducked(Self.radio, -15), [Self.restore(Self.radio), Self.duck(Self.radio, -15)], sources: Self.sources)
        #expect(server.volume(of: 9) == ducked)
        #expect(server.volumeSets.count == sets, "a level held is not set again")
        #expect(await focus.journal.streams[9] != nil, "the duck is journalled, for a kill to be undone")
        _ = await focus.apply(Self.own, [Self.restore(Self.radio)], sources: Self.sources)
        #expect(server.volume(of: 9) == [40000, 40000])
        _ = await focus.apply(Self.own, [Self.duck(Self.radio, -15), Self.restore(Self.radio)], sources: Self.sources)
        #expect(server.volume(of: 9) == [40000, 40000])
        #expect(await focus.journal.streams.isEmpty)
    }

    /// A duck made deeper (a prompt that must stand out of its bed) and back is measured from the
    /// stream's own volume each time, and the restore takes it back to exactly that; only the
    /// policy's own level events are told, not the moves the reconciliation made for a level alone.
    @Test func aDeeperDuckIsALevelLikeAnyOther() async {
        let server = FakeSoundServer()
        server.play(7, volume: 40000, properties: Self.musicProperties)
        let focus = Self.executor(server)
        let told = Told()
        let own = ChannelVolumes([40000, 40000])
        _ = await focus.apply(Self.ducked(Self.music, -15), [Self.duck(Self.music, -15)], sources: Self.sources)
        _ = await focus.reconcile(Self.ducked(Self.music, -21), events: [], sources: Self.sources) { told.add($0) }
        #expect(server.volume(of: 7) == own.scaled(byDecibels: -21).values)
        #expect(told.events.isEmpty)
        _ = await focus.apply(Self.ducked(Self.music, -15), sources: Self.sources)
        #expect(server.volume(of: 7) == own.scaled(byDecibels: -15).values)
        _ = await focus.reconcile(Self.own, events: [Self.restore(Self.music)], sources: Self.sources) { told.add($0) }
        #expect(server.volume(of: 7) == own.values)
        #expect(told.events == [Self.restore(Self.music)])
    }

    /// Another program's stream is not ducked while the journal cannot be written, and the
    /// reconciliation says it is behind; the next one made once the journal can be written ducks it
    /// with no new event of the policy's, and tells that duck, as the policy decided it earlier.
    @Test func aDuckLeftUndoneIsMadeAndToldByTheNextReconciliation() async throws {
        let path = try Self.journalPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try FileManager.default.createDirectory(atPath: path + "/occupied", withIntermediateDirectories: true)
        let server = FakeSoundServer()
        server.play(7, volume: 40000, properties: Self.musicProperties)
        let focus = Self.executor(server, journal: path)
        let told = Told()
        let left = await focus.reconcile(Self.ducked(Self.music, -12), events: [Self.duck(Self.music, -12)], sources: Self.sources) {
            told.add($0)
        }
        #expect(server.volume(of: 7) == [40000, 40000] && left.behind && told.events.isEmpty)
        try FileManager.default.removeItem(atPath: path)
        let made = await focus.reconcile(Self.ducked(Self.music, -12), events: [], sources: Self.sources) { told.add($0) }
        #expect(server.volume(of: 7) == ChannelVolumes([40000, 40000]).scaled(byDecibels: -12).values)
        #expect(!made.behind && told.events == [Self.duck(Self.music, -12)])
    }

    /// Ducks that overlap (a second prompt's duck before the first is restored) are measured from the
    /// stream's own volume, not from the level the first left: no ratchet.
    @Test func overlappingDucksDoNotRatchet() async {
        let server = FakeSoundServer()
        server.play(7, volume: 40000, properties: Self.musicProperties)
        let focus = Self.executor(server)
        for _ in 0..<5 { _ = await focus.apply(Self.ducked(Self.music, -12), [Self.duck(Self.music, -12)], sources: Self.sources) }
        #expect(server.volume(of: 7) == ChannelVolumes([40000, 40000]).scaled(byDecibels: -12).values)
        _ = await focus.apply(Self.own, [Self.restore(Self.music)], sources: Self.sources)
        #expect(server.volume(of: 7) == [40000, 40000])
    }

    /// A level the user sets during a duck is theirs: the restore leaves it.
    @Test func aUsersChangeDuringADuckIsKept() async {
        let server = FakeSoundServer()
        server.play(7, volume: 40000, properties: Self.musicProperties)
        let focus = Self.executor(server)
        _ = await focus.apply(Self.ducked(Self.music, -12), [Self.duck(Self.music, -12)], sources: Self.sources)
        server.userSets(7, to: 52000)
        let sets = server.volumeSets.count
        _ = await focus.apply(Self.own, [Self.restore(Self.music)], sources: Self.sources)
        #expect(server.volume(of: 7) == [52000, 52000])
        #expect(server.volumeSets.count == sets, "nothing set over the user's level")
        #expect(await focus.journal.streams.isEmpty)
    }

    /// An interruption mutes another program's stream (no player to pause it), and its end unmutes it.
    @Test func anInterruptedStreamIsMutedAndUnmuted() async {
        let server = FakeSoundServer()
        server.play(7, volume: 40000, properties: Self.musicProperties)
        let focus = Self.executor(server)
        let began = await focus.apply(Self.own, [.interruptionBegan(.source(Self.music))], sources: Self.sources)
        #expect(server.muted(7) == true && began.paused == [.music])
        _ = await focus.apply(Self.own, [.interruptionEnded(.source(Self.music), shouldResume: true)], sources: Self.sources)
        #expect(server.muted(7) == false && server.volume(of: 7) == [40000, 40000])
    }

    /// A daemon killed while two streams are held (one ducked, one muted) leaves its journal; the next
    /// one's executor takes it over and puts both back, each exactly.
    @Test func theJournalAKilledDaemonLeftIsUndoneByTheNext() async throws {
        let path = try Self.journalPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let server = FakeSoundServer()
        server.play(7, volume: 40000, properties: Self.musicProperties)
        server.play(9, volume: 30000, properties: Self.radioProperties)
        do {
            let killed = Self.executor(server, journal: path)
            _ = await killed.apply(Self.ducked(Self.music, -12), [Self.duck(Self.music, -12), .interruptionBegan(.source(Self.radio))], sources: Self.sources)
            #expect(server.volume(of: 7) != [40000, 40000] && server.muted(9) == true)
            // Killed here: nothing more runs.
        }
        let next = Self.executor(server, journal: path)
        let (found, movedTo) = await next.takeOver()
        #expect(movedTo == nil)
        guard case .journal(let contents, let problems) = found else {
            Issue.record("no journal found: \(found)")
            return
        }
        #expect(problems.isEmpty)
        await next.undo(contents.ducks)
        #expect(server.volume(of: 7) == [40000, 40000])
        #expect(server.muted(9) == false && server.volume(of: 9) == [30000, 30000])
    }

    /// The server given up (a shutdown out of time): the restores fail, and the journal file keeps
    /// the duck, which the next daemon restores.
    @Test func aServerGivenUpLeavesTheJournalAsItWas() async throws {
        let path = try Self.journalPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let server = FakeSoundServer()
        server.play(7, volume: 40000, properties: Self.musicProperties)
        let focus = Self.executor(server, journal: path)
        _ = await focus.apply(Self.ducked(Self.music, -12), [Self.duck(Self.music, -12)], sources: Self.sources)
        server.abandon()
        _ = await focus.apply(Self.own, [Self.restore(Self.music)], sources: Self.sources)
        await focus.undoAll()
        guard case .journal(let contents, _) = JournalFile(path: path).load() else {
            Issue.record("the journal file is gone")
            return
        }
        #expect(contents.ducks.streams[7] != nil, "the duck left undone is still journalled")
    }

    /// A server given up is written nothing more about what it remembers, and a flush does not wait
    /// for writes that would settle over the next 300 ms (a shutdown out of time took 0.6 s on a
    /// desktop server for them).
    @Test func aServerGivenUpIsNotWaitedForByTheMemoryKeeper() async {
        let server = FakeSoundServer(remembers: true)
        let group = "sink-input-by-application-name:Radio"
        let keeper = ServerMemoryKeeper(connection: server, logger: Logger(label: "test"), settle: [.milliseconds(300), .seconds(30)])
        let before = RememberedStream(name: group, channelMap: [1, 2], volume: ChannelVolumes([30000, 30000]), muted: false)
        await withDiscardingTaskGroup { group in
            group.addTask { await keeper.run() }
            await keeper.keep([before])
            server.abandon()
            await keeper.keep([RememberedStream(name: before.name, channelMap: [1, 2], volume: ChannelVolumes([9000, 9000]), muted: false)])
            let began = ContinuousClock.now
            await keeper.flush()
            #expect(ContinuousClock.now - began < .seconds(1), "the flush waited for the settled writes of a server given up")
            keeper.finish()
        }
        #expect(server.memory(of: group) == before, "a server given up was written to")
    }

    /// Where the server remembers stream volumes (a desktop server), a duck is not what it keeps:
    /// the group's entry is written back to what it was before the duck, and after the restore.
    @Test func aDesktopServersMemoryIsHeldAtThePreDuckVolume() async {
        let server = FakeSoundServer(remembers: true)
        server.play(9, volume: 30000, properties: Self.radioProperties)
        let group = "sink-input-by-application-name:Radio"
        let focus = Self.executor(server)
        _ = await focus.apply(Self.ducked(Self.radio, -12), [Self.duck(Self.radio, -12)], sources: Self.sources)
        #expect(server.volume(of: 9) != [30000, 30000])
        #expect(server.memory(of: group)?.volume == ChannelVolumes([30000, 30000]), "\(String(describing: server.memory(of: group)))")
        _ = await focus.apply(Self.own, [Self.restore(Self.radio)], sources: Self.sources)
        #expect(server.memory(of: group)?.volume == ChannelVolumes([30000, 30000]))
    }

    /// A player that starts its stream again while a prompt plays: its old stream goes (the engine
    /// lets it go and writes the group's memory back), and its new one comes in at the duck the
    /// server saved, before it has that write. The new stream's own volume is the group's, not the
    /// duck: it is ducked once, restored to its own, and the server is left remembering that. As
    /// PulseAudio (the group's memory read from the server) and as pipewire-pulse (read from the
    /// stream as it is, which is the duck here).
    @Test(arguments: ["fake sound server", "PulseAudio (on PipeWire 0.3.65)"])
    func aStreamStartedAgainAtTheDuckOfOneLetGoIsDuckedOnceFromItsOwn(serverName: String) async {
        let server = FakeSoundServer(remembers: true, name: serverName)
        let group = "sink-input-by-media-role:music"
        let own = ChannelVolumes([40000, 40000])
        server.play(7, volume: 40000, properties: Self.musicProperties)
        let focus = Self.executor(server)
        _ = await focus.apply(Self.ducked(Self.music, -15), [Self.duck(Self.music, -15)], sources: Self.sources)
        let duck = own.scaled(byDecibels: -15)
        #expect(server.volume(of: 7) == duck.values)

        server.stop(7)
        await focus.streamGone(7)
        #expect(await focus.journal.streams.isEmpty)
        server.play(8, volume: duck.values[0], properties: Self.musicProperties)
        let again = SourceID.foreign(8)
        let sources: [SourceID: SourceHandle] = [again: .foreign(sinkInput: 8, kind: .music, name: "Music player")]
        _ = await focus.apply([again: .ducked(dB: -15, ramp: 0.3)], [Self.duck(again, -15)], sources: sources)
        #expect(server.volume(of: 8) == duck.values, "ducked from the duck it came in at, not once from its own")
        #expect(await focus.journal.streams[8]?.original == own)
        #expect(server.memory(of: group)?.volume == own)
        _ = await focus.apply([again: .own(ramp: 0.3)], [Self.restore(again)], sources: sources)
        #expect(server.volume(of: 8) == own.values)
        #expect(server.memory(of: group)?.volume == own, "the server keeps the player's own volume")
    }
}

/// The events a reconciliation told as carried out.
final class Told: Sendable {
    private let told = Mutex<[FocusEvent]>([])
    func add(_ events: [FocusEvent]) { told.withLock { $0 += events } }
    var events: [FocusEvent] { told.withLock { $0 } }
}

extension FocusExecutor {
    /// One reconciliation as the engine's lane makes it: the streams made as `levels` say, the
    /// policy's `events` beside, then its ramps settled and the server's memory written.
    func apply(_ levels: [SourceID: SourceLevel], _ events: [FocusEvent] = [], sources: [SourceID: SourceHandle]) async -> Effects {
        let effects = await reconcile(levels, events: events, sources: sources)
        await settle()
        return effects
    }
}
