import AudioPolicy
import CarAudio
import EngineTime
import SourceFocus

/// The simulated sources in the journal file, so that the next daemon starts them again where they
/// were (a SIGKILL gives no warning), and started again from it.
extension SourceDesk {
    /// How often the simulated sources' places are journalled: a podcast started again after a
    /// SIGKILL or a sound server restart resumes within about this much of where it was.
    static let journalInterval = Duration.milliseconds(250)

    /// Journals the simulated sources every `journalInterval`, in a child of `run()` until it ends.
    func keepJournal(on engine: isolated VoxNavEngine) {
        engine.spawnChild(counted: false) { [weak engine] in
            while !Task.isCancelled {
                try? await Task.sleep(for: SourceDesk.journalInterval)
                guard let engine else { return }
                await engine.turn { engine in await engine.sourceDesk.journal(on: engine) }
            }
        }
    }

    /// Notes the simulated sources (kind, activity, place), in the order they were started, in memory
    /// and in the journal file. Chimes play once and are not started again.
    func journal(on engine: isolated VoxNavEngine) async {
        // While the server is away the streams are dead and their places unknown: the last ones stand.
        guard engine.supervisor.available, !engine.shuttingDown else { return }
        await engine.focus.save(sources: registry.journal())
    }

    /// Starts again, in their order, the simulated sources a killed daemon ran, the podcast where it was.
    func startAgain(_ records: [SimulatedSourceRecord], on engine: isolated VoxNavEngine) async {
        for record in records {
            do {
                _ = try await start(record.kind, activity: record.activity, at: record.position, duration: nil, on: engine)
                engine.logger.notice(
                    "started again a source a previous daemon ran",
                    metadata: [
                        "kind": "\(record.kind.rawValue)",
                        "position": "\(record.position.map { "\($0) s" } ?? "live")",
                    ])
            } catch {
                engine.logger.warning(
                    "could not start again a source a previous daemon ran", metadata: ["kind": "\(record.kind.rawValue)", "error": "\(error)"])
            }
        }
    }
}
