import Testing

@testable import Guidance

extension GoldenRoute {
    static let zh = Names(
        start: "长安街", first: "建国路", second: "东三环中路",
        roundaboutExit: "朝阳路", destination: "光华路", highway: "G4", exit: "12B")
}

/// Pins how the Chinese pack sounds. Expected strings were written by hand and read as a native
/// speaker would hear them; change them only on purpose.
@Suite struct GoldenChineseTests {
    let composer: PhraseComposer
    init() throws { composer = try PackFiles.composer("zh") }

    @Test func drive() throws {
        let said =
            GoldenRoute.steps(GoldenRoute.zh).map {
                composer.compose($0.maneuver, state: $0.state, distance: $0.meters, then: $0.next, style: $0.style)
            } + [composer.rerouting]
        let expected = [
            "沿长安街出发",
            "沿当前道路继续行驶4公里",
            "前方800米右转，进入建国路",
            "右转，进入建国路，随后左转，进入东三环中路",
            "前方120米左转，进入东三环中路，请走最左侧车道",
            "前方400米进入匝道，驶入G 4高速",
            "前方两公里从右侧12 B号出口驶出，进入建国路，请走右侧两条车道",
            "前方600米进入环岛后从第二个出口驶出，进入朝阳路",
            "进入环岛后从第二个出口驶出，进入朝阳路",
            "向左前方行驶",
            "前方250米到达目的地，位于您的右侧",
            "已到达目的地，位于您的右侧",
            "已为您重新规划路线",
        ]
        #expect(said.count == expected.count)
        for (index, (got, want)) in zip(said, expected).enumerated() { #expect(got == want, "step \(index)") }
    }

    @Test func roundaboutThirdExitAndChainingWithLanes() {
        #expect(
            composer.compose(Maneuver(type: .roundaboutExit3), state: .initial, distance: 300)
                == "前方300米进入环岛后从第三个出口驶出")
        let lanes = [Lane(angle: 0, status: .notGood)!, Lane(angle: 90, status: .preferred)!]
        #expect(
            composer.compose(
                Maneuver(type: .rightTurn, lanes: lanes, roadName: "长安街"), state: .initial, distance: 300,
                then: Maneuver(type: .arriveAtDestinationRight))
                == "前方300米右转，进入长安街，请走最右侧车道，随后到达位于右侧的目的地")
    }

    @Test func distancesAndRoutes() {
        #expect(composer.distancePhrase(meters: 200) == "两百米")
        #expect(composer.distancePhrase(meters: 1500) == "1点5公里")
        #expect(composer.distancePhrase(meters: 5000) == "5公里")
        #expect(composer.distancePhrase(meters: 3) == "不到10米")
        #expect(
            composer.compose(Maneuver(type: .followRoad, routeNumber: "G107"), state: .initial, distance: 5000)
                == "前方5公里沿1 0 7国道继续行驶")
        #expect(
            composer.compose(Maneuver(type: .keepLeft, routeNumber: "G1501"), state: .initial, distance: 500)
                == "前方500米靠左行驶，进入G 1 5 0 1高速")
        #expect(composer.compose(Maneuver(type: .rightTurn), state: .prepare, distance: 100, style: .short) == "右转")
    }
}
