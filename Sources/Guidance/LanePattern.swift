/// Apple's lane pattern: a navigation app shows lane guidance for a maneuver by sending a second
/// maneuver right behind it that has a symbol (the lane picture) and no instruction; it shows a
/// junction image the same way (a second maneuver with a `junctionImage`). That second maneuver is
/// not a maneuver of the route: it is what is shown for the one before it, never a "then" and never
/// announced on its own.
public enum LanePattern {
    /// Folds display-only maneuvers (lane guidance, a junction image) into the maneuver before them:
    /// their lanes become that maneuver's lane advice (unless it has lanes of its own), and the entry
    /// is dropped. One with nothing before it is dropped as well. The order is kept.
    public static func fold<ID>(_ route: [(id: ID, maneuver: Maneuver)]) -> [(id: ID, maneuver: Maneuver)] {
        var folded: [(id: ID, maneuver: Maneuver)] = []
        for entry in route {
            guard entry.maneuver.isDisplayOnly else {
                folded.append(entry)
                continue
            }
            if let last = folded.indices.last, folded[last].maneuver.lanes.isEmpty {
                folded[last].maneuver.lanes = entry.maneuver.lanes
            }
        }
        return folded
    }

    /// A maneuver and the one chained after it: a display-only `next` is the maneuver's lane advice, not a "then".
    public static func fold(_ maneuver: Maneuver, then next: Maneuver?) -> (maneuver: Maneuver, then: Maneuver?) {
        guard let next, next.isDisplayOnly else { return (maneuver, next) }
        let folded = fold([(id: 0, maneuver: maneuver), (id: 1, maneuver: next)])
        return (folded[0].maneuver, nil)
    }
}

extension Maneuver {
    /// True for Apple's lane-guidance maneuver: a symbol, no instruction in any variant, and no road,
    /// route or exit to speak. Lanes are optional (a picture VoxNav cannot read says nothing).
    public var isLaneGuidanceOnly: Bool {
        carPlayDisplay.keys.contains { $0.isSymbol } && hasNothingToSay
    }

    /// True for Apple's junction-image maneuver: a `junctionImage` or `dashboardJunctionImage`, no
    /// instruction in any variant, and no road, route or exit. The picture says nothing VoxNav can read.
    public var isJunctionImageOnly: Bool {
        carPlayDisplay.keys.contains { $0.isJunctionImage } && hasNothingToSay
    }

    /// Shown on CarPlay's card for the maneuver before it, never a maneuver of its own (`LanePattern`).
    public var isDisplayOnly: Bool { isLaneGuidanceOnly || isJunctionImageOnly }

    /// No instruction in any variant, and no road, route or exit to speak.
    private var hasNothingToSay: Bool {
        let instructions: [CarPlayDisplayField] = [
            .attributedInstructionVariants, .dashboardInstructionVariants, .dashboardAttributedInstructionVariants,
            .notificationInstructionVariants, .notificationAttributedInstructionVariants,
        ]
        let hasInstruction =
            !instructionVariants.isEmpty
            || instructions.contains { field in
                if case .texts(let texts)? = carPlayDisplay[field] { return !texts.isEmpty }
                return false
            }
        return !hasInstruction && roadName == nil && routeNumber == nil && exitNumber == nil
    }
}
