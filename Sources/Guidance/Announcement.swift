/// A decision to speak one prompt now.
public struct Announcement: Codable, Sendable, Equatable {
    public var maneuverID: String
    /// continue ("continue for 5 km"), initial, prepare or execute ("turn right now").
    public var state: ManeuverState
    /// The state whose words say it: `state`, except a final instruction that starts more than
    /// `Announcer.nowWithin` seconds before its maneuver (a motorway exit's, 300 m ahead): `prepare`,
    /// so that where its words would say "now" they say the distance instead ("in 400 meters, take
    /// exit 14"); "now" said 20 s early misleads. `PhraseComposer.wordingState` applies it.
    public var wording: ManeuverState
    /// Meters to the maneuver at the predicted moment the prompt is heard (latency-compensated).
    public var distance: Double
    /// A maneuver close behind this one, to be spoken as "…, then turn left".
    public var chainedManeuverID: String?
    /// The chained maneuvers (ids) no prompt before this one named: this is their first mention,
    /// which its words keep over other detail when they must shed (`Maneuver.isFirstMention`).
    public var firstMentions: Set<String> = []
    /// Meters between this maneuver and the chained one.
    public var chainedSpacing: Double?
    /// A third maneuver close behind the chained one, said after it: "…, then keep left, then keep
    /// right" (nil unless `chainedManeuverID` is set).
    public var secondChainedManeuverID: String?
    /// The update time at which the decision was made.
    public var issuedAt: Double
    /// When the audio is expected to start (issuedAt + output latency).
    public var expectedStart: Double
    /// Seconds the announcer reserves for the prompt; the next one starts no earlier than
    /// expectedStart + estimatedDuration + the configured gap.
    public var estimatedDuration: Double
    /// Seconds to the maneuver at the heard moment at current speed; nil when stopped.
    public var timeToGo: Double?
    /// A final instruction that cannot start earlier and whose words would end less than the
    /// reaction time before its maneuver: the most seconds its words may speak. The speaker sheds
    /// detail in the fitting order (lanes, the chained maneuvers, the signpost, the road name; a
    /// chained maneuver's first mention, `firstMentions`, after the signpost and the road name) until
    /// they fit, or says the plainest. Nil: no limit but the policy's.
    public var wordBudget: Double?

    public init(
        maneuverID: String, state: ManeuverState, distance: Double, chainedManeuverID: String? = nil,
        chainedSpacing: Double? = nil, issuedAt: Double, expectedStart: Double, estimatedDuration: Double,
        timeToGo: Double? = nil, wording: ManeuverState? = nil, secondChainedManeuverID: String? = nil
    ) {
        self.maneuverID = maneuverID
        self.state = state
        self.wording = wording ?? state
        self.distance = distance
        self.chainedManeuverID = chainedManeuverID
        self.chainedSpacing = chainedSpacing
        self.secondChainedManeuverID = secondChainedManeuverID
        self.issuedAt = issuedAt
        self.expectedStart = expectedStart
        self.estimatedDuration = estimatedDuration
        self.timeToGo = timeToGo
    }
}
