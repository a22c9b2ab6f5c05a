import BuiltInPolicy
import Testing

@testable import AudioPolicy

/// The sources of the car, one per table role.
let carSources: [Source] = [
    Source(id: "radio", kind: .fmRadio),
    Source(id: "music", kind: .music),
    Source(id: "podcast", kind: .spokenAudio),
    Source(id: "voicemail", kind: .spokenAudio, activity: .voicemail),
    Source(id: "call", kind: .phoneCall),
    Source(id: "siri-listening", kind: .voiceAssistant, activity: .listening),
    Source(id: "siri-speaking", kind: .voiceAssistant, activity: .speaking),
    Source(id: "chime", kind: .vehicleChime),
    Source(id: "car-nav", kind: .nativeNavigation),
]

/// Representative session configurations, one per session role.
let sessionConfigurations: [(name: String, configuration: SessionConfiguration)] = [
    ("voicePrompt", .voicePrompt),
    ("plainPlayback", .init(category: .playback)),
    ("ambient", .init(category: .ambient)),
    ("duckOthers", .init(category: .playback, options: .duckOthers)),
    ("interruptSpoken", .init(category: .playback, mode: .spokenAudio, options: .interruptSpokenAudioAndMixWithOthers)),
    ("voiceChat", .init(category: .playAndRecord, mode: .voiceChat)),
]

/// What each source becomes when a session of each configuration activates while it plays, written out
/// independently of the table, as a demanding user expects. Order of `carSources`.
/// P playing, D ducked, Z paused, S stopped.
let expectedWhenSessionActivates: [String: String] = [
    //                radio music podcast vmail call lis spk chime nav
    "voicePrompt": "D D Z Z P P P P P",
    "plainPlayback": "S Z Z Z P P P P P",
    "ambient": "P P P P P P P P P",
    "duckOthers": "D D D D P P P P P",
    "interruptSpoken": "P P Z Z P P P P P",
    "voiceChat": "Z Z Z Z P P P P D",
]

func letter(_ state: EffectiveState?) -> String {
    switch state {
    case .playing?: "P"
    case .ducked(let dB)?: dB == -15 ? "D" : "D\(dB)"
    case .paused?: "Z"
    case .stopped?: "S"
    case nil: "-"
    }
}

/// Start `first`, then `second`, with the default policy; the resolution after both.
func startInOrder(_ first: Participant, _ second: Participant, arbiter: FocusArbiter = Policy.builtIn.arbiter)
    -> (resolution: FocusResolution, events: [FocusEvent])
{
    let one = arbiter.resolve([first], previous: FocusResolution()).resolution
    return arbiter.resolve([first, second], previous: one)
}

@Test(arguments: sessionConfigurations.map(\.name))
func everySourceKindAgainstEverySessionConfiguration(name: String) throws {
    let configuration = try #require(sessionConfigurations.first { $0.name == name }?.configuration)
    let expected = try #require(expectedWhenSessionActivates[name]).split(separator: " ").map(String.init)
    for (source, want) in zip(carSources, expected) {
        let (resolution, _) = startInOrder(
            Participant(id: .source(source.id), role: source.focusRole, ordinal: 1),
            Participant(id: .session("app"), role: configuration.focusRole, ordinal: 2))
        #expect(letter(resolution.states[.source(source.id)]) == want, "\(source.id) under \(name)")
    }
}

/// The existing contract: state(of:activeSessions:) for every kind against the prompt configuration.
@Test(arguments: SourceKind.allCases)
func legacyStateOfKindUnderVoicePrompt(kind: SourceKind) {
    let arbiter = Policy.builtIn.arbiter
    let state = arbiter.state(of: kind, activeSessions: [.voicePrompt])
    switch kind {
    case .fmRadio, .music: #expect(state == .ducked(dB: -15))
    case .spokenAudio: #expect(state == .paused)
    case .phoneCall, .voiceAssistant, .vehicleChime, .nativeNavigation: #expect(state == .playing)
    }
    #expect(arbiter.state(of: kind, activeSessions: []) == .playing)
}

@Test func legacyNonMixingPlaybackStopsRadioAndInterruptsMusic() {
    let arbiter = FocusArbiter(table: Policy.builtIn.interactions, duckLevelDB: -20, ramps: Ramps(duck: 0.03, restore: 0.2))
    #expect(arbiter.state(of: .fmRadio, activeSessions: [.init(category: .playback)]) == .stopped)
    #expect(arbiter.state(of: .music, activeSessions: [.init(category: .playback)]) == .paused)
    #expect(arbiter.state(of: .music, activeSessions: [.voicePrompt]) == .ducked(dB: -20))
}

/// Every (incoming × holder) pair of the table behaves as its entry says, for the holder and the incoming one.
@Test(arguments: FocusRole.allCases)
func everyPairFollowsTheTable(incoming: FocusRole) {
    let table = Policy.builtIn.interactions
    for holder in FocusRole.allCases {
        let h = Participant(id: .source("holder"), role: holder, ordinal: 1)
        let i = Participant(id: .source("incoming"), role: incoming, ordinal: 2)
        let (resolution, events) = startInOrder(h, i)
        let holderState = resolution.states[h.id]
        let incomingState = resolution.states[i.id]
        let reverse = table[holder, incoming]
        switch table[incoming, holder] {
        case .concurrent:
            #expect(holderState == .playing, "\(incoming) → \(holder)")
        case .duck(let dB):
            #expect(holderState == .ducked(dB: dB ?? -15), "\(incoming) → \(holder)")
            // At the holder's own ramp under the incoming one (the built-in chime's is quicker).
            let ramp = Policy.builtIn.ramps.duck(of: holder, under: incoming)
            #expect(ramp == (incoming == .vehicleChime ? 0.015 : 0.03))
            #expect(events.contains(.ducked(h.id, dB: dB ?? -15, ramp: ramp)))
        case .pause:
            #expect(holderState == .paused, "\(incoming) → \(holder)")
            #expect(events.contains(.interruptionBegan(h.id)))
        case .stop:
            #expect(holderState == .stopped, "\(incoming) → \(holder)")
            #expect(events.contains(.stopped(h.id)))
        case .reject:
            #expect(holderState == .playing, "\(incoming) → \(holder)")
            #expect(incomingState == .paused, "\(incoming) held back by \(holder)")
            continue
        }
        // The holder still acts on the incoming one, unless it was paused or stopped by it.
        let holderActs =
            [EffectiveState.playing].contains(holderState ?? .stopped)
            || {
                if case .ducked? = holderState { return true } else { return false }
            }()
        switch (holderActs, reverse) {
        case (true, .duck(let dB)): #expect(incomingState == .ducked(dB: dB ?? -15), "\(holder) keeps ducking \(incoming)")
        case (true, .pause): #expect(incomingState == .paused, "\(holder) keeps pausing \(incoming)")
        default: #expect(incomingState == .playing, "\(incoming) plays alongside \(holder)")
        }
    }
}

/// The CarPlay rules the brief names, read straight off the default table.
@Test func carPlayRulesInTheDefaultTable() {
    let t = Policy.builtIn.interactions
    #expect(t[.voicePrompt, .music] == .duck(dB: nil))
    #expect(t[.voicePrompt, .fmRadio] == .duck(dB: nil))
    #expect(t[.voicePrompt, .spokenAudio] == .pause)
    #expect(t[.voicePrompt, .vehicleChime] == .concurrent)
    #expect(t[.voicePrompt, .phoneCall] == .concurrent)
    #expect(t[.voicePrompt, .voiceAssistantListening] == .reject)
    #expect(t[.exclusivePlayback, .fmRadio] == .stop)
    #expect(t[.exclusivePlayback, .music] == .pause)
    #expect(t[.nativeNavigation, .voicePrompt] == .stop)
    #expect(t[.phoneCall, .music] == .pause)
    #expect(t[.phoneCall, .spokenAudio] == .pause)
    // Speech content is never ducked by a prompt: it pauses (Android's rule, users' complaint).
    for role in [FocusRole.spokenAudio, .voicemail] { #expect(t[.voicePrompt, role] == .pause) }
}

@Test func aSourceStartingDuringAPromptIsDuckedToo() {
    let (resolution, events) = startInOrder(
        Participant(id: .session("app"), role: .voicePrompt, ordinal: 1),
        Participant(id: .source("radio"), role: .fmRadio, ordinal: 2))
    #expect(resolution.states[.source("radio")] == .ducked(dB: -15))
    #expect(resolution.states[.session("app")] == .playing)
    #expect(events == [.ducked(.source("radio"), dB: -15, ramp: 0.03)])
}

@Test func duckLevelsDoNotStackAndTheDeepestWins() {
    var table = Policy.builtIn.interactions
    table[.vehicleChime, .music] = .duck(dB: -6)
    let arbiter = FocusArbiter(table: table, duckLevelDB: -15, ramps: Ramps(duck: 0.03, restore: 0.2))
    let music = Participant(id: .source("music"), role: .music, ordinal: 1)
    let chime = Participant(id: .source("chime"), role: .vehicleChime, ordinal: 2)
    let prompt = Participant(id: .session("app"), role: .voicePrompt, ordinal: 3)
    let r = arbiter.resolve([music, chime, prompt], previous: FocusResolution()).resolution
    #expect(r.states[music.id] == .ducked(dB: -15))
    let r2 = arbiter.resolve([music, chime], previous: r)
    #expect(r2.resolution.states[music.id] == .ducked(dB: -6))
    #expect(r2.events == [.ducked(music.id, dB: -6, ramp: 0.03)])
}

@Test func markdownShowsEveryRole() {
    let markdown = Policy.builtIn.interactions.markdown
    #expect(markdown.split(separator: "\n").count == FocusRole.allCases.count + 2)
    for role in FocusRole.allCases { #expect(markdown.contains("**\(role.rawValue)**")) }
}

@Test func actionsSpellAndParse() {
    for action in [InteractionAction.concurrent, .duck(dB: nil), .duck(dB: -12), .duck(dB: -7.5), .pause, .stop, .reject] {
        #expect(InteractionAction(action.description) == action)
    }
    #expect(InteractionAction("dukc") == nil)
    #expect(InteractionAction("duck(x)") == nil)
}
