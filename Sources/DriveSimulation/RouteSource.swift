import Foundation

/// Where a scenario's route comes from. Files are paths relative to the scenario file; the
/// caller reads them (DriveSimulation does no I/O).
public enum RouteSource: Sendable, Equatable {
    /// Written in the scenario itself, in the own route format.
    case inline(Route)
    /// A route file in the own format (YAML or JSON).
    case file(String)
    /// An OSRM v5 route response (JSON).
    case osrm(String)

    /// The file the caller has to read, if any.
    public var referencedFile: String? {
        switch self {
        case .inline: nil
        case .file(let path), .osrm(let path): path
        }
    }

    /// Whether the referenced file is an OSRM response (its size cap is `Route.maximumOSRMSize`).
    public var isOSRM: Bool { if case .osrm = self { true } else { false } }

    /// The route, reading a referenced file with `load` (given the path as written).
    public func resolve(load: (String) throws -> String) throws -> Route {
        switch self {
        case .inline(let route): return route
        case .file(let path): return try Route(yaml: try load(path))
        case .osrm(let path): return try Route(osrmJSON: Data(try load(path).utf8))
        }
    }
}
