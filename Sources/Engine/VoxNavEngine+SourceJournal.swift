import AudioPolicy
import CarAudio
import EngineTime
import SourceFocus

extension VoxNavEngine {
    /// How often the simulated sources' places are journalled: a podcast started again after a
    /// SIGKILL or a sound server restart resumes within about this much of where it was.
    static let sourceJournalInterval = Duration.milliseconds(250)

    /// Journals the simulated sources now and then (a SIGKILL gives no warning), until `run()` ends.
    func keepSourceJournal() {
        spawnChild(counted: false) { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: VoxNavEngine.sourceJournalInterval)
                guard let self else { return }
                await self.journalSources()
            }
        }
    }

    /// Notes the simulated sources (kind, activity, place), in the order they were started, in memory
    /// and in the journal file. Chimes play once and are not started again.
    func journalSources() async {
        // While the server is away the streams are dead and their places unknown: the last ones stand.
        guard serverAvailable, !shuttingDown else { return }
        await focus.save(sources: sources.journal())
    }

    /// Starts again, in their order, the simulated sources a killed daemon ran, the podcast where it was.
    func startAgain(_ records: [SimulatedSourceRecord]) async {
        for record in records {
            do {
                _ = try await startSource(record.kind, activity: record.activity, at: record.position)
                logger.notice(
                    "started again a source a previous daemon ran",
                    metadata: [
                        "kind": "\(record.kind.rawValue)",
                        "position": "\(record.position.map { "\($0) s" } ?? "live")",
                    ])
            } catch {
                logger.warning("could not start again a source a previous daemon ran", metadata: ["kind": "\(record.kind.rawValue)", "error": "\(error)"])
            }
        }
    }
}
