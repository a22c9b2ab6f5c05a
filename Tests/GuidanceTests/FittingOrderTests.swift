import Testing

@testable import Guidance

/// The order a maneuver prompt sheds its detail in when it does not fit its time (pure test,
/// `PhraseComposer.wordings`): the lane advice, the second chained maneuver, the chained
/// maneuver's names, the chained "then", the signposts' "toward", the road name and route number,
/// then the short style; the exit number stays to the last.
@Suite struct FittingOrderTests {
    @Test func detailIsShedInItsOrder() throws {
        let composer = try PackFiles.composer("en-US")
        let exit = Maneuver(
            type: .highwayOffRampRight, lanes: [Lane(angle: 0, status: .notGood)!, Lane(angle: 30, status: .preferred)!],
            roadName: "Solar Cir.", routeNumber: "I-95", exitNumber: "12", towards: "Airport")
        let then = Maneuver(type: .keepLeft, roadName: "Main St.")
        let andThen = Maneuver(type: .keepRight, towards: "Bayshore Boulevard")
        let texts = composer.compositions(exit, state: .prepare, distance: 400, then: then, andThen: andThen)
        let lead = "In a quarter mile, take exit 12 on the right"
        #expect(
            texts == [
                "\(lead) toward Airport. Use the right lane. Then keep left onto Main Street, then keep right toward Bayshore Boulevard",
                "\(lead) toward Airport. Then keep left onto Main Street, then keep right toward Bayshore Boulevard",
                "\(lead) toward Airport. Then keep left onto Main Street",
                "\(lead) toward Airport. Then keep left",
                "\(lead) toward Airport",
                // Without the signposts, the road it leads onto is said in their place, as a road.
                "\(lead) onto Solar Circle",
                lead,
                "Take exit 12 on the right",
            ], "\(texts)")
    }
}
