/// How fast ducks come and go, and how long they are held between prompts (the policy's `ramps:`).
/// Pure: the one place a ramp's seconds are chosen, so that the arbiter's events and every duck the
/// engine makes carry the same times.
///
/// A source may have ramps of its own (`sources:`, by its role in `interactions:`): a podcast that
/// comes back more gently than the radio. A role that ducks may ask for a quicker duck under it
/// (`under:`): a chime, a fraction of a second long, is heard late if the music takes the prompt's
/// duck time to step aside. Where both name a duck time, the quicker one wins: a duck exists for
/// what is said over it, and neither asked for it to be slower than it says. A role that ducks may
/// also ask how the source comes back once its duck ends (`after:`): where the source names a restore
/// of its own too, the slower one wins, since a restore is for whoever listens to the source, and
/// neither asked for it to come back quicker than it says.
public struct Ramps: Hashable, Sendable {
    /// A source's own ramps; nil keeps the policy's.
    public struct Own: Hashable, Sendable {
        public var duck: Double?
        public var restore: Double?

        public init(duck: Double? = nil, restore: Double? = nil) {
            self.duck = duck
            self.restore = restore
        }
    }

    /// Seconds to ramp down into a duck.
    public var duck: Double
    /// Seconds to ramp back up when a duck ends.
    public var restore: Double
    /// Seconds a prompt session's ducks and pauses are held after it deactivates, before they are
    /// restored: a prompt that follows within them takes them over (`ReleasingSession`).
    public var hold: Double
    /// Seconds, from a prompt's end, that its hold may stretch to while the next prompt is known to be
    /// coming (one waits or is being made, or prompts come in a burst): no pumping between prompts a
    /// second or two apart. With none coming, the hold is `hold`.
    public var holdForNext: Double
    /// Ramps of their own, by the ducked source's role.
    public var sources: [FocusRole: Own]
    /// Duck times under a role, by the role that ducks.
    public var under: [FocusRole: Double]
    /// Restore times once a role's duck ends, by the role that ducked.
    public var after: [FocusRole: Double]

    public init(
        duck: Double, restore: Double, hold: Double = 0, holdForNext: Double = 0, sources: [FocusRole: Own] = [:], under: [FocusRole: Double] = [:],
        after: [FocusRole: Double] = [:]
    ) {
        self.duck = duck
        self.restore = restore
        self.hold = hold
        self.holdForNext = holdForNext
        self.sources = sources
        self.under = under
        self.after = after
    }

    public static let maximumRamp = 5.0
    public static let maximumHold = 1.0
    public static let maximumHoldForNext = 3.0

    /// Seconds a source of `role` takes to go down into a duck that `cause` makes (`cause` nil: not
    /// known).
    public func duck(of role: FocusRole, under cause: FocusRole? = nil) -> Double {
        Self.meet(sources[role]?.duck, cause.flatMap { under[$0] }, at: min) ?? duck
    }

    /// Seconds a source of `role` takes to come back up from a duck that `cause` made (`cause` nil: not
    /// known).
    public func restore(of role: FocusRole, after cause: FocusRole? = nil) -> Double {
        Self.meet(sources[role]?.restore, cause.flatMap { after[$0] }, at: max) ?? restore
    }

    /// A source's own time and its cause's: the one given, or where both are, `pick` of the two.
    private static func meet(_ own: Double?, _ cause: Double?, at pick: (Double, Double) -> Double) -> Double? {
        guard let own, let cause else { return own ?? cause }
        return pick(own, cause)
    }

    /// The longest any restore takes: until then something may still be coming back up.
    public var longestRestore: Double {
        (sources.values.compactMap(\.restore) + after.values).reduce(restore, max)
    }

    /// What is wrong with these values, if anything (paths as in a policy file).
    public var problems: [PolicyProblem] {
        var found: [PolicyProblem] = []
        func ramp(_ seconds: Double, _ path: String) {
            if !(0...Self.maximumRamp).contains(seconds) {
                found.append(PolicyProblem(path: path, message: "ramp must be 0…\(Self.maximumRamp) s (got \(seconds))"))
            }
        }
        ramp(duck, "ramps.duck")
        ramp(restore, "ramps.restore")
        if !(0...Self.maximumHold).contains(hold) {
            found.append(PolicyProblem(path: "ramps.hold", message: "hold must be 0…\(Self.maximumHold) s, well under a second (got \(hold))"))
        }
        if !(0...Self.maximumHoldForNext).contains(holdForNext) {
            found.append(
                PolicyProblem(path: "ramps.holdForNext", message: "hold for the next prompt must be 0…\(Self.maximumHoldForNext) s (got \(holdForNext))"))
        }
        for role in FocusRole.allCases {
            if let own = sources[role] {
                own.duck.map { ramp($0, "ramps.sources.\(role.rawValue).duck") }
                own.restore.map { ramp($0, "ramps.sources.\(role.rawValue).restore") }
            }
            under[role].map { ramp($0, "ramps.under.\(role.rawValue)") }
            after[role].map { ramp($0, "ramps.after.\(role.rawValue)") }
        }
        return found
    }

    /// The `ramps:` section of a complete policy file.
    var yaml: String {
        func seconds(_ value: Double) -> String { InteractionAction.format(value) }
        var out = """
            # Seconds to ramp volume down into a duck (short: the prompt waits for it) and back up.
            ramps:
              duck: \(seconds(duck))
              restore: \(seconds(restore))
              # Seconds a prompt's ducks and pauses are held after it, for a prompt that follows (≤ 1).
              hold: \(seconds(hold))
              # Seconds that hold may stretch to while the next prompt is known to be coming (≤ 3).
              holdForNext: \(seconds(holdForNext))
              # A source's own ramps, by its role in interactions: {duck: s, restore: s}, either or both.
              sources:\(sources.isEmpty ? " {}" : "")

            """
        for role in FocusRole.allCases {
            guard let own = sources[role] else { continue }
            let cells = [own.duck.map { "duck: \(seconds($0))" }, own.restore.map { "restore: \(seconds($0))" }].compactMap(\.self)
            out += "    \(role.rawValue): {\(cells.joined(separator: ", "))}\n"
        }
        /// A table of seconds by role, under its comment.
        func byRole(_ key: String, _ comment: String, _ table: [FocusRole: Double]) -> String {
            var text = "  # \(comment)\n  \(key):\(table.isEmpty ? " {}" : "")\n"
            for role in FocusRole.allCases {
                guard let time = table[role] else { continue }
                text += "    \(role.rawValue): \(seconds(time))\n"
            }
            return text
        }
        out += byRole("under", "The duck's seconds under a role that ducks; where a source names its own too, the quicker one.", under)
        out += byRole("after", "The restore's seconds once a role's duck ends; where a source names its own too, the slower one.", after)
        return out
    }
}
