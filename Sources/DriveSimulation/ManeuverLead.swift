/// How far ahead of its maneuver a guidance prompt was heard, at its first sample (the first word,
/// after any pre-roll) and at its last: what tells whether the driver heard the instruction in time
/// to act on it.
public struct ManeuverLead: Codable, Sendable, Equatable {
    public struct Gap: Codable, Sendable, Equatable {
        /// Meters still to go to the maneuver (negative once passed).
        public var meters: Double
        /// Seconds until the vehicle reaches it (negative once passed); nil when the drive ends first.
        public var seconds: Double?
    }

    public var firstSample: Gap
    public var lastSample: Gap
}

extension TimelineReport {
    /// The report with each guidance prompt that sounded placed against its maneuver on the drive
    /// (`lead`), and the summary's final-instruction figures filled in.
    public func placed(on kinematics: DriveKinematics) -> TimelineReport {
        let places = PromptPlaces(kinematics: kinematics)
        var placed = self
        for index in placed.prompts.indices {
            let prompt = placed.prompts[index]
            guard prompt.sounded, let id = prompt.maneuver, let position = places.position(of: id), let heard = prompt.audioInterval else { continue }
            let reached = kinematics.time(atPosition: position)
            func gap(at time: Double) -> ManeuverLead.Gap {
                .init(meters: position - kinematics.position(at: time), seconds: reached.map { $0 - time })
            }
            placed.prompts[index].lead = ManeuverLead(firstSample: gap(at: heard.start + (prompt.preRoll ?? 0)), lastSample: gap(at: heard.end))
        }
        // The departure is said where the vehicle already is: there is nothing ahead to act on.
        let departures = Set(kinematics.route.maneuvers.filter { $0.maneuver.type.family == .starts }.map(\.id))
        let finals = placed.prompts.filter { $0.isFinalInstruction && !departures.contains($0.maneuver ?? "") }
        let after = finals.compactMap { $0.lead?.lastSample.seconds }.sorted()
        placed.summary.finalInstructions = finals.count
        placed.summary.minTimeAfterLastWord = after.first
        placed.summary.medianTimeAfterLastWord = TimelineSummary.median(after)
        return placed
    }
}
