import FoundationEssentials

/// Where a scenario's route comes from. Files are paths relative to the scenario file; the
/// caller reads them (DriveSimulation does no I/O).
public enum RouteSource: Sendable, Equatable {
    /// Written in the scenario itself, in the own route format.
    case inline(Route)
    /// A route file in the own format (YAML or JSON).
    case file(String)
    /// An OSRM v5 route response (JSON).
    case osrm(String)
    /// A Valhalla route response (JSON, `/route`).
    case valhalla(String)
    /// A GraphHopper route response (JSON, `/route`).
    case graphhopper(String)

    /// The scenario keys that name a route file, as `route: {<key>: <file>}`.
    public static let fileKeys = ["file", "osrm", "valhalla", "graphhopper"]

    init?(key: String, file: String) {
        switch key {
        case "file": self = .file(file)
        case "osrm": self = .osrm(file)
        case "valhalla": self = .valhalla(file)
        case "graphhopper": self = .graphhopper(file)
        default: return nil
        }
    }

    /// The file the caller has to read, if any.
    public var referencedFile: String? {
        switch self {
        case .inline: nil
        case .file(let path), .osrm(let path), .valhalla(let path), .graphhopper(let path): path
        }
    }

    /// The most the referenced file may hold, in bytes.
    public var sizeCap: Int {
        switch self {
        case .inline, .file: Route.maximumFileSize
        case .osrm: Route.maximumOSRMSize
        case .valhalla: Route.maximumValhallaSize
        case .graphhopper: Route.maximumGraphHopperSize
        }
    }

    /// The route, reading a referenced file with `load` (given the path as written). A problem in
    /// the file names it (`ScenarioProblem.file`).
    public func resolve(load: (String) throws -> String) throws -> Route {
        do {
            switch self {
            case .inline(let route): return route
            case .file(let path): return try Route(yaml: try load(path))
            case .osrm(let path): return try Route(osrmJSON: Data(try load(path).utf8))
            case .valhalla(let path): return try Route(valhallaJSON: Data(try load(path).utf8))
            case .graphhopper(let path): return try Route(graphHopperJSON: Data(try load(path).utf8))
            }
        } catch let error as ScenarioError {
            guard let file = referencedFile else { throw error }
            throw error.inFile(file)
        }
    }
}
