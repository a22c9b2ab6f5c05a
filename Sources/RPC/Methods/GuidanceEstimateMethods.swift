import Guidance
import StrictCoding

/// The trip's estimates a guidance engine reports with its progress (`guidance.update`'s `trip`):
/// CarPlay's travel estimates, and the arrival when the engine knows it better than now plus the time.
public struct TripReport: Codable, Sendable, Equatable {
    /// Meters to the destination.
    public var distance: Double
    /// Seconds to the destination.
    public var time: Double
    /// ISO 8601 with the offset of the driver's clock ("2026-11-28T17:42:00-05:00"); absent: now plus `time`.
    public var arrival: String?

    /// The most a trip may have left: 50 000 km and 30 days.
    public static let maximumDistance = 50_000_000.0
    public static let maximumTime = 30 * 86_400.0

    public init(distance: Double, time: Double, arrival: String? = nil) {
        self.distance = distance
        self.time = time
        self.arrival = arrival
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case distance, time, arrival }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(CodingKeys.self, in: decoder, of: "trip")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        distance = try container.decode(Double.self, forKey: .distance)
        time = try container.decode(Double.self, forKey: .time)
        arrival = try container.decodeName(.arrival, limit: InputLimits.tagCharacters)
        guard distance.isFinite, distance >= 0, distance <= Self.maximumDistance else {
            throw DecodingError.dataCorruptedError(forKey: .distance, in: container, debugDescription: "distance must be meters, from 0 to 50000000")
        }
        guard time.isFinite, time >= 0, time <= Self.maximumTime else {
            throw DecodingError.dataCorruptedError(forKey: .time, in: container, debugDescription: "time must be seconds, from 0 to 2592000 (30 days)")
        }
        if let arrival, LocalTime(iso8601: arrival) == nil {
            throw DecodingError.dataCorruptedError(
                forKey: .arrival, in: container,
                debugDescription: "arrival must be an ISO 8601 date and time with the offset of the driver's clock, as 2026-11-28T17:42:00-05:00")
        }
    }

    /// The arrival as given, read.
    public var givenArrival: LocalTime? { arrival.flatMap(LocalTime.init(iso8601:)) }
}

/// The trip's estimates as the daemon holds them: what was reported, with the arrival worked out
/// when the report did not give it.
public struct TripEstimates: Codable, Sendable, Equatable {
    public var distance: Double
    public var time: Double
    /// ISO 8601 with the driver's offset.
    public var arrival: String
    /// True when the arrival was worked out (now plus `time`, in the daemon's time zone), not reported.
    public var arrivalDerived: Bool

    public init(_ estimate: TripEstimate, arrivalDerived: Bool) {
        distance = estimate.distance
        time = estimate.time
        arrival = estimate.arrival.iso8601
        self.arrivalDerived = arrivalDerived
    }
}

/// `guidance.estimates`: the driver asks when they will arrive. The trip's last estimates, moved on
/// to now, are said in the pack's sentence ("You'll arrive at 5:42 PM, in 23 minutes. 14 miles to go").
public enum GuidanceEstimates: RPCMethod {
    public static let name = "guidance.estimates"

    public typealias Params = GuidanceTimeParams

    public struct Result: Codable, Sendable {
        /// True when the sentence was queued.
        public var announced: Bool
        /// The queued prompt's id (its events tell the rest), when announced.
        public var prompt: String?
        /// The words, when there were estimates to say.
        public var text: String?
        /// The estimates said (moved on to the moment asked).
        public var trip: TripEstimates?
        /// Why nothing was said.
        public var reason: String?

        public init(announced: Bool, prompt: String? = nil, text: String? = nil, trip: TripEstimates? = nil, reason: String? = nil) {
            self.announced = announced
            self.prompt = prompt
            self.text = text
            self.trip = trip
            self.reason = reason
        }
    }
}
