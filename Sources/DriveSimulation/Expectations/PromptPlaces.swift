/// Where the vehicle was, against the route's maneuvers, when a prompt was heard.
struct PromptPlaces {
    let kinematics: DriveKinematics
    private let positions: [String: Double]

    init(kinematics: DriveKinematics) {
        self.kinematics = kinematics
        positions = Dictionary(kinematics.route.maneuvers.map { ($0.id, $0.position) }, uniquingKeysWith: { first, _ in first })
    }

    /// Meters from the route's start to the maneuver; nil for an unknown id.
    func position(of maneuver: String) -> Double? { positions[maneuver] }

    /// Meters from the vehicle at `time` to the maneuver (negative once passed); nil for an unknown id.
    func distance(to maneuver: String, at time: Double) -> Double? {
        positions[maneuver].map { $0 - kinematics.position(at: time) }
    }

    /// True when `prompt` was said as the expectation describes it (its text aside).
    func qualifies(_ prompt: PromptRecord, for expectation: PromptExpectation) -> Bool {
        guard prompt.played, let start = prompt.startedAt, expectation.window.contains(start) else { return false }
        if let style = expectation.style, prompt.style != style { return false }
        if let before = expectation.before {
            guard let distance = distance(to: before.maneuver, at: start), distance >= before.distance else { return false }
        }
        return true
    }
}
