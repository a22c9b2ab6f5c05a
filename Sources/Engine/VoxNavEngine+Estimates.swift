import AudioPolicy
import FoundationEssentials
import Glibc
import Guidance
import RPC

extension VoxNavEngine {
    /// Keeps a report's trip estimates, working out the arrival when the report does not give it:
    /// the wall clock at the report plus the time to go, said in the daemon's time zone. A client on
    /// its own clock (a simulation) has its wall clock moved on by its own: its first timed report
    /// anchors one to the other.
    func takeTrip(_ report: TripReport, speed: Double, time: Double?, session: inout GuidanceSession) -> TripEstimates {
        let given = report.givenArrival
        let arrival: LocalTime
        if let given {
            arrival = given
        } else {
            var wall = clock.wallNow()
            if let time {
                let anchor = session.wallAnchor ?? (client: time, wall: wall)
                session.wallAnchor = anchor
                wall = anchor.wall + (time - anchor.client)
            }
            let instant = wall + report.time
            arrival = LocalTime(instant: instant, utcOffset: Self.localUTCOffset(at: instant))
        }
        let estimate = TripEstimate(distance: report.distance, time: report.time, arrival: arrival)
        session.trip = TripState(estimate: estimate, arrivalDerived: given == nil, reportedAt: time ?? now(), receivedAt: now(), speed: speed)
        return TripEstimates(estimate, arrivalDerived: given == nil)
    }

    /// The driver asks when they will arrive: the trip's last estimates, moved on to now at the
    /// speed reported with them, said in the guidance's language ("You'll arrive at 5:42 PM, in 23
    /// minutes. 14 miles to go"). Nothing is said while guidance is paused, or before a report
    /// carried `trip`; either changes nothing. `time` is the client's clock, as in `guidance.update`.
    public func sayEstimates(client: ClientID, time: Double?) async throws -> GuidanceEstimates.Result {
        guard let session = guidance[client] else { throw noGuidance(client) }
        guard serverAvailable else { throw EngineError.serverUnavailable }
        if let paused = session.paused {
            return .init(announced: false, reason: Self.nothingWhilePaused(paused))
        }
        guard let trip = session.trip else {
            return .init(announced: false, reason: "no trip estimates: no guidance.update of this guidance has carried 'trip'")
        }
        let elapsed = time.map { $0 - trip.reportedAt } ?? (now() - trip.receivedAt)
        let estimate = trip.estimate.movedOn(by: elapsed, speed: trip.speed)
        let wordings = session.composer.estimateWordings(estimate)
        let text = wordings[0]
        let said = TripEstimates(estimate, arrivalDerived: trip.arrivalDerived)
        let options = PromptOptions.guidance(session.id, priority: .normal, key: Self.estimatesKey, announces: nil)
        do {
            let request = PromptRequest(content: .textVariants(wordings), language: session.language)
            let (ticket, _) = try await enqueue(request, client: client, options: options)
            return .init(announced: true, prompt: ticket.id.rawValue, text: text, trip: said)
        } catch {
            return .init(announced: false, text: text, trip: said, reason: "not queued: \(error)")
        }
    }

    /// Why a driver's request (a repeat, the estimates) says nothing while guidance is paused.
    static func nothingWhilePaused(_ reason: GuidancePauseReason) -> String {
        "guidance is paused (\(reason.rawValue)): nothing is announced until guidance.resume"
    }

    /// The key of the estimates' prompt: a newer request replaces one still waiting.
    static let estimatesKey = "guidance.estimates"
}

extension VoxNavEngine {
    /// The daemon's own time zone's offset at `instant`, from the C library (`TZ`, else
    /// /etc/localtime): Foundation's `TimeZone.current` needs ICU's zone data to know it.
    static func localUTCOffset(at instant: Double) -> Int {
        // An instant no arrival can be written at has no offset (and time_t(1e19) would trap).
        guard let whole = time_t(exactly: instant.rounded(.down)), LocalTime.writableInstants.contains(instant) else { return 0 }
        var seconds = whole
        var local = tm()
        guard localtime_r(&seconds, &local) != nil else { return 0 }
        return local.tm_gmtoff
    }
}
