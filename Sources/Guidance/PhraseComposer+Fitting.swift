extension PhraseComposer {
    /// The prompt for `maneuver` in decreasing detail, richest first: everything; without lane advice;
    /// without the second chained maneuver (`andThen`); with the chained maneuver bare ("then turn
    /// left"); without the chained "then"; without the
    /// signposts' "toward"; without the road name and route number. Exit numbers, roundabout names and
    /// the destination stay to the last: they are what the driver looks for. Then the short style.
    /// The speaker picks the richest one that fits its time budget, so a driver never hears a
    /// ten-second sentence. Duplicates are removed.
    public func compositions(
        _ maneuver: Maneuver, state: ManeuverState, distance: Double, then next: Maneuver? = nil, andThen: Maneuver? = nil
    ) -> [String] {
        wordings(maneuver, state: state, distance: distance, then: next, andThen: andThen).map(\.text)
    }

    /// `compositions` with how eSpeak NG is to say each (`Wording`).
    public func wordings(
        _ maneuver: Maneuver, state: ManeuverState, distance: Double, then next: Maneuver? = nil, andThen: Maneuver? = nil
    ) -> [Wording] {
        let (maneuver, next) = LanePattern.fold(maneuver, then: next)
        let andThen = next == nil ? nil : andThen
        var candidates = [wording(maneuver, state: state, distance: distance, then: next, andThen: andThen)]
        var plain = maneuver
        plain.lanes = []
        candidates.append(wording(plain, state: state, distance: distance, then: next, andThen: andThen))
        candidates.append(wording(plain, state: state, distance: distance, then: next))
        candidates.append(wording(plain, state: state, distance: distance, then: next.map(Self.bare)))
        candidates.append(wording(plain, state: state, distance: distance, then: nil))
        plain.towards = nil
        candidates.append(wording(plain, state: state, distance: distance, then: nil))
        plain.roadName = nil
        plain.roadNamePronunciation = nil
        plain.routeNumber = nil
        plain.currentRoadName = nil
        candidates.append(wording(plain, state: state, distance: distance, then: nil))
        candidates.append(wording(plain, state: state, distance: distance, then: nil, style: .short))
        var seen = Set<Wording>()
        return candidates.filter { seen.insert($0).inserted }
    }

    /// A chained maneuver without its names: "then turn left".
    static func bare(_ maneuver: Maneuver) -> Maneuver {
        var bare = maneuver
        bare.roadName = nil
        bare.roadNamePronunciation = nil
        bare.routeNumber = nil
        bare.towards = nil
        bare.currentRoadName = nil
        return bare
    }
}
