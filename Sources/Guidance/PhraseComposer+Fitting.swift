extension PhraseComposer {
    /// The prompt for `maneuver` in decreasing detail, richest first: everything; without lane advice;
    /// without the second chained maneuver (`andThen`); with the chained maneuver bare ("then turn
    /// left"); without the chained "then"; without the
    /// signposts' "toward"; without the road name and route number. Exit numbers, roundabout names and
    /// the destination stay to the last: they are what the driver looks for. Then the short style.
    /// A chained maneuver no prompt has named before (`Maneuver.isFirstMention`) is kept longer: the
    /// signposts' "toward" and the road name are shed with it still said bare, and it goes only where
    /// nothing with it fits (a second chained one so first, then the first chained one).
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
        var plain = maneuver
        plain.lanes = []
        let unnamed = Self.sheddingNames(plain)
        // A maneuver's first mention, shed, leaves the driver to meet it in its own "turn now", or
        // unwarned: said bare, it outlasts the names of the maneuvers before it. The second chained
        // maneuver is said only after the first, so keeping it keeps that one too.
        let keepsSecond = andThen?.isFirstMention == true
        let keepsChain = keepsSecond || next?.isFirstMention == true
        func said(_ maneuver: Maneuver, then next: Maneuver?, andThen: Maneuver? = nil, style: PhraseStyle = .normal) -> Wording {
            wording(maneuver, state: state, distance: distance, then: next, andThen: andThen, style: style)
        }
        var candidates = [said(maneuver, then: next, andThen: andThen), said(plain, then: next, andThen: andThen)]
        if keepsSecond { candidates += unnamed.map { said($0, then: next.map(Self.bare), andThen: andThen.map(Self.bare)) } }
        candidates.append(said(plain, then: next))
        candidates += (keepsChain ? unnamed : [plain]).map { said($0, then: next.map(Self.bare)) }
        candidates += unnamed.map { said($0, then: nil) }
        candidates.append(said(unnamed.last!, then: nil, style: .short))
        var seen = Set<Wording>()
        return candidates.filter { seen.insert($0).inserted }
    }

    /// A maneuver, then without the signposts' "toward", then without its road name and route
    /// number too: the names a prompt sheds, in their order.
    static func sheddingNames(_ maneuver: Maneuver) -> [Maneuver] {
        var withoutTowards = maneuver
        withoutTowards.towards = nil
        var withoutRoad = withoutTowards
        withoutRoad.roadName = nil
        withoutRoad.roadNamePronunciation = nil
        withoutRoad.routeNumber = nil
        withoutRoad.currentRoadName = nil
        return [maneuver, withoutTowards, withoutRoad]
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
