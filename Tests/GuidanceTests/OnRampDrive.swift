/// A car on an on-ramp at `slow` (m/s) until `start` meters along the route, then speeding up at
/// `acceleration` (m/s²) to `fast` and holding it: where it is and how fast it goes at a time, and
/// when it gets to a position. The drive of the tests of a fork just after an on-ramp.
struct OnRampDrive {
    let slow: Double
    let fast: Double
    let start: Double
    var acceleration = 2.0

    private var speeding: Double { (fast - slow) / acceleration }
    private var rampEnd: Double { start + (slow + fast) / 2 * speeding }

    func state(at time: Double) -> (position: Double, speed: Double) {
        let reach = start / slow
        if time <= reach { return (slow * time, slow) }
        let t = min(time - reach, speeding)
        let position = start + slow * t + acceleration * t * t / 2
        return (position + fast * (time - reach - t), slow + acceleration * t)
    }

    func time(at position: Double) -> Double {
        let reach = start / slow
        if position <= start { return position / slow }
        if position <= rampEnd {
            return reach + (-slow + (slow * slow + 2 * acceleration * (position - start)).squareRoot()) / acceleration
        }
        return reach + speeding + (position - rampEnd) / fast
    }
}
