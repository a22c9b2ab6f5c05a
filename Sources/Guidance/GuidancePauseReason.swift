/// Why guidance is paused (`guidance.pause`), as CarPlay's trip pause reasons tell them apart.
/// While paused nothing is announced; the reasons a driver should hear are said once
/// (`PhraseComposer.pauseAnnouncement`).
public enum GuidancePauseReason: String, Codable, Sendable, CaseIterable {
    /// The driver has arrived: the arrival prompt said it; nothing more is.
    case arrived
    /// The route is being loaded: "Loading route".
    case loading
    /// The position is being found: "Finding your location".
    case locating
    /// The route is being recalculated: "Recalculating route", and the old route is forgotten, as
    /// `guidance.reroute` does.
    case rerouting
    /// The vehicle is off the route and must get to it first: "Proceed to the route".
    case proceedToRoute
}
