/// Per-vehicle prompt thresholds (OsmAnd's timing model; docs/ANNOUNCER.md).
///
/// Distances are given at the profile's `defaultSpeed`; every window scales by
/// `max(1, speed / defaultSpeed)`, which is the same as "distance ≤ D or time-to-go ≤ D / defaultSpeed".
public struct VehicleProfile: Codable, Sendable, Equatable {
    /// Where a state's prompt may be spoken: from `start` down to `end` (meters, at `defaultSpeed`).
    /// Below `end` the prompt is skipped rather than spoken late.
    public struct PromptWindow: Codable, Sendable, Equatable {
        public var start: Double
        public var end: Double

        public init(start: Double, end: Double) {
            self.start = start
            self.end = end
        }
    }

    public var name: String
    /// Speed (m/s) that converts the distances below into time thresholds.
    public var defaultSpeed: Double
    /// The early "in 1.4 km, turn right" prompt.
    public var initial: PromptWindow
    /// The "in 250 m, turn right" prompt.
    public var prepare: PromptWindow
    /// "Turn right now" fires at max(executeMinimumDistance, executeLeadTime × speed).
    public var executeMinimumDistance: Double
    public var executeLeadTime: Double
    /// No prompt is started when its maneuver is less than this many seconds ahead (at current speed).
    public var minimumLeadTime: Double
    /// Seconds the driver needs between the last word of the final instruction and the maneuver
    /// (to look, signal, brake): "turn now" is planned so that its last word is heard this early.
    public var reactionTime: Double
    /// A second maneuver this close (meters at `defaultSpeed`, scaled) is chained: "…, then turn left".
    public var chainingDistance: Double
    /// "Continue on Oak Avenue for a half mile" only when the next maneuver is farther than both of
    /// these (leading apps say it from about 0.5–2 km in a car).
    public var continueMinimumDistance: Double
    public var continueMinimumTime: Double
    /// Where the final instruction must come early whatever its words: before a motorway exit or
    /// interchange, and before any maneuver at motorway speed (nil: never, as on a bicycle or on foot).
    public var motorwayFinal: MotorwayFinal?
    /// m/s² the vehicle may gain while an early prompt plays: that prompt is skipped when, at this
    /// acceleration, it would still be playing when "turn now" is due.
    public var plannedAcceleration: Double

    public init(
        name: String, defaultSpeed: Double, initial: PromptWindow, prepare: PromptWindow,
        executeMinimumDistance: Double, executeLeadTime: Double, minimumLeadTime: Double = 2, reactionTime: Double = 3,
        chainingDistance: Double, continueMinimumDistance: Double, continueMinimumTime: Double, plannedAcceleration: Double,
        motorwayFinal: MotorwayFinal? = nil
    ) {
        self.motorwayFinal = motorwayFinal
        self.name = name
        self.defaultSpeed = defaultSpeed
        self.initial = initial
        self.prepare = prepare
        self.executeMinimumDistance = executeMinimumDistance
        self.executeLeadTime = executeLeadTime
        self.minimumLeadTime = minimumLeadTime
        self.reactionTime = reactionTime
        self.chainingDistance = chainingDistance
        self.continueMinimumDistance = continueMinimumDistance
        self.continueMinimumTime = continueMinimumTime
        self.plannedAcceleration = plannedAcceleration
    }

    /// The final instruction starts at least `meters` and `seconds` before the maneuver (the leading
    /// apps give a freeway exit's final instruction 300–400 m, 12–15 s): before an exit or an
    /// interchange at any speed, before any maneuver from `speed` (m/s) on.
    public struct MotorwayFinal: Codable, Sendable, Equatable {
        public var meters: Double
        public var seconds: Double
        public var speed: Double

        public init(meters: Double, seconds: Double, speed: Double) {
            self.meters = meters
            self.seconds = seconds
            self.speed = speed
        }
    }
}

extension VehicleProfile {
    /// At or above this speed (m/s) the vehicle is on a fast road: 1.6 × `defaultSpeed`, so 72 km/h
    /// for a car (faster than any town street), 28.8 km/h for a bicycle, 8 km/h on foot. Brief
    /// guidance keeps its prepare prompts there (`Verbosity.brief`).
    public var fastSpeed: Double { defaultSpeed * Self.fastSpeedFactor }

    public static let fastSpeedFactor = 1.6
}

extension VehicleProfile {
    /// OsmAnd car defaults at 12.5 m/s: initial 115 s → 90 s, prepare ("turn in") 22 s → 15 s,
    /// execute max(12 m, 3.6 s × v) or earlier, so that its last word leaves 3 s to react
    /// (`AnnouncerThresholds.lastChance`), chaining within 15 s (~187 m); "continue" beyond 800 m and 40 s.
    public static let car = VehicleProfile(
        name: "car", defaultSpeed: 12.5,
        initial: PromptWindow(start: 1437, end: 1125),
        prepare: PromptWindow(start: 275, end: 187),
        executeMinimumDistance: 12, executeLeadTime: 3.6,
        chainingDistance: 187, continueMinimumDistance: 800, continueMinimumTime: 40,
        plannedAcceleration: 2, motorwayFinal: MotorwayFinal(meters: 300, seconds: 12, speed: 80 / 3.6))

    /// 18 km/h: same time constants as the car, shorter floors (a cyclist needs less warning distance);
    /// "continue" beyond 400 m and a minute.
    public static let bicycle = VehicleProfile(
        name: "bicycle", defaultSpeed: 5,
        initial: PromptWindow(start: 500, end: 400),
        prepare: PromptWindow(start: 110, end: 75),
        executeMinimumDistance: 8, executeLeadTime: 4,
        chainingDistance: 75, continueMinimumDistance: 400, continueMinimumTime: 60,
        plannedAcceleration: 1)

    /// 5 km/h: walkers hear fewer, closer prompts; "continue" beyond 250 m and two minutes.
    public static let pedestrian = VehicleProfile(
        name: "pedestrian", defaultSpeed: 1.4,
        initial: PromptWindow(start: 150, end: 110),
        prepare: PromptWindow(start: 40, end: 25),
        executeMinimumDistance: 6, executeLeadTime: 5, reactionTime: 4,
        chainingDistance: 25, continueMinimumDistance: 250, continueMinimumTime: 120,
        plannedAcceleration: 0.3)
}

/// Lenient decoding for configuration files: a profile names its base ("car", "bicycle",
/// "pedestrian") and overrides only what it lists.
extension VehicleProfile {
    /// The built-in profiles by name.
    public static let standard: [String: VehicleProfile] = [
        car.name: car, bicycle.name: bicycle, pedestrian.name: pedestrian,
    ]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decodeIfPresent(String.self, forKey: .name) ?? VehicleProfile.car.name
        var profile = VehicleProfile.standard[name] ?? .car
        profile.name = name
        func value<T: Decodable>(_ key: CodingKeys, _ base: T) throws -> T {
            try container.decodeIfPresent(T.self, forKey: key) ?? base
        }
        profile.defaultSpeed = try value(.defaultSpeed, profile.defaultSpeed)
        profile.initial = try value(.initial, profile.initial)
        profile.prepare = try value(.prepare, profile.prepare)
        profile.executeMinimumDistance = try value(.executeMinimumDistance, profile.executeMinimumDistance)
        profile.executeLeadTime = try value(.executeLeadTime, profile.executeLeadTime)
        profile.minimumLeadTime = try value(.minimumLeadTime, profile.minimumLeadTime)
        profile.reactionTime = try value(.reactionTime, profile.reactionTime)
        profile.chainingDistance = try value(.chainingDistance, profile.chainingDistance)
        profile.continueMinimumDistance = try value(.continueMinimumDistance, profile.continueMinimumDistance)
        profile.continueMinimumTime = try value(.continueMinimumTime, profile.continueMinimumTime)
        profile.plannedAcceleration = try value(.plannedAcceleration, profile.plannedAcceleration)
        if container.contains(.motorwayFinal) {
            profile.motorwayFinal = try container.decodeIfPresent(MotorwayFinal.self, forKey: .motorwayFinal)
        }
        self = profile
    }
}
