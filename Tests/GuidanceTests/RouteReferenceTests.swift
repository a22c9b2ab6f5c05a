import Testing

@testable import Guidance

/// Route references read as roads, each pack's `names.routes` rule by rule: the state's route name
/// for a US state route ("CT 145" is Connecticut Route 145, never "Court 145"), Interstates, US
/// routes, and the European letter-and-number references said letter by letter.
@Suite struct RouteReferenceTests {
    static let american: [(String, String)] = [
        ("I-95", "Interstate 95"), ("I 280", "Interstate 280"), ("I95", "Interstate 95"), ("I-35E", "Interstate 35E"),
        ("US 101", "U S Route 101"), ("US-1", "U S Route 1"), ("US101", "U S Route 101"),
        ("CT 145", "Connecticut Route 145"), ("CT-15", "Connecticut Route 15"),
        ("MA 2", "Massachusetts Route 2"), ("NJ 17", "New Jersey Route 17"), ("NY 17", "New York State Route 17"),
        ("PA 611", "Pennsylvania Route 611"), ("CA 1", "California State Route 1"), ("TX 71", "Texas State Highway 71"),
        ("FL A1A", "FL A1A"), ("FL 528", "Florida State Road 528"), ("SR 20", "State Route 20"), ("CR 501", "County Road 501"),
        // Other states: letters and number apart, spelled.
        ("OR 99", "OR 99"), ("WA-520", "WA 520"),
    ]

    @Test(arguments: american)
    func americanReferences(ref: String, said: String) throws {
        let names = try PackFiles.pack("en-US").names
        #expect(names.routeNumber(ref) == said)
        #expect(names.road(ref) == said, "a road named by its reference is read as one")
        #expect(!names.road(ref).contains("Court"))
    }

    @Test func aStateRouteNamedInFullIsNotARoute() throws {
        let names = try PackFiles.pack("en-US").names
        #expect(names.road("Elm Ct") == "Elm Court")
        #expect(!names.isRoute("Elm Ct"))
        #expect(names.isRoute("CT 145"))
    }

    static let european: [(String, String, String)] = [
        ("en-GB", "M25", "M 25"), ("en-GB", "A1(M)", "A 1 M"), ("en-GB", "B-1234", "B 1234"),
        ("de", "A7", "A 7"), ("de", "A-7", "A 7"), ("de", "B 27", "B 27"), ("de", "L3a", "L 3a"),
    ]

    @Test(arguments: european)
    func europeanReferences(language: String, ref: String, said: String) throws {
        #expect(try PackFiles.pack(language).names.routeNumber(ref) == said)
    }

    @Test func inAPrompt() throws {
        let composer = try PackFiles.composer("en-US")
        let text = composer.compose(Maneuver(type: .leftTurn, roadName: "CT 145"), state: .initial, distance: 400)
        #expect(text == "In a quarter mile, turn left onto Connecticut Route 145")
    }
}
