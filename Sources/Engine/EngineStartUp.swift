import AudioPolicy
import Logging
import PulseAudio
import SourceFocus

/// What the engine's `run()` does first, found when the engine is made: what a previous daemon left
/// in the journal (the streams it left ducked or muted are undone at once), and the streams already
/// playing with the subscription that follows them from then.
struct EngineStartUp: Sendable {
    /// Other programs' streams playing at init, and the subscription that follows them from then.
    struct ForeignStreams: Sendable {
        let playing: [UInt32]
        let events: AsyncStream<SinkInputEvent>
    }

    /// The simulated sources a killed daemon ran, in their order.
    let sources: [SimulatedSourceRecord]
    /// The players a killed daemon left paused.
    let players: [PausedPlayerRecord]
    let foreign: ForeignStreams?

    /// Takes over the journal a previous daemon left and subscribes to other programs' streams
    /// where the engine manages them.
    static func find(focus: FocusExecutor, server: any AudioServer, configuration: EngineConfiguration, logger: Logger) async throws
        -> EngineStartUp
    {
        let left = await takeOverJournal(focus, path: configuration.journalPath ?? "", logger: logger)
        var foreign: ForeignStreams?
        if configuration.manageForeignStreams {
            do {
                let events = try await server.sinkInputEvents()
                foreign = .init(playing: try await server.sinkInputs().map(\.index), events: events)
            } catch {
                throw EngineError.audio("\(error)")
            }
        }
        return EngineStartUp(sources: left?.sources ?? [], players: left?.players ?? [], foreign: foreign)
    }

    /// The start-up, in the engine's turn: the players and sources a previous daemon left, the
    /// streams already playing, the watchers of the server and of other programs' streams, the
    /// sources' journal.
    func begin(on engine: isolated VoxNavEngine) async {
        if !players.isEmpty {
            // Beside serving, not before it: each player costs up to three D-Bus calls of 500 ms.
            engine.spawnChild(counted: false) { [focus = engine.focus, players] in await focus.resumeLeftPlayers(players) }
        }
        if let foreign {
            for index in foreign.playing { await engine.sourceDesk.foreignStreamAppeared(index, on: engine) }
            engine.spawnChild(counted: false) { [weak engine] in
                for await event in foreign.events {
                    guard let engine else { return }
                    await engine.turn { engine in await engine.sourceDesk.foreignStreamChanged(event, on: engine) }
                }
            }
        }
        engine.supervisor.watch(on: engine)
        await engine.sourceDesk.startAgain(sources, on: engine)
        engine.sourceDesk.keepJournal(on: engine)
    }

    /// What a previous daemon killed mid-prompt left: the streams it left ducked or muted are
    /// undone now; its simulated sources, which died with it, and the players it paused are returned
    /// to start again.
    private static func takeOverJournal(_ focus: FocusExecutor, path: String, logger: Logger) async -> JournalFile.Contents? {
        var left: JournalFile.Contents?
        let (found, movedTo) = await focus.takeOver()
        switch found {
        case .none: break
        case .journal(let contents, let problems):
            left = contents
            for problem in problems {
                logger.warning("left out of the journal a previous daemon left", metadata: ["path": "\(path)", "problem": "\(problem)"])
            }
        case .refused(let why):
            logger.warning(
                "ignored the journal a previous daemon would have left: it is not to be trusted",
                metadata: ["path": "\(path)", "why": "\(why)"])
        }
        if let movedTo { logger.warning("moved the journal aside", metadata: ["path": "\(path)", "to": "\(movedTo)"]) }
        if let left, !left.ducks.isEmpty {
            logger.notice("undoing what a previous daemon left ducked or muted", metadata: ["sinkInputs": "\(left.ducks.streams.keys.sorted())"])
            await focus.undo(left.ducks)
        }
        return left
    }

}
