import AudioPolicy
import Guidance
import StrictCoding
import YAMLTree

/// A drive to simulate: route, speed, language and the car's audio over time (docs/DRIVES.md).
public struct Scenario: Sendable, Equatable {
    public var name: String
    public var description: String?
    /// Phrase-pack tag (BCP 47): "en-US", "de". Whether the pack exists is the caller's check.
    public var language: String
    /// Units to speak distances in; nil keeps the pack's own.
    public var units: UnitSystem?
    /// How much guidance says (`guidance.start`'s verbosity); nil: normal.
    public var verbosity: Verbosity?
    /// What the driver's prompts do during a call (`session.promptsDuringCall`); nil: tone.
    public var promptsDuringCall: PromptsDuringCall?
    public var vehicle: VehicleKind
    public var route: RouteSource
    public var speed: SpeedProfile
    /// Sorted by time; events at the same time keep the file's order.
    public var audio: [CarAudioEvent]
    public var options: ScenarioOptions
    /// What the drive must do to pass; empty: it only reports.
    public var expect: DriveExpectations
    /// A policy file (relative to the scenario) laid over the built-in policy for this drive's daemon.
    public var policy: String?
    /// How loud the driver's prompts are (`session.guidanceGain`); nil: normal.
    public var guidanceGain: GuidanceGain?

    public init(
        name: String, description: String? = nil, language: String, units: UnitSystem? = nil, verbosity: Verbosity? = nil,
        promptsDuringCall: PromptsDuringCall? = nil, vehicle: VehicleKind = .car,
        route: RouteSource, speed: SpeedProfile, audio: [CarAudioEvent] = [], options: ScenarioOptions = ScenarioOptions(),
        expect: DriveExpectations = DriveExpectations()
    ) {
        self.name = name
        self.description = description
        self.language = language
        self.units = units
        self.verbosity = verbosity
        self.promptsDuringCall = promptsDuringCall
        self.vehicle = vehicle
        self.route = route
        self.speed = speed
        self.audio = audio
        self.options = options
        self.expect = expect
    }

    /// Parses and validates a scenario file. Every problem is reported with its key path and line.
    /// The most a scenario file may hold: a scenario is a page of YAML (its route may be in a file of its own).
    public static let maximumFileSize = 1 << 20

    public init(yaml text: String) throws(ScenarioError) {
        if let problem = InputLimits.sizeProblem("the scenario", size: text.utf8.count, cap: Self.maximumFileSize) {
            throw ScenarioError(problems: [ScenarioProblem(kind: .invalidYAML, document: "scenario", path: "", message: problem)])
        }
        var reader = YAMLReader()
        guard let root = reader.root(text, document: "scenario"), let scenario = reader.scenario(root), reader.problems.isEmpty else {
            throw ScenarioError(problems: reader.problems)
        }
        self = scenario
    }

    public static let keys = [
        "name", "description", "language", "units", "verbosity", "promptsDuringCall", "vehicle", "route", "speed", "audio", "options", "expect", "policy",
        "guidanceGain",
    ]
}
