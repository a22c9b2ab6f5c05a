import FoundationEssentials
import Logging
import MPRIS
import RPC

/// The interruptions of other programs' streams that go through their MPRIS players: which player
/// plays a stream (`PlayerMatch` over the session bus's players), pausing it and playing it again
/// only if the user left it as VoxNav did (`ResumeDecision`). Without a session bus, or where no
/// player matches, the caller mutes instead.
package actor ForeignPlayers {
    package struct Paused: Sendable {
        package var player: MPRISPlayer
        /// Where it paused, if it tells its position.
        package var at: Double?
        /// False when it was paused already: it is not VoxNav's to play again.
        package var byVoxNav = true
        /// When VoxNav paused it (seconds since 1970).
        package var time = Date().timeIntervalSince1970
    }

    /// What happened, with the player and why, for the events and the state.
    package struct Handled: Sendable {
        package var handling: ForeignHandling
        package var player: String?
        package var reason: String?
    }

    private let players: MPRISPlayers?
    private let logger: Logger
    /// The streams whose players VoxNav paused, by sink input.
    package private(set) var paused: [UInt32: Paused] = [:]
    /// Whether the lack of a bus was logged (once, not at every prompt).
    private var toldNoBus = false

    package init(players: MPRISPlayers?, logger: Logger) {
        self.players = players
        self.logger = logger
    }

    /// Pauses the player of a stream, if it plays it and is playing. `.muted` means: no player
    /// could, mute it instead.
    package func pause(sinkInput index: UInt32, properties: [String: String]) async -> Handled {
        guard let players else { return Handled(handling: .muted, reason: "pausing players is off") }
        do throws(BusError) {
            guard let player = PlayerMatch.player(forStream: properties, among: try await players.players()) else {
                return Handled(handling: .muted, reason: "no MPRIS player plays it")
            }
            guard try await players.status(of: player) == .playing else {
                paused[index] = Paused(player: player, at: nil, byVoxNav: false)
                return Handled(handling: .alreadyPaused, player: player.busName)
            }
            try await players.pause(player)
            let at = try await players.position(of: player)
            paused[index] = Paused(player: player, at: at)
            return Handled(handling: .paused, player: player.busName)
        } catch {
            return noPlayer(error)
        }
    }

    /// Plays again the player VoxNav paused for the stream, unless the user took it over meanwhile
    /// or `shouldResume` is false. Nil: VoxNav paused no player for it (it was muted, if anything).
    package func resume(sinkInput index: UInt32, shouldResume: Bool) async -> Handled? {
        guard let entry = paused.removeValue(forKey: index), let players else { return nil }
        let name = entry.player.busName
        guard entry.byVoxNav else { return Handled(handling: .leftPaused, player: name, reason: "it was paused before the prompt") }
        guard shouldResume else { return Handled(handling: .leftPaused, player: name, reason: "the policy does not resume it") }
        do throws(BusError) {
            let status = try await players.status(of: entry.player)
            let position = try await players.position(of: entry.player)
            switch ResumeDecision.decide(pausedAt: entry.at, status: status, position: position) {
            case .play:
                try await players.play(entry.player)
                return Handled(handling: .resumed, player: name)
            case .leftToUser(let why):
                return Handled(handling: .leftPaused, player: name, reason: why)
            }
        } catch  where error.isGone {
            return Handled(handling: .playerGone, player: name, reason: "the player quit during the prompt")
        } catch {
            logger.warning("a paused player could not be played again", metadata: ["player": "\(name)", "error": "\(error)"])
            return Handled(handling: .leftPaused, player: name, reason: "\(error)")
        }
    }

    /// The players VoxNav holds paused itself, for the journal file.
    package var records: [PausedPlayerRecord] {
        paused.keys.sorted().compactMap { index in
            paused[index].flatMap {
                $0.byVoxNav ? PausedPlayerRecord(busName: $0.player.busName, at: $0.at, time: $0.time, processID: $0.player.processID) : nil
            }
        }
    }

    /// Plays again the players a killed daemon left paused (its journal's `records`), each only if
    /// it is still on the bus and as VoxNav left it (`ResumeDecision`). Returns, per player, what
    /// was done and why.
    package func resumeLeft(_ records: [PausedPlayerRecord]) async -> [(busName: String, outcome: String)] {
        guard let players, !records.isEmpty else { return [] }
        let onBus: [MPRISPlayer]
        do throws(BusError) {
            onBus = try await players.players()
        } catch {
            return records.map { ($0.busName, "not played again: \(error)") }
        }
        var outcomes: [(busName: String, outcome: String)] = []
        let now = Date().timeIntervalSince1970
        for record in records {
            guard let player = onBus.first(where: { $0.busName == record.busName }) else {
                outcomes.append((record.busName, "not played again: it is no longer on the bus"))
                continue
            }
            if let refusal = record.replayRefusal(now: now, player: player) {
                outcomes.append((record.busName, "not played again: \(refusal)"))
                continue
            }
            do throws(BusError) {
                let status = try await players.status(of: player)
                let position = try await players.position(of: player)
                switch ResumeDecision.decide(pausedAt: record.at, status: status, position: position) {
                case .play:
                    try await players.play(player)
                    outcomes.append((record.busName, "played again"))
                case .leftToUser(let why):
                    outcomes.append((record.busName, "left to the user: \(why)"))
                }
            } catch {
                outcomes.append((record.busName, "not played again: \(error)"))
            }
        }
        return outcomes
    }

    /// The stream is gone: nothing of it is to be resumed.
    package func forget(_ index: UInt32) { paused[index] = nil }

    /// Every stream's player is forgotten (the sound server went away: its sink input numbers mean nothing now).
    package func forgetAll() { paused = [:] }

    private func noPlayer(_ error: BusError) -> Handled {
        if case .noBus = error {
            if !toldNoBus {
                logger.notice("no session bus: other programs' spoken audio is muted, not paused", metadata: ["why": "\(error)"])
                toldNoBus = true
            }
        } else {
            logger.info("a player could not be paused: its stream is muted instead", metadata: ["error": "\(error)"])
        }
        return Handled(handling: .muted, reason: "\(error)")
    }
}
