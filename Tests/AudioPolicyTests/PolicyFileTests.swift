import BuiltInPolicy
import Foundation
import Testing

@testable import AudioPolicy

/// The repository's top directory (tests read the shipped files; the library never does I/O).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

func repositoryFile(_ path: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
}

@Test func theBuiltInPolicyIsTheShippedFileReadAsItIs() throws {
    let shipped = try Policy.parse(completeYAML: try repositoryFile("policy/default.yaml"))
    #expect(shipped == Policy.builtIn)
    // Rendered and read again, it is the same policy (the file's comments are its own).
    #expect(try Policy.parse(completeYAML: Policy.builtIn.yaml) == Policy.builtIn)
}

/// The CarPlay rules the rest of the tests rely on, as the shipped file says them.
@Test func theBuiltInPolicyHasTheCarPlayRules() {
    let policy = Policy.builtIn
    #expect(policy.duckLevelDB == -15 && policy.ramps.duck == 0.03 && policy.ramps.restore == 0.2)
    #expect(policy.linger == 0.5 && policy.idleCap == 2)
    #expect(policy.interactions[.voicePrompt, .music] == .duck(dB: nil))
    #expect(policy.interactions[.voicePrompt, .spokenAudio] == .pause)
    #expect(policy.interactions[.voicePrompt, .voiceAssistantListening] == .reject)
    #expect(
        policy.promptStyle.rules == [
            .voiceAssistantListening: .none, .otherSessionRecording: .none, .voiceAssistantSpeaking: .short,
            .voicemailPlaying: .short, .voiceCallActive: .short, .nativeNavigationGuiding: .none,
            .voiceControlShown: .none,
        ])
    #expect(policy.classify.rules.count == 12)
}

@Test func aCompleteFileMustSayEveryKey() throws {
    let full = try repositoryFile("policy/default.yaml")
    let withoutCell = full.replacingOccurrences(of: "voicePrompt: {fmRadio: duck, ", with: "voicePrompt: {")
    let withoutRamp = full.replacingOccurrences(of: "  restore: 0.2\n", with: "")
    let withoutClassify = String(full[..<full.range(of: "# Other programs' streams")!.lowerBound])
    for (text, path) in [(withoutCell, "interactions.voicePrompt.fmRadio"), (withoutRamp, "ramps.restore"), (withoutClassify, "classify")] {
        #expect(throws: PolicyError.self) { try Policy.parse(completeYAML: text) }
        do {
            _ = try Policy.parse(completeYAML: text)
        } catch {
            #expect(error.problems.map(\.path) == [path], "\(error)")
        }
        // Laid over the built-in policy, the same text is fine: the key keeps its built-in value.
        #expect(try Policy.parse(yaml: text, over: .builtIn) == Policy.builtIn)
    }
}

@Test func aClassifySectionReplacesTheRulesAndIsReadInOrder() throws {
    let policy = try Policy.parse(
        yaml: """
            classify:
              - {property: media.role, equals: [navigation], then: nativeNavigation}
              - {property: application.name, contains: [Radio], then: fmRadio}
              - {property: application.id, prefix: com.example., then: ignore}
              - {property: x-kind, present: true, then: declared}
              - {property: media.role, absent: true, then: music}
            """, over: .builtIn)
    let classifier = policy.classify
    #expect(classifier.rules.count == 5)
    #expect(classifier.kind(properties: ["media.role": "Navigation"]) == .nativeNavigation)
    #expect(classifier.kind(properties: ["media.role": "music", "application.name": "Internet radio"]) == .fmRadio)
    #expect(classifier.kind(properties: ["media.role": "music", "application.id": "com.example.player"]) == nil)
    #expect(classifier.kind(properties: ["media.role": "music", "x-kind": "phoneCall"]) == .phoneCall)
    #expect(classifier.kind(properties: ["application.name": "mpv"]) == .music)
    // music with a role no rule names: left alone under this policy (the built-in one ducks it).
    #expect(classifier.kind(properties: ["media.role": "music"]) == nil)
    #expect(Policy.builtIn.classify.kind(properties: ["media.role": "music"]) == .music)
    // Rendered and read back, the same rules.
    #expect(try Policy.parse(yaml: policy.yaml, over: .builtIn) == policy)
}

@Test func badClassifyRulesAreNamedByTheirPlace() {
    let cases: [(yaml: String, path: String, message: String)] = [
        ("classify: {}", "classify", "expected a list of rules"),
        ("classify:\n  - {property: media.role, equals: [music], then: radio}", "classify[0].then", "unknown outcome 'radio'"),
        ("classify:\n  - {property: media.role, equals: [music], prefix: x, then: music}", "classify[0].prefix", "one test per rule"),
        ("classify:\n  - {property: media.role, then: music}", "classify[0]", "a rule needs a test"),
        ("classify:\n  - {equals: [music], then: music}", "classify[0]", "a rule needs a property"),
        ("classify:\n  - {property: media.role, equals: [], then: music}", "classify[0].equals", "expected a list of words"),
        ("classify:\n  - {property: media.role, present: false, then: music}", "classify[0].present", "present takes true"),
        ("classify:\n  - {property: media.role, absent: true, then: music, when: always}", "classify[0].when", "unknown key 'when'"),
    ]
    for c in cases {
        do {
            _ = try Policy.parse(yaml: c.yaml, over: .builtIn)
            Issue.record("accepted: \(c.yaml)")
        } catch {
            #expect(error.problems.contains { $0.path == c.path && $0.message.contains(c.message) }, "\(c.yaml) → \(error)")
        }
    }
}

@Test func renderedPolicyParsesBackUnchanged() throws {
    var policy = Policy.builtIn
    policy.duckLevelDB = -20
    policy.linger = 0.25
    policy.interactions[.vehicleChime, .spokenAudio] = .duck(dB: -6)
    policy.promptStyle.rules[.nativeNavigationGuiding] = nil
    policy.promptStyle.rules[.voicemailPlaying] = nil
    #expect(try Policy.parse(yaml: policy.yaml, over: .builtIn) == policy)
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
            """, over: .builtIn)
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

@Test func thePromptLimitsAreReadAndWrittenBack() throws {
    #expect(
        Policy.builtIn.prompts
            == PromptLimits(maxSeconds: 6, maxTextCharacters: 1000, maxWaiting: 64, maxWaitingPerClient: 32, maxWaitingSeconds: 120))
    let policy = try Policy.parse(yaml: "prompts:\n  maxSeconds: 8\n  queue:\n    maxWaitingSeconds: 30\n", over: .builtIn)
    #expect(policy.prompts.maxSeconds == 8 && policy.prompts.maxWaitingSeconds == 30 && policy.prompts.maxWaiting == 64)
    #expect(try Policy.parse(yaml: policy.yaml, over: .builtIn) == policy)
}

@Test func emptyFileIsTheDefault() throws {
    #expect(try Policy.parse(yaml: "", over: .builtIn) == Policy.builtIn)
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
    ("activation:\n  voiceInputCap: 61", "activation.voiceInputCap", "voice input cap must be > 0 and ≤ 60"),
    ("activation:\n  voiceInputCap: 0", "activation.voiceInputCap", "voice input cap must be > 0"),
    ("activation:\n  linger: 1.5", "activation.linger", "linger must be 0…1"),
    ("activation:\n  linger: 0.9\n  idleCap: 0.5", "activation.linger", "must not exceed the idle cap"),
    ("activation:\n  lingr: 0.2", "activation.lingr", "unknown key 'lingr'"),
    ("ramps:\n  duck: -1", "ramps.duck", "ramp must be"),
    ("ramps:\n  restore: 60", "ramps.restore", "ramp must be"),
    ("ramps:\n  hold: 1.5", "ramps.hold", "hold must be 0…1"),
    ("ramps:\n  hold: -0.1", "ramps.hold", "hold must be 0…1"),
    ("duckLevel: -10", "duckLevel", "unknown key 'duckLevel'"),
    ("version: 2", "version", "unsupported version"),
    ("promptStyle:\n  rules:\n    siriTalking: short", "promptStyle.rules.siriTalking", "unknown condition"),
    ("promptStyle:\n  rules:\n    voiceCallActive: quiet", "promptStyle.rules.voiceCallActive", "unknown prompt style 'quiet'"),
    ("promptStyle:\n  otherwise: loud", "promptStyle.otherwise", "unknown prompt style"),
    ("duckLevelDB: [", "", "not valid YAML"),
    ("prompts:\n  maxSeconds: 0", "prompts.maxSeconds", "must be 1.0…30.0 s"),
    ("prompts:\n  maxSeconds: 120", "prompts.maxSeconds", "must be 1.0…30.0 s"),
    ("prompts:\n  maxTextCharacters: 2.5", "prompts.maxTextCharacters", "expected a whole number"),
    ("prompts:\n  maxTextCharacters: 0", "prompts.maxTextCharacters", "must be 1…10000 characters"),
    ("prompts:\n  queue:\n    maxWaiting: 10\n    maxWaitingPerClient: 20", "prompts.queue.maxWaitingPerClient", "must be 1…queue.maxWaiting (10)"),
    ("prompts:\n  queue:\n    maxWaiting: 0", "prompts.queue.maxWaiting", "must be 1…1000 prompts"),
    ("prompts:\n  queue:\n    maxWaitingSeconds: 3", "prompts.queue.maxWaitingSeconds", "at least maxSeconds"),
    ("prompts:\n  queue:\n    maxWaitng: 3", "prompts.queue.maxWaitng", "unknown key 'maxWaitng'"),
]

@Test(arguments: badPolicies.indices)
func invalidPolicyPointsAtTheOffendingKey(index: Int) {
    let bad = badPolicies[index]
    do {
        _ = try Policy.parse(yaml: bad.yaml, over: .builtIn)
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
        _ = try Policy.parse(yaml: "duckLevelDB: -10\ninteractions:\n  music:\n    fmRadio: nope\n", over: .builtIn)
        Issue.record("accepted")
    } catch {
        #expect(error.problems.first?.line == 4)
        #expect(error.description.hasPrefix("interactions.music.fmRadio (line 4): unknown action 'nope'"))
    }
}

@Test func everyProblemIsReported() {
    do {
        _ = try Policy.parse(yaml: "duckLevelDB: x\nfoo: 1\ninteractions:\n  bar: {}\n", over: .builtIn)
        Issue.record("accepted")
    } catch {
        #expect(Set(error.problems.map(\.path)) == ["duckLevelDB", "foo", "interactions.bar"])
    }
}

@Test func policyDocShowsTheDefaultTables() throws {
    let doc = try repositoryFile("docs/POLICY.md")
    #expect(doc.contains(Policy.builtIn.interactions.markdown), "regenerate the matrix in docs/POLICY.md")
    for condition in PromptCondition.allCases { #expect(doc.contains(condition.rawValue)) }
}
