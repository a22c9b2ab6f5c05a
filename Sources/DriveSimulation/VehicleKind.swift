import Guidance

/// The vehicle a scenario drives; picks the announcer's `VehicleProfile`.
public enum VehicleKind: String, CaseIterable, Sendable, Codable {
    case car, bicycle, pedestrian

    public var profile: VehicleProfile {
        switch self {
        case .car: .car
        case .bicycle: .bicycle
        case .pedestrian: .pedestrian
        }
    }
}
