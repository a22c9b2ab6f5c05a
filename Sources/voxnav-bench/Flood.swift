import Foundation
import LoadClients

/// One flood round: what the daemon held before, at its peak, and after the clients had gone.
struct FloodRound: Codable {
    var idleKB: Int
    var peakKB: Int
    /// Resident memory `settleSeconds` after the last client closed.
    var afterKB: Int
    var admitted: Int
    var refused: Int
    var seconds: Double
}

/// The third reliability round's flood: `connections` clients each send `requests` pipelined
/// `prompt.speak` at once, then read every reply and close. The daemon's RSS is sampled every 20 ms
/// throughout, and read again `settleSeconds` after the clients have gone.
func runFlood(socket: String, daemonPID: pid_t, connections: Int, requests: Int, round: Int, settleSeconds: Double) throws -> FloodRound {
    let idle = procRSSkB(daemonPID)
    let peak = Locked(idle)
    let sampling = Locked(true)
    let sampler = Thread {
        while sampling.with({ $0 }) {
            let now = procRSSkB(daemonPID)
            peak.with { $0 = max($0, now) }
            usleep(20_000)
        }
    }
    sampler.start()
    let started = monotonicNow()
    let (admitted, refused) = try PipelinedFlood(connections: connections, requests: requests).run(socket: socket, round: round)
    let seconds = monotonicNow() - started
    usleep(useconds_t(settleSeconds * 1_000_000))
    sampling.with { $0 = false }
    return FloodRound(
        idleKB: idle, peakKB: peak.with { $0 }, afterKB: procRSSkB(daemonPID), admitted: admitted, refused: refused, seconds: seconds)
}
