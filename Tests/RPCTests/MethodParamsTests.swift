import AudioPolicy
import Foundation
import Guidance
import PropertyBased
import RPC
import Testing

/// The one strict decoder of params: what it accepts, what it refuses and how it says so.
@Suite struct MethodParamsTests {
    private func params(_ json: String) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8)) }

    /// The message of the refusal of `json` as params of `method`; nil when they are accepted.
    private func refusal<M: RPCMethod>(_ method: M.Type, _ json: String?) throws -> String? {
        let value = try json.map(params)
        do throws(RPCError) {
            _ = try M.Params.decode(value, method: M.name)
            return nil
        } catch {
            #expect(error.code == -32602)
            return error.message
        }
    }

    @Test func absentNullAndEmptyParamsAreTheSame() throws {
        #expect(try refusal(StateGet.self, nil) == nil)
        #expect(try refusal(StateGet.self, "null") == nil)
        #expect(try refusal(StateGet.self, "{}") == nil)
        #expect(try refusal(AuditGet.self, #"{"all":null}"#) == nil)
    }

    @Test func paramsThatAreNotAnObjectAreRefused() throws {
        #expect(try refusal(StateGet.self, #"["x"]"#)?.contains("object") == true)
        #expect(try refusal(PromptSpeak.self, "7")?.contains("object") == true)
    }

    @Test func unknownMembersAreNamedWithTheAllowedOnes() throws {
        let message = try #require(try refusal(PromptSpeak.self, #"{"txt":"Turn left","prio":"low"}"#))
        #expect(
            message
                == #"Invalid params: Unknown prompt.speak members "prio", "txt"; allowed: text, ssml, maneuver, then, language, priority, deadline, key, wait, outliveClient, timingFromText, rate, pitch"#
        )
        #expect(try refusal(StateGet.self, #"{"all":true}"#)?.contains(#"Unknown state.get member "all"; allowed: "#) == true)
        let nested = try refusal(GuidanceUpdate.self, #"{"speed":10,"maneuvers":[{"id":"m1","distanse":5}]}"#)
        #expect(
            nested?.contains(#"Unknown upcoming maneuver member "distanse"; allowed: id, distance, timeRemaining, speedLimit, maneuver"#) == true,
            "\(nested ?? "")")
        let inManeuver = try refusal(PromptSpeak.self, #"{"maneuver":{"type":"leftTurn","roadname":"Elm St."}}"#)
        #expect(inManeuver?.contains(#"Unknown maneuver member "roadname""#) == true, "\(inManeuver ?? "")")
    }

    /// An update's own `timeRemaining` for a maneuver is held to the bounds of a maneuver's: the same check, the same words.
    @Test func anUpdatesTimeRemainingOutOfRangeIsRefusedAsAManeuversIs() throws {
        for time in ["-1", "2592001"] {
            let entry = try refusal(GuidanceUpdate.self, #"{"speed":10,"maneuvers":[{"id":"m1","distance":50,"timeRemaining":\#(time)}]}"#)
            #expect(entry?.contains("timeRemaining must be seconds, from 0 to 2592000 (30 days)") == true, "\(entry ?? "")")
            let described = try refusal(
                GuidanceUpdate.self, #"{"speed":10,"maneuvers":[{"id":"m1","distance":50,"maneuver":{"type":"leftTurn","timeRemaining":\#(time)}}]}"#)
            #expect(described?.contains("timeRemaining must be seconds, from 0 to 2592000 (30 days)") == true, "\(described ?? "")")
        }
        #expect(try refusal(GuidanceUpdate.self, #"{"speed":10,"maneuvers":[{"id":"m1","distance":50,"timeRemaining":12}]}"#) == nil)
    }

    /// A maneuver's road `speedLimit` is meters per second as `speed` is, 0…100, refused outside naming the member.
    @Test func aSpeedLimitOutOfRangeIsRefusedNamingIt() throws {
        for limit in ["-1", "100.5", "1e19"] {
            let entry = try refusal(GuidanceUpdate.self, #"{"speed":10,"maneuvers":[{"id":"m1","distance":50,"speedLimit":\#(limit)}]}"#)
            #expect(entry?.contains("speedLimit must be meters per second, from 0 to 100 (360 km/h)") == true, "\(entry ?? "")")
            let start = try refusal(
                GuidanceStart.self, #"{"maneuvers":[{"id":"m1","distance":50,"speedLimit":\#(limit),"maneuver":{"type":"leftTurn"}}]}"#)
            #expect(start?.contains("speedLimit must be meters per second") == true, "\(start ?? "")")
        }
        #expect(try refusal(GuidanceUpdate.self, #"{"speed":10,"maneuvers":[{"id":"m1","distance":50,"speedLimit":"fast"}]}"#) != nil)
        for limit in ["0", "33.3", "100"] {
            #expect(try refusal(GuidanceUpdate.self, #"{"speed":10,"maneuvers":[{"id":"m1","distance":50,"speedLimit":\#(limit)}]}"#) == nil)
        }
        let params = try GuidanceUpdate.Params.decode(
            params(#"{"speed":10,"maneuvers":[{"id":"m1","distance":50,"timeRemaining":4,"speedLimit":33.3}]}"#), method: GuidanceUpdate.name)
        #expect(params.maneuvers.first?.speedLimit == 33.3)
    }

    @Test func wrongTypesNameTheMemberAndTheType() throws {
        #expect(try refusal(PromptSpeak.self, #"{"text":7}"#) == "Invalid params: 'text': must be a string")
        #expect(try refusal(SessionSetActive.self, #"{"active":"yes"}"#) == "Invalid params: 'active': must be true or false")
        #expect(try refusal(ClockAdvance.self, #"{"to":"soon"}"#) == "Invalid params: 'to': must be a number")
        #expect(try refusal(SessionSetActive.self, "{}") == "Invalid params: 'active' is required")
        #expect(try refusal(GuidanceUpdate.self, #"{"speed":10,"maneuvers":[{"id":"m1"}]}"#)?.contains("'distance' is required") == true)
    }

    @Test func unknownValuesNameEveryAllowedOne() throws {
        #expect(
            try refusal(SourceStart.self, #"{"kind":"cdPlayer"}"#)
                == #"Invalid params: 'kind': Unknown source kind "cdPlayer"; allowed: fmRadio, music, spokenAudio, phoneCall, voiceAssistant, vehicleChime, nativeNavigation"#
        )
        #expect(
            try refusal(PromptSpeak.self, #"{"text":"Go","priority":"urgent"}"#)?.contains(#"Unknown priority "urgent"; allowed: important, normal, low"#)
                == true)
        #expect(try refusal(SessionConfigure.self, #"{"category":"playback","options":["loud"]}"#)?.contains(#"Unknown session option "loud""#) == true)
        #expect(try refusal(SessionConfigure.self, #"{"category":"radio"}"#)?.contains(#"Unknown session category "radio""#) == true)
        #expect(try refusal(EventsSubscribe.self, #"{"types":["prompt.sung"]}"#)?.contains(#"Unknown event type "prompt.sung""#) == true)
        #expect(try refusal(EventsSubscribe.self, #"{"types":["prompt","source.ducked"]}"#) == nil)
    }

    @Test func whatTheTypesCannotSayIsChecked() throws {
        #expect(try refusal(PromptSpeak.self, "{}")?.contains("'text', 'ssml' or 'maneuver' is required") == true)
        #expect(try refusal(PromptSpeak.self, #"{"text":"  "}"#)?.contains("'text' is empty") == true)
        #expect(try refusal(PromptSpeak.self, #"{"text":"Go","maneuver":{"type":"leftTurn"}}"#)?.contains("only one of") == true)
        #expect(try refusal(PromptSpeak.self, #"{"ssml":"<speak>Go</speak>","maneuver":{"type":"leftTurn"}}"#)?.contains("only one of") == true)
        #expect(try refusal(PromptSpeak.self, #"{"ssml":"<speak>Go</speak>","then":{"type":"leftTurn"}}"#)?.contains("'then' goes with 'maneuver'") == true)
        #expect(try refusal(PromptSpeak.self, #"{"ssml":"<speak>Go</speak>","rate":-100,"pitch":100}"#) == nil)
        #expect(try refusal(PromptSpeak.self, #"{"maneuver":{"type":"leftTurn"},"rate":100,"pitch":-100}"#) == nil)
        #expect(try refusal(PromptSpeak.self, #"{"text":"Go","rate":-101}"#)?.contains("'rate' must be within -100…100") == true)
        #expect(try refusal(PromptSpeak.self, #"{"text":"Go","pitch":101}"#)?.contains("'pitch' must be within -100…100") == true)
        #expect(try refusal(PromptSpeak.self, #"{"text":"Go","then":{"type":"leftTurn"}}"#)?.contains("'then' goes with 'maneuver'") == true)
        #expect(try refusal(PromptSpeak.self, #"{"text":"Go","deadline":0}"#)?.contains("'deadline'") == true)
        #expect(try refusal(PromptSpeak.self, #"{"text":"Go","deadline":3600}"#) == nil)
        #expect(try refusal(SourceStart.self, #"{"kind":"fmRadio","duration":2}"#)?.contains("only for a vehicleChime") == true)
        #expect(try refusal(SourceStart.self, #"{"kind":"vehicleChime","duration":61}"#)?.contains("at most 60") == true)
        #expect(try refusal(GuidanceUpdate.self, #"{"speed":101,"maneuvers":[{"id":"m1","distance":5}]}"#)?.contains("'speed'") == true)
        #expect(try refusal(GuidanceUpdate.self, #"{"speed":10,"maneuvers":[{"id":"m1","distance":1e12}]}"#)?.contains("distance") == true)
        #expect(try refusal(ClockAdvance.self, #"{"to":-1}"#)?.contains("'to'") == true)
        // A guidance always has a maneuver ahead; guidance.start's first report is whole or absent.
        #expect(try refusal(GuidanceUpdate.self, #"{"speed":10,"maneuvers":[]}"#)?.contains("at least one upcoming maneuver") == true)
        #expect(try refusal(GuidanceStart.self, #"{"maneuvers":[]}"#)?.contains("at least one upcoming maneuver") == true)
        #expect(try refusal(GuidanceStart.self, #"{"maneuvers":[{"id":"m1","distance":5}]}"#)?.contains("describes every maneuver") == true)
        #expect(try refusal(GuidanceStart.self, #"{"speed":10}"#)?.contains("go with 'maneuvers'") == true)
        #expect(try refusal(GuidanceStart.self, #"{"speed":10,"maneuvers":[{"id":"m1","distance":5,"maneuver":{"type":"leftTurn"}}]}"#) == nil)
        #expect(try refusal(GuidancePause.self, #"{"reason":"napping"}"#) != nil)
        // The trip's estimates: meters, seconds, and an arrival with its offset.
        let update = #"{"speed":10,"maneuvers":[{"id":"m1","distance":5}],"trip":"#
        #expect(try refusal(GuidanceUpdate.self, update + #"{"distance":14000,"time":1380,"arrival":"2026-11-28T17:42:00-05:00"}}"#) == nil)
        #expect(try refusal(GuidanceUpdate.self, update + #"{"distance":14000,"time":1380}}"#) == nil)
        #expect(try refusal(GuidanceUpdate.self, update + #"{"distance":14000}}"#)?.contains("'time' is required") == true)
        #expect(try refusal(GuidanceUpdate.self, update + #"{"distance":-1,"time":1380}}"#)?.contains("distance must be meters") == true)
        #expect(try refusal(GuidanceUpdate.self, update + #"{"distance":1,"time":3e6}}"#)?.contains("30 days") == true)
        #expect(
            try refusal(GuidanceUpdate.self, update + #"{"distance":1,"time":60,"arrival":"17:42"}}"#)?.contains(
                "arrival must be an ISO 8601 date and time with the offset") == true)
        #expect(
            try refusal(GuidanceUpdate.self, update + #"{"distance":1,"time":60,"arrival":"2026-11-28T17:42:00"}}"#)?.contains("offset") == true)
        #expect(try refusal(GuidanceUpdate.self, update + #"{"distance":1,"time":60,"eta":"x"}}"#)?.contains("eta") == true)
        #expect(try refusal(GuidanceStart.self, #"{"trip":{"distance":1,"time":60}}"#)?.contains("go with 'maneuvers'") == true)
        #expect(try refusal(GuidanceStart.self, #"{"arrivalOnDeparture":"yes"}"#)?.contains("arrivalOnDeparture") == true)
        #expect(try refusal(GuidanceEstimates.self, #"{"time":-1}"#)?.contains("'time'") == true)
        #expect(try refusal(GuidanceEnd.self, #"{"reason":"abandoned"}"#) != nil)
        #expect(try refusal(GuidanceEnd.self, #"{"reason":"finished"}"#) == nil)
        // An alert: a kind or the app's own words, not both; its variants; its dismissal.
        #expect(try refusal(PromptAlert.self, "{}")?.contains("'kind' or 'text' is required") == true)
        #expect(try refusal(PromptAlert.self, #"{"kind":"hazard","text":["Hazard"]}"#)?.contains("not both") == true)
        #expect(try refusal(PromptAlert.self, #"{"text":[]}"#)?.contains("1 to 8 variants") == true)
        #expect(try refusal(PromptAlert.self, #"{"text":["a","b","c","d","e","f","g","h","i"]}"#)?.contains("1 to 8 variants") == true)
        #expect(try refusal(PromptAlert.self, #"{"text":["Road closed"," "]}"#)?.contains("'text[1]' is empty") == true)
        #expect(try refusal(PromptAlert.self, #"{"text":["Road closed"],"distance":300}"#)?.contains("goes with 'kind'") == true)
        #expect(try refusal(PromptAlert.self, #"{"kind":"hazard","dismissAfter":0}"#)?.contains("'dismissAfter'") == true)
        #expect(try refusal(PromptAlert.self, #"{"text":["Road closed"],"dismissAfter":5,"deadline":2}"#) == nil)
        let both = try PromptAlert.Params.decode(try params(#"{"text":["Road closed"],"dismissAfter":5,"deadline":2}"#), method: PromptAlert.name)
        #expect(both.latestStart == 2)
    }

    @Test func acceptedParamsCarryTheirValues() throws {
        let speak = try PromptSpeak.Params.decode(
            try params(#"{"maneuver":{"type":"rightTurn","roadName":"Elm St."},"then":{"type":"leftTurn"},"priority":"important","wait":false}"#),
            method: PromptSpeak.name)
        #expect(speak.maneuver?.type == .rightTurn && speak.maneuver?.roadName == "Elm St.")
        #expect(speak.then?.type == .leftTurn && speak.priority == .important && speak.wait == false && speak.text == nil)
        let configure = try SessionConfigure.Params.decode(
            try params(#"{"category":"playback","mode":"voicePrompt","options":["duckOthers","interruptSpokenAudioAndMixWithOthers"]}"#),
            method: SessionConfigure.name)
        #expect(configure.configuration == .voicePrompt)
    }

    /// Any member name a method does not know is refused and named, whatever else is sent.
    @Test func anyUnknownMemberIsRefusedAndNamed() async {
        let names = Gen.letterOrNumber.string(of: 1...12)
        await propertyCheck(count: 300, input: names) { name in
            for method in Methods.all {
                let message = refusal(of: method, member: name)
                let known = members(of: method).contains(name)
                #expect(known || message?.contains("\"\(name)\"") == true, "\(method.name) accepted \(name)")
            }
        }
    }

    private func members<M: RPCMethod>(of method: M.Type) -> [String] { M.Params.CodingKeys.allCases.map(\.stringValue) }

    private func refusal<M: RPCMethod>(of method: M.Type, member: String) -> String? {
        do throws(RPCError) {
            _ = try M.Params.decode(.object([member: .bool(true)]), method: M.name)
            return nil
        } catch {
            return error.message
        }
    }

    /// A typed result and its JSON are the same thing both ways (what the CLI prints with --json).
    @Test func aSpeakResultIsReadAsWhatItIs() throws {
        let queued = try JSONValue(encoding: PromptSpeak.Result.queued(QueuedPrompt(id: "p-3", position: 2)))
        #expect(queued == .object(["id": .string("p-3"), "position": .number(2)]))
        guard case .queued(let back) = try queued.decode(PromptSpeak.Result.self) else {
            Issue.record("not read as queued")
            return
        }
        #expect(back.id == "p-3" && back.position == 2)
        let outcome = PromptOutcome(
            id: "p-4", result: .skipped, style: .none, text: "Turn left.", voice: nil, audioDuration: 0, timings: .init(), ducked: [],
            paused: [.spokenAudio], reason: "prompt style none")
        guard case .outcome(let read) = try JSONValue(encoding: PromptSpeak.Result.outcome(outcome)).decode(PromptSpeak.Result.self) else {
            Issue.record("not read as an outcome")
            return
        }
        #expect(read.id == "p-4" && read.result == .skipped && read.paused == [.spokenAudio] && read.reason == "prompt style none")
    }
}
