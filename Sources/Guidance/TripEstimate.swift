/// What a guidance engine estimates of the rest of the trip (CarPlay's travel estimates): the
/// distance and the time to go, and the arrival on the driver's clock.
public struct TripEstimate: Sendable, Hashable {
    /// Meters to the destination.
    public var distance: Double
    /// Seconds to the destination.
    public var time: Double
    /// When the vehicle arrives, on the driver's clock.
    public var arrival: LocalTime

    public init(distance: Double, time: Double, arrival: LocalTime) {
        self.distance = distance
        self.time = time
        self.arrival = arrival
    }

    /// The estimate `elapsed` seconds later at `speed` m/s: the distance and time moved on, the
    /// arrival as it was (nothing has been learnt that changes it).
    public func movedOn(by elapsed: Double, speed: Double) -> TripEstimate {
        let elapsed = max(0, elapsed)
        return TripEstimate(distance: max(0, distance - speed * elapsed), time: max(0, time - elapsed), arrival: arrival)
    }
}
