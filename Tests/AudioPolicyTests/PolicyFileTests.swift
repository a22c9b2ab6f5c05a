import Foundation
import Testing

@testable import AudioPolicy

/// The repository's top directory (tests read the shipped files; the library never does I/O).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

func repositoryFile(_ path: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
}

@Test func builtInDefaultEqualsTheShippedPolicyFile() throws {
    let shipped = try Policy.parse(yaml: try repositoryFile("policy/default.yaml"))
    #expect(shipped == Policy.default)
    #expect(shipped.interactions == InteractionTable.carPlay)
    #expect(shipped.promptStyle == PromptStyleRules.apple)
    // Byte for byte too, so the file stays the rendering of the default (regenerate with `Policy.default.yaml`).
    #expect(try repositoryFile("policy/default.yaml") == Policy.default.yaml)
}

@Test func renderedPolicyParsesBackUnchanged() throws {
    var policy = Policy.default
    policy.duckLevelDB = -20
    policy.linger = 0.25
    policy.interactions[.vehicleChime, .spokenAudio] = .duck(dB: -6)
    policy.promptStyle.rules[.nativeNavigationGuiding] = PromptStyle.none
    policy.promptStyle.rules[.voicemailPlaying] = nil
    #expect(try Policy.parse(yaml: policy.yaml) == policy)
}

@Test func policyEncodesAsJSONAndBack() throws {
    let data = try JSONEncoder().encode(Policy.default)
    #expect(try JSONDecoder().decode(Policy.self, from: data) == Policy.default)
}

@Test func aPartialFileOverridesOnlyWhatItSays() throws {
    let policy = try Policy.parse(
        yaml: """
            duckLevelDB: -20
            activation:
              idleCap: 3
            promptStyle:
              rules:
                voiceCallActive: normal
                voicemailPlaying:
            interactions:
              vehicleChime: {spokenAudio: pause}
            """)
    #expect(policy.duckLevelDB == -20)
    #expect(policy.idleCap == 3)
    #expect(policy.linger == 0.5)
    #expect(policy.promptStyle.rules[.voiceCallActive] == .normal)
    #expect(policy.promptStyle.rules[.voicemailPlaying] == nil)
    #expect(policy.interactions[.vehicleChime, .spokenAudio] == .pause)
    #expect(policy.interactions[.voicePrompt, .music] == .duck(dB: nil))
    #expect(policy.makeWindow().idleCap == 3)
    #expect(policy.arbiter.duckLevelDB == -20)
}

@Test func emptyFileIsTheDefault() throws {
    #expect(try Policy.parse(yaml: "") == Policy.default)
}

/// Bad policy text, the key path the error must point at, and a fragment of its message.
let badPolicies: [(yaml: String, path: String, message: String)] = [
    ("interactions:\n  fmRadoi: {music: stop}", "interactions.fmRadoi", "unknown kind 'fmRadoi'"),
    ("interactions:\n  fmRadio: {musik: stop}", "interactions.fmRadio.musik", "unknown kind 'musik'"),
    ("interactions:\n  fmRadio: {music: dukc}", "interactions.fmRadio.music", "unknown action 'dukc'"),
    ("interactions:\n  fmRadio: {music: duck(3)}", "interactions.fmRadio.music", "duck level must be"),
    ("interactions: [1, 2]", "interactions", "expected a mapping"),
    ("duckLevelDB: 6", "duckLevelDB", "duck level must be ≤ 0 dB"),
    ("duckLevelDB: -200", "duckLevelDB", "duck level must be ≥"),
    ("duckLevelDB: loud", "duckLevelDB", "expected a number"),
    ("activation:\n  idleCap: 8", "activation.idleCap", "idle cap must be > 0 and ≤ 5"),
    ("activation:\n  idleCap: 0", "activation.idleCap", "idle cap must be > 0"),
    ("activation:\n  linger: 1.5", "activation.linger", "linger must be 0…1"),
    ("activation:\n  linger: 0.9\n  idleCap: 0.5", "activation.linger", "must not exceed the idle cap"),
    ("activation:\n  lingr: 0.2", "activation.lingr", "unknown key 'lingr'"),
    ("ramps:\n  duck: -1", "ramps.duck", "ramp must be"),
    ("ramps:\n  restore: 60", "ramps.restore", "ramp must be"),
    ("duckLevel: -10", "duckLevel", "unknown key 'duckLevel'"),
    ("version: 2", "version", "unsupported version"),
    ("promptStyle:\n  rules:\n    siriTalking: short", "promptStyle.rules.siriTalking", "unknown condition"),
    ("promptStyle:\n  rules:\n    voiceCallActive: quiet", "promptStyle.rules.voiceCallActive", "unknown prompt style 'quiet'"),
    ("promptStyle:\n  otherwise: loud", "promptStyle.otherwise", "unknown prompt style"),
    ("duckLevelDB: [", "", "not valid YAML"),
]

@Test(arguments: badPolicies.indices)
func invalidPolicyPointsAtTheOffendingKey(index: Int) {
    let bad = badPolicies[index]
    do {
        _ = try Policy.parse(yaml: bad.yaml)
        Issue.record("accepted: \(bad.yaml)")
    } catch {
        let problem = error.problems.first
        #expect(problem?.path == bad.path, "\(error)")
        #expect(problem?.message.contains(bad.message) == true, "\(error)")
        #expect(error.description.contains(bad.message))
    }
}

@Test func errorsCarryTheLine() throws {
    do {
        _ = try Policy.parse(yaml: "duckLevelDB: -10\ninteractions:\n  music:\n    fmRadio: nope\n")
        Issue.record("accepted")
    } catch {
        #expect(error.problems.first?.line == 4)
        #expect(error.description.hasPrefix("interactions.music.fmRadio (line 4): unknown action 'nope'"))
    }
}

@Test func everyProblemIsReported() {
    do {
        _ = try Policy.parse(yaml: "duckLevelDB: x\nfoo: 1\ninteractions:\n  bar: {}\n")
        Issue.record("accepted")
    } catch {
        #expect(Set(error.problems.map(\.path)) == ["duckLevelDB", "foo", "interactions.bar"])
    }
}

@Test func policyDocShowsTheDefaultTables() throws {
    let doc = try repositoryFile("docs/POLICY.md")
    #expect(doc.contains(InteractionTable.carPlay.markdown), "regenerate the matrix in docs/POLICY.md")
    for condition in PromptCondition.allCases { #expect(doc.contains(condition.rawValue)) }
}
