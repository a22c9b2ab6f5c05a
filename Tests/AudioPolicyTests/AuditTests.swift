import BuiltInPolicy
import Testing

@testable import AudioPolicy

@Test func auditIsQueryablePerClientAndRule() {
    var e = PolicyEngine(policy: .builtIn)
    let good: ClientID = "good-nav"
    let bad: ClientID = "bad-nav"
    _ = e.apply(.configure(good, .voicePrompt, at: 0))
    _ = e.apply(.configure(bad, .init(category: .playback), at: 0))
    _ = e.apply(.sourceStarted(Source(id: "radio", kind: .fmRadio), at: 0))
    _ = e.apply(.activate(bad, at: 0))  // at launch, non-mixing: stops the radio
    _ = e.apply(.promptReady(good, at: 1))
    _ = e.apply(.promptFinished(good, nextDueAt: nil, at: 2))
    _ = e.apply(.tick(at: 10))
    #expect(e.audit.violations(of: good).isEmpty)
    #expect(e.audit.violations(of: bad).map(\.rule) == [.nonMixingSessionStoppedRadio, .activationLongBeforeAudio])
    #expect(e.audit.violations(of: bad, rule: .nonMixingSessionStoppedRadio).first?.at == 0)
    #expect(e.audit.offenders == [bad])
    #expect(e.audit.violations.allSatisfy { $0.description.hasPrefix("bad-nav at ") })
}

@Test func theAuditKeepsTheMostRecentViolationsOnly() {
    var audit = Audit()
    for i in 0..<(Audit.capacity + 500) {
        audit.record(Violation(client: ClientID("c\(i % 3)"), at: Double(i), rule: .activationLongBeforeAudio))
    }
    #expect(audit.violations.count == Audit.capacity)
    #expect(audit.dropped == 500)
    #expect(audit.violations.first?.at == 500 && audit.violations.last?.at == Double(Audit.capacity + 499))
}
