import AudioPolicy
import ClientGuidance
import Foundation
import Guidance
import RPC
import Testing

/// `GuidanceSessions` alone, pure: what each guidance request decides and what a refusal leaves
/// unchanged. The engine's tests (`GuidanceLifecycleEngineTests`, `TripEstimatesEngineTests`, …)
/// prove the same decisions carried out on the in-memory server, and the daemon's over the socket.
@Suite struct GuidanceSessionsTests {
    static let app = ClientID("app")
    static let wall = WallClock(now: 1_800_000_000, utcOffset: { _ in 0 })

    static func start(
        _ sessions: inout GuidanceSessions, language: String = "en-US", profile: String? = nil, units: UnitSystem? = nil
    ) throws -> GuidanceSession {
        let request = GuidanceSessions.Start(
            pack: try PackFiles.pack(language), profile: profile, units: units, verbosity: .normal, roads: .all, arrivalOnDeparture: false,
            preRoll: 0, idleGap: 5)
        return try sessions.start(app, request).session
    }

    static let turn = Maneuver(type: .rightTurn, roadName: "Solar Circle")
    static let arrival = Maneuver(type: .arriveAtDestinationRight)

    static func progress(at time: Double, _ upcoming: [GuidanceProgress.Upcoming], trip: TripReport? = nil) -> GuidanceProgress {
        GuidanceProgress(time: time, speed: 14, upcoming: upcoming, interval: 1, trip: trip)
    }

    @Test func aRefusedStartChangesNothing() throws {
        var sessions = GuidanceSessions()
        #expect(throws: GuidanceError.self) { try Self.start(&sessions, profile: "hovercraft") }
        #expect(throws: GuidanceError.self, "German words no feet") { try Self.start(&sessions, language: "de", units: .imperialUS) }
        #expect(sessions.count == 0)
        #expect(throws: GuidanceError.self) { try sessions.session(of: Self.app) }
        // No id was spent on a refusal.
        #expect(try Self.start(&sessions).id == 1)
    }

    @Test func aRestartReplacesTheSessionAndAnEndSaysWhy() throws {
        var sessions = GuidanceSessions()
        let first = try Self.start(&sessions)
        let request = GuidanceSessions.Start(
            pack: try PackFiles.pack("en-US"), profile: nil, units: nil, verbosity: .normal, roads: .all, arrivalOnDeparture: false, preRoll: 0,
            idleGap: 5)
        let second = try sessions.start(Self.app, request)
        #expect(second.replaced && second.session.id != first.id && !sessions.isCurrent(first.speech, of: Self.app))
        let ended = sessions.end(Self.app, reason: .finished)
        let endedAgain = sessions.end(Self.app, reason: .finished)
        #expect(ended && !endedAgain, "nothing left to end the second time")
        #expect(throws: GuidanceError.guidanceEnded(.finished)) { try sessions.session(of: Self.app) }
        sessions.end(Self.app, reason: .disconnected)
        #expect(throws: GuidanceError.noGuidance) { try sessions.session(of: Self.app) }
    }

    /// A change of name onto a numbered freeway, the new road named only by its number ("UT 201 East"
    /// as its name, as the leading app's "continue onto UT-201 E"), is announced as it comes near; a
    /// change onto a plain name is not.
    @Test func aNameChangeOntoANumberedRoadIsAnnounced() throws {
        var sessions = GuidanceSessions()
        _ = try Self.start(&sessions)
        let ontoNumber = Maneuver(type: .followRoad, roadName: "UT 201 East")
        let ontoName = Maneuver(type: .followRoad, roadName: "Fairview Parkway")
        var said: [String] = []
        for time in stride(from: 0.0, through: 60, by: 1) {
            let covered = 14 * time
            let report = Self.progress(
                at: time,
                [
                    .init(id: "name", distance: 300 - covered, maneuver: time == 0 ? ontoName : nil),
                    .init(id: "number", distance: 800 - covered, maneuver: time == 0 ? ontoNumber : nil),
                    .init(id: "end", distance: 3000 - covered, maneuver: time == 0 ? Self.arrival : nil),
                ].filter { $0.distance > -20 })
            said += try sessions.update(Self.app, report, now: time, wall: Self.wall).prompts.map { "\($0.prompt.maneuverID): \($0.prompt.text)" }
        }
        #expect(said.contains { $0.hasPrefix("number:") && $0.contains("UT 201 East") }, "\(said)")
        #expect(!said.contains { $0.hasPrefix("name:") }, "\(said)")
    }

    @Test func anUndescribedManeuverRefusesTheWholeReport() throws {
        var sessions = GuidanceSessions()
        _ = try Self.start(&sessions)
        let report = Self.progress(at: 0, [.init(id: "m1", distance: 900, maneuver: Self.turn), .init(id: "m2", distance: 1500)])
        #expect(throws: GuidanceError.unknownManeuver("m2")) { try sessions.update(Self.app, report, now: 0, wall: Self.wall) }
        // m1, described in the refused report, was not kept either.
        #expect(throws: GuidanceError.unknownManeuver("m1")) {
            try sessions.update(Self.app, Self.progress(at: 1, [.init(id: "m1", distance: 880)]), now: 1, wall: Self.wall)
        }
    }

    @Test func anUpdatePlansItsPromptsAndAPausedOneNone() throws {
        var sessions = GuidanceSessions()
        _ = try Self.start(&sessions)
        // Driven toward the turn at 14 m/s, one report a second, until the announcer says something.
        var plan: GuidanceSessions.UpdatePlan?
        for second in 0..<60 where plan == nil {
            let time = Double(second)
            let report = Self.progress(at: time, [.init(id: "m1", distance: 900 - 14 * time, maneuver: Self.turn)])
            let planned = try sessions.update(Self.app, report, now: time, wall: Self.wall)
            if !planned.prompts.isEmpty { plan = planned }
        }
        let said = try #require(plan)
        #expect(said.prompts.count == 1 && said.result.prompts.map(\.maneuverID) == ["m1"])
        let first = try #require(said.prompts.first)
        #expect(!first.prompt.text.isEmpty && first.said.words == first.prompt.text && first.said.maneuverID == "m1")
        let words = try sessions.pause(Self.app, reason: .loading, time: 61, now: 61)
        #expect(words.skipping.isSuperset(of: ["m1", GuidanceSessions.repeatKey]) && words.key == GuidanceSessions.pauseKey)
        let paused = try sessions.update(Self.app, Self.progress(at: 62, [.init(id: "m1", distance: 20)]), now: 62, wall: Self.wall)
        #expect(paused.prompts.isEmpty && paused.result.paused == .loading)
        #expect(try sessions.resume(Self.app) == .loading)
        #expect(try sessions.resume(Self.app) == nil, "not paused: nothing changes")
    }

    @Test func aRerouteIsSaidOncePerWindowAndForgetsTheRoute() throws {
        var sessions = GuidanceSessions()
        _ = try Self.start(&sessions)
        _ = try sessions.update(Self.app, Self.progress(at: 0, [.init(id: "m1", distance: 900, maneuver: Self.turn)]), now: 0, wall: Self.wall)
        let first = try sessions.reroute(Self.app, time: 5, now: 5)
        #expect(first.notSaid == nil && first.text?.isEmpty == false && first.skipping == ["m1", GuidanceSessions.repeatKey])
        let second = try sessions.reroute(Self.app, time: 10, now: 10)
        #expect(second.notSaid?.contains("5.0 s ago") == true)
        #expect(throws: GuidanceError.unknownManeuver("m1"), "the old route's maneuvers are forgotten") {
            try sessions.update(Self.app, Self.progress(at: 11, [.init(id: "m1", distance: 800)]), now: 11, wall: Self.wall)
        }
    }

    @Test func aRepeatIsLimitedAndOneNotQueuedDoesNotCount() throws {
        var sessions = GuidanceSessions()
        _ = try Self.start(&sessions)
        guard case .refused = try sessions.repeatNext(Self.app, time: 0, now: 0) else {
            Issue.record("a repeat with no route")
            return
        }
        _ = try sessions.update(Self.app, Self.progress(at: 0, [.init(id: "m1", distance: 900, maneuver: Self.turn)]), now: 0, wall: Self.wall)
        guard case .say(let planned, let previous) = try sessions.repeatNext(Self.app, time: 2, now: 2) else {
            Issue.record("no repeat")
            return
        }
        #expect(planned.prompt.maneuverID == "m1" && planned.prompt.key == GuidanceSessions.repeatKey && previous == nil)
        guard case .refused(let refused) = try sessions.repeatNext(Self.app, time: 3, now: 3) else {
            Issue.record("a second repeat")
            return
        }
        #expect(refused.retryAfter != nil)
        sessions.repeatNotSaid(planned, previous: previous)
        guard case .say = try sessions.repeatNext(Self.app, time: 4, now: 4) else {
            Issue.record("the repeat not said still counted")
            return
        }
    }

    @Test func theEstimatesMoveOnFromTheReport() throws {
        var sessions = GuidanceSessions()
        _ = try Self.start(&sessions)
        guard case .refused = try sessions.estimates(Self.app, time: 0, now: 0) else {
            Issue.record("estimates before a trip")
            return
        }
        let report = Self.progress(at: 0, [.init(id: "m1", distance: 900, maneuver: Self.turn)], trip: TripReport(distance: 14_000, time: 1_380))
        let plan = try sessions.update(Self.app, report, now: 0, wall: Self.wall)
        #expect(plan.result.trip?.arrivalDerived == true)
        guard case .say(_, let wordings, let trip) = try sessions.estimates(Self.app, time: 60, now: 60) else {
            Issue.record("no estimates")
            return
        }
        #expect(!wordings.isEmpty && trip.time == 1_320 && trip.distance == 14_000 - 14 * 60)
    }

    @Test func anArrivalHeardEndsOnlyItsOwnSession() throws {
        var sessions = GuidanceSessions()
        let old = try Self.start(&sessions)
        _ = try sessions.update(Self.app, Self.progress(at: 0, [.init(id: "end", distance: 30, maneuver: Self.arrival)]), now: 0, wall: Self.wall)
        let heard = GuidancePromptEnding.heard(AnnouncedManeuver(maneuver: "end", state: .execute))
        let new = try Self.start(&sessions)
        #expect(sessions.promptEnded(Self.app, session: old.id, heard, now: 5) == .nothing)
        _ = try sessions.update(Self.app, Self.progress(at: 6, [.init(id: "end", distance: 30, maneuver: Self.arrival)]), now: 6, wall: Self.wall)
        #expect(sessions.promptEnded(Self.app, session: new.id, heard, now: 8) == .arrived)
    }

    @Test func aWaypointHeardDoesNotEndTheTrip() throws {
        var sessions = GuidanceSessions()
        let session = try Self.start(&sessions)
        let route: [GuidanceProgress.Upcoming] = [
            .init(id: "via", distance: 30, maneuver: Self.arrival), .init(id: "m2", distance: 900, maneuver: Self.turn),
        ]
        _ = try sessions.update(Self.app, Self.progress(at: 0, route), now: 0, wall: Self.wall)
        let heard = GuidancePromptEnding.heard(AnnouncedManeuver(maneuver: "via", state: .execute))
        #expect(sessions.promptEnded(Self.app, session: session.id, heard, now: 4) == .nothing)
    }

    @Test func aHeldBackInstructionIsSaidOnceWhenTheMomentHasPassed() throws {
        var sessions = GuidanceSessions()
        let session = try Self.start(&sessions)
        _ = try sessions.update(Self.app, Self.progress(at: 0, [.init(id: "m1", distance: 900, maneuver: Self.turn)]), now: 0, wall: Self.wall)
        #expect(sessions.promptEnded(Self.app, session: session.id, .heldBack(key: "m1"), now: 1) == .heldBack)
        #expect(sessions.holdsBack)
        #expect(sessions.releaseHeldBack(now: 2, speaksInstructions: { _ in false }).isEmpty, "the call goes on: nothing yet")
        let said = sessions.releaseHeldBack(now: 3, speaksInstructions: { _ in true })
        #expect(said.map(\.prompt.maneuverID) == ["m1"] && said.first?.speech == session.speech)
        #expect(!sessions.holdsBack && sessions.releaseHeldBack(now: 4, speaksInstructions: { _ in true }).isEmpty, "said once")
    }
}
