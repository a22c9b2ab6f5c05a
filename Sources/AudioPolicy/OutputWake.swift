/// How long an output needs to wake before the first word (the policy's `outputs:`).
///
/// Car stereos over Bluetooth, and sinks that PipeWire or PulseAudio suspend after a few idle
/// seconds, cut off the first syllables of a prompt ("…n left"). Before the first word after an idle
/// gap, the prompt stream plays `preRoll` seconds of silence, chosen by the first rule whose sink
/// pattern matches the sink it plays into. Pure.
public struct OutputWake: Hashable, Sendable {
    /// A sink-name pattern (`*` matches any run of characters) and the silence played before the
    /// first word on the sinks it matches.
    public struct Rule: Hashable, Sendable {
        public var sink: String
        public var preRoll: Double

        public init(sink: String, preRoll: Double) {
            self.sink = sink
            self.preRoll = preRoll
        }

        /// Whether `name` matches `sink`, where `*` stands for any run of characters.
        public func matches(_ name: String) -> Bool { Self.glob(Array(sink.unicodeScalars), Array(name.unicodeScalars)) }

        private static func glob(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
            // Iterative wildcard matching: on a mismatch, the last `*` takes one more character.
            var (p, t) = (0, 0)
            var star: (p: Int, t: Int)?
            while t < text.count {
                if p < pattern.count, pattern[p] == "*" {
                    star = (p, t)
                    p += 1
                } else if p < pattern.count, pattern[p] == text[t] {
                    p += 1
                    t += 1
                } else if let last = star {
                    p = last.p + 1
                    t = last.t + 1
                    star = (last.p, last.t + 1)
                } else {
                    return false
                }
            }
            while p < pattern.count, pattern[p] == "*" { p += 1 }
            return p == pattern.count
        }
    }

    /// The first matching rule gives a sink's pre-roll; no match, none.
    public var rules: [Rule]
    /// Seconds without prompt audio after which an output counts as idle (and may have gone to sleep).
    public var idleGap: Double

    public init(rules: [Rule] = [], idleGap: Double = 5) {
        self.rules = rules
        self.idleGap = idleGap
    }

    /// No pre-roll anywhere (a null sink wakes at once); idle after PulseAudio's and WirePlumber's 5 s.
    public static let builtIn = OutputWake()

    public static let maximumPreRoll = 3.0
    public static let idleGapRange = 0.0...60.0

    /// The pre-roll of the sink named `sink` (nil: not known), whatever its state.
    public func preRoll(forSink sink: String?) -> Double {
        guard let sink else { return rules.first { $0.sink == "*" }?.preRoll ?? 0 }
        return rules.first { $0.matches(sink) }?.preRoll ?? 0
    }

    /// The silence to play before a prompt on `sink`, when the last prompt audio ended `idleFor`
    /// seconds ago (nil: none has played yet), or the sink was found suspended: the sink's pre-roll
    /// after an idle gap, none while it is awake.
    public func preRoll(forSink sink: String?, idleFor: Double?, suspended: Bool = false) -> Double {
        let idle = suspended || idleFor.map { $0 >= idleGap } ?? true
        return idle ? preRoll(forSink: sink) : 0
    }

    /// Every rule out of bounds, with its policy-file key.
    var problems: [PolicyProblem] {
        var found: [PolicyProblem] = []
        for (index, rule) in rules.enumerated() where !(0...Self.maximumPreRoll).contains(rule.preRoll) {
            found.append(
                PolicyProblem(
                    path: "outputs.preRoll[\(index)].seconds", message: "pre-roll must be 0…\(Self.maximumPreRoll) s (got \(rule.preRoll))"))
        }
        for (index, rule) in rules.enumerated() where rule.sink.isEmpty {
            found.append(PolicyProblem(path: "outputs.preRoll[\(index)].sink", message: "the sink pattern is empty (`*` matches every sink)"))
        }
        if !Self.idleGapRange.contains(idleGap) {
            found.append(
                PolicyProblem(
                    path: "outputs.idleGap",
                    message: "idle gap must be \(Self.idleGapRange.lowerBound)…\(Self.idleGapRange.upperBound) s (got \(idleGap))"))
        }
        return found
    }
}
