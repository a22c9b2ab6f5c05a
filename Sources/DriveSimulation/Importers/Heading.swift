/// A start's heading as `Maneuver.heading` takes it: degrees clockwise from north, 0 ≤ h < 360.
enum Heading {
    /// `degrees` folded into 0 ≤ h < 360 (engines write 360 for north, or −90 for west); nil
    /// when it is not a finite number.
    static func normalized(_ degrees: Double?) -> Double? {
        guard let degrees, degrees.isFinite else { return nil }
        let folded = degrees.truncatingRemainder(dividingBy: 360)
        let heading = folded < 0 ? folded + 360 : folded
        return heading >= 360 ? 0 : heading
    }
}
