import AudioPolicy
import ClientGuidance
import Foundation
import Guidance
import RPC
import Testing

@testable import Engine

/// The trip's estimates through the whole engine on the in-memory server (`EngineRig`): what a
/// report's `trip` keeps, how an arrival not reported is worked out, what `guidance.estimates` says
/// and refuses, and the departure that ends with the arrival. `TripEstimatesSocketTests` proves the
/// same against the real voxnavd, heard on `car.monitor`.
@Suite struct TripEstimatesEngineTests {
    typealias Rig = EngineRig
    static let app = ClientID("app")
    /// 5:42 PM on the driver's clock, five hours behind UTC.
    static let arrival = "2026-11-28T17:42:00-05:00"

    static func route(described: Bool = true) -> [GuidanceProgress.Upcoming] {
        [
            .init(id: "m0", distance: 0, maneuver: described ? Maneuver(type: .startRoute, roadName: "Kings Road") : nil),
            .init(id: "m1", distance: 1400, maneuver: described ? Maneuver(type: .rightTurn, roadName: "Solar Circle") : nil),
        ]
    }

    static func update(_ rig: Rig, at time: Double?, trip: TripReport?, described: Bool = true) async throws -> GuidanceUpdate.Result {
        try await rig.engine.guidance.update(
            client: app, progress: GuidanceProgress(time: time, speed: 14, upcoming: route(described: described), interval: time == nil ? nil : 1, trip: trip))
    }

    /// Waits for every prompt queued so far to end, draining each.
    static func sayAll(_ rig: Rig) async throws {
        try await Rig.waitFor("every prompt ended") {
            rig.output.drain()
            let events = rig.events.all
            let queued = Set(events.filter { $0.type == .promptQueued }.compactMap(\.prompt))
            let ended = Set(events.filter { [.promptFinished, .promptShortened, .promptSkipped, .promptExpired].contains($0.type) }.compactMap(\.prompt))
            return queued.isSubset(of: ended)
        }
    }

    @Test func aReportedArrivalIsKeptAndSaidOnTheDriversClockTheDistanceAndTimeMovedOn() async throws {
        let rig = try await Rig.start()
        _ = try await rig.engine.guidance.start(client: Self.app, language: "en-US", profile: "car")
        let reply = try await Self.update(rig, at: 0, trip: TripReport(distance: 20_000, time: 1380, arrival: Self.arrival))
        #expect(reply.trip == TripEstimates(TripEstimate(distance: 20_000, time: 1380, arrival: LocalTime(iso8601: Self.arrival)!), arrivalDerived: false))
        let state = try await rig.engine.state()
        #expect(state.guidance.map(\.client) == ["app"] && state.guidance.first?.trip == reply.trip)
        try await Self.sayAll(rig)
        // A minute later at 14 m/s: 19 160 m (11.9 mi) and 22 minutes to go; the arrival as reported.
        let said = try await rig.engine.guidance.estimates(client: Self.app, time: 60)
        #expect(said.announced && said.text == "You'll arrive at 5:42 PM, in 22 minutes. 12 miles to go")
        #expect(said.trip?.distance == 19_160 && said.trip?.time == 1320 && said.trip?.arrival == Self.arrival)
        try await Self.sayAll(rig)
        #expect(rig.events.all.last { $0.type == .promptFinished }?.text == said.text)
        await rig.stop()
    }

    @Test func anArrivalNotReportedIsTheWallClockPlusTheTimeToGoInTheDaemonsTimeZone() async throws {
        let rig = try await Rig.start()
        _ = try await rig.engine.guidance.start(client: Self.app, language: "de", profile: "car")
        let before = Date().timeIntervalSince1970
        let reply = try await Self.update(rig, at: nil, trip: TripReport(distance: 5000, time: 600))
        let after = Date().timeIntervalSince1970
        let trip = try #require(reply.trip)
        let arrival = try #require(LocalTime(iso8601: trip.arrival))
        #expect(trip.arrivalDerived)
        // The ISO text has whole seconds.
        #expect(arrival.instant >= (before + 600).rounded(.down) - 1 && arrival.instant <= after + 600)
        #expect(arrival.utcOffset == TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: arrival.instant)))
        await rig.stop()
    }

    @Test func onTheClientsOwnClockTheWorkedOutArrivalMovesWithThatClockNotTheWall() async throws {
        let rig = try await Rig.start()
        _ = try await rig.engine.guidance.start(client: Self.app, language: "en-US", profile: "car")
        // A simulation: 60 s of its clock pass between two reports in no time on the wall, and the
        // vehicle lost 20 s on its estimate meanwhile; the arrival moves by those 20 s.
        let first = try await Self.update(rig, at: 100, trip: TripReport(distance: 9000, time: 600))
        let second = try await Self.update(rig, at: 160, trip: TripReport(distance: 8300, time: 560), described: false)
        let (a, b) = try (#require(first.trip.flatMap { LocalTime(iso8601: $0.arrival) }), #require(second.trip.flatMap { LocalTime(iso8601: $0.arrival) }))
        #expect(abs(b.instant - a.instant - 20) <= 1, "\(first.trip!.arrival) → \(second.trip!.arrival)")
        await rig.stop()
    }

    @Test func theDepartureEndsWithTheArrivalOnlyWhenTheClientAsksAndTheTripIsKnown() async throws {
        for (asks, trip, expected) in [
            (true, true, "Head out on Kings Road. You'll arrive at 5:42 PM"), (false, true, "Head out on Kings Road"),
            (true, false, "Head out on Kings Road"),
        ] {
            let rig = try await Rig.start()
            _ = try await rig.engine.guidance.start(client: Self.app, language: "en-US", profile: "car", arrivalOnDeparture: asks)
            let reply = try await Self.update(rig, at: 0, trip: trip ? TripReport(distance: 20_000, time: 1380, arrival: Self.arrival) : nil)
            #expect(reply.prompts.first?.maneuverID == "m0" && reply.prompts.first?.text == expected, "asks \(asks), trip \(trip)")
            try await Self.sayAll(rig)
            // What played is what was planned, to its end.
            let finished = rig.events.all.first { $0.type == .promptFinished }
            #expect(finished?.text == expected, "asks \(asks), trip \(trip)")
            await rig.stop()
        }
    }

    /// A route reported first at 50 km/h, its first turn 150 m ahead, the client asking for the
    /// arrival on the departure: the departure says the turn in place of its "turn now" ("Head out
    /// on Kings Road, then turn right onto Solar Circle"), planned by its own words (the arrival
    /// not counted: `GuidanceSession.spokenDuration`) and given the time to the turn less the
    /// reaction time as its word budget; the arrival is said only where the spoken words fit it.
    @Test func aCloseFirstTurnsDepartureIsPlannedWithoutTheArrivalAndGivenABudget() async throws {
        let rig = try await Rig.start()
        _ = try await rig.engine.guidance.start(client: Self.app, language: "en-US", profile: "car", arrivalOnDeparture: true)
        let route: [GuidanceProgress.Upcoming] = [
            .init(id: "m0", distance: 0, maneuver: Maneuver(type: .startRoute, roadName: "Kings Road")),
            .init(id: "m1", distance: 150, maneuver: Maneuver(type: .rightTurn, roadName: "Solar Circle")),
        ]
        let reply = try await rig.engine.guidance.update(
            client: Self.app,
            progress: GuidanceProgress(
                time: 0, speed: 50 / 3.6, upcoming: route, interval: 1, trip: TripReport(distance: 20_000, time: 1380, arrival: Self.arrival)))
        #expect(reply.prompts.map(\.maneuverID) == ["m0"], "\(reply.prompts.map(\.text))")
        try await Self.sayAll(rig)
        #expect(reply.prompts.first?.chainedManeuverID == "m1", "\(reply.prompts.map(\.text))")
        let played = rig.events.all.filter { [.promptFinished, .promptShortened].contains($0.type) }.compactMap(\.text)
        #expect(played.count == 1 && played.first?.hasPrefix("Head out on Kings Road, then turn right onto Solar Circle") == true, "\(played)")
        await rig.stop()
    }

    @Test func theEstimatesAreRefusedBeforeATripWasReportedAndWhilePausedChangingNothing() async throws {
        let rig = try await Rig.start()
        _ = try await rig.engine.guidance.start(client: Self.app, language: "en-US", profile: "car")
        _ = try await Self.update(rig, at: 0, trip: nil)
        try await Self.sayAll(rig)
        let queued = rig.events.all.filter { $0.type == .promptQueued }.count
        let none = try await rig.engine.guidance.estimates(client: Self.app, time: 10)
        #expect(!none.announced && none.reason?.contains("no trip estimates") == true && none.text == nil)
        _ = try await Self.update(rig, at: 11, trip: TripReport(distance: 19_000, time: 1300), described: false)
        _ = try await rig.engine.guidance.pause(client: Self.app, reason: .locating, time: 12)
        try await Self.sayAll(rig)
        let queuedBefore = rig.events.all.filter { $0.type == .promptQueued }.count
        let paused = try await rig.engine.guidance.estimates(client: Self.app, time: 13)
        #expect(!paused.announced && paused.reason?.contains("paused") == true)
        #expect(rig.events.all.filter { $0.type == .promptQueued }.count == queuedBefore && queuedBefore > queued)
        // Without guidance: the usual refusal.
        await rig.engine.guidance.end(client: Self.app, reason: .cancelled)
        await #expect(throws: EngineError.self) { try await rig.engine.guidance.estimates(client: Self.app, time: 14) }
        await rig.stop()
    }
}
