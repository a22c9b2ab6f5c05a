/// The summary numbers an expectation may bound, by their names in the report's JSON.
public enum SummaryMetric: String, CaseIterable, Sendable {
    case promptsQueued, promptsNormal, promptsShort, promptsShortened, promptsSkipped, promptsExpired, promptsInterrupted, promptsCut, promptsRefused
    case totalDuckedSeconds, activations, meanActivationOverhang, maxActivationOverhang, podcastSecondsLost, violations
    case finalInstructions, minTimeAfterLastWord, medianTimeAfterLastWord

    public func value(in summary: TimelineSummary) -> Double {
        switch self {
        case .promptsQueued: Double(summary.promptsQueued)
        case .promptsNormal: Double(summary.promptsNormal)
        case .promptsShort: Double(summary.promptsShort)
        case .promptsShortened: Double(summary.promptsShortened)
        case .promptsSkipped: Double(summary.promptsSkipped)
        case .promptsExpired: Double(summary.promptsExpired)
        case .promptsInterrupted: Double(summary.promptsInterrupted)
        case .promptsCut: Double(summary.promptsCut)
        case .promptsRefused: Double(summary.promptsRefused)
        case .totalDuckedSeconds: summary.totalDuckedSeconds
        case .activations: Double(summary.activations)
        case .meanActivationOverhang: summary.meanActivationOverhang
        case .maxActivationOverhang: summary.maxActivationOverhang
        case .podcastSecondsLost: summary.podcastSecondsLost
        case .violations: Double(summary.violations)
        case .finalInstructions: Double(summary.finalInstructions)
        // No final instruction heard: none came too late, so any lower bound holds.
        case .minTimeAfterLastWord: summary.minTimeAfterLastWord ?? .infinity
        case .medianTimeAfterLastWord: summary.medianTimeAfterLastWord ?? .infinity
        }
    }

    /// Counts are whole numbers; the others are seconds.
    public var isCount: Bool {
        switch self {
        case .totalDuckedSeconds, .meanActivationOverhang, .maxActivationOverhang, .podcastSecondsLost, .minTimeAfterLastWord, .medianTimeAfterLastWord:
            false
        default: true
        }
    }
}
