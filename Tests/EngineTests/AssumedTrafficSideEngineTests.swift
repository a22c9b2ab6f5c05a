import AudioPolicy
import ClientGuidance
import Guidance
import RPC
import Testing

@testable import Engine

/// A roundabout described without `trafficSide` is said for right-hand traffic, and the engine says
/// so (issue 52): `state.get` lists the maneuver under its guidance, a turn at an intersection and a
/// roundabout with its side given are not listed, and a report refused whole lists nothing. The
/// whole engine on the in-memory server (`EngineRig`).
@Suite struct AssumedTrafficSideEngineTests {
    static let app = ClientID("app")

    static func update(_ rig: EngineRig, _ upcoming: [GuidanceProgress.Upcoming]) async throws {
        _ = try await rig.engine.guidance.update(client: app, progress: GuidanceProgress(time: nil, speed: 14, upcoming: upcoming, interval: nil, trip: nil))
    }

    @Test func aRoundaboutWithoutItsTrafficSideIsListedInTheState() async throws {
        let rig = try await EngineRig.start()
        _ = try await rig.engine.guidance.start(client: Self.app, language: "en-GB", profile: "car")
        try await Self.update(
            rig,
            [
                .init(id: "m1", distance: 900, maneuver: Maneuver(type: .rightTurn, roadName: "Cowley Road")),
                .init(id: "m2", distance: 1500, maneuver: Maneuver(type: .roundaboutExit2, roadName: "Iffley Road")),
                .init(id: "m3", distance: 2100, maneuver: Maneuver(type: .leftTurn, junctionType: .roundabout)),
                .init(id: "m4", distance: 2600, maneuver: Maneuver(type: .roundaboutExit3, trafficSide: .left)),
            ])
        var state = try await rig.engine.state()
        #expect(state.guidance.first?.trafficSideAssumed == ["m2", "m3"])
        // A report naming a maneuver never described is refused whole: nothing more is listed.
        await #expect(throws: EngineError.self) {
            try await Self.update(
                rig,
                [.init(id: "m5", distance: 3000, maneuver: Maneuver(type: .roundaboutExit1)), .init(id: "m9", distance: 3500, maneuver: nil)])
        }
        state = try await rig.engine.state()
        #expect(state.guidance.first?.trafficSideAssumed == ["m2", "m3"])
        await rig.stop()
    }

    @Test func withEveryRoundaboutsSideGivenNothingIsListed() async throws {
        let rig = try await EngineRig.start()
        _ = try await rig.engine.guidance.start(client: Self.app, language: "de", profile: "car")
        try await Self.update(
            rig,
            [
                .init(id: "m1", distance: 900, maneuver: Maneuver(type: .roundaboutExit1, trafficSide: .right)),
                .init(id: "m2", distance: 1500, maneuver: Maneuver(type: .slightLeftTurn)),
            ])
        let state = try await rig.engine.state()
        #expect(state.guidance.count == 1 && state.guidance.first?.trafficSideAssumed == nil)
        await rig.stop()
    }
}
