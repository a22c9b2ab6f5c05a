import DriveSimulation
import Foundation
import Testing

/// What a drive decided, as a change that keeps behaviour must leave it: every prompt (its words,
/// style, priority, outcome, maneuver and state, when it was queued, started and ended), every
/// source's states over time (playing, ducked and how deep, paused, stopped) and every session's
/// activation window. Times are on the drive's virtual clock, to the millisecond; client ids and the
/// sessions' own tracks are left out (each run gives fresh ones).
///
/// The record of each example drive and route fixture is kept in `Tests/decisions/<name>.json`
/// (`HeardInTimeRouteTests` drives them). A change meant to alter decisions (a new rule, new
/// words) records them again: run those tests with `VOXNAV_RECORD_DECISIONS=1`, and review the diff.
struct DecisionRecord: Codable, Equatable {
    struct Prompt: Codable, Equatable {
        var text: String
        var style: String?
        var priority: String?
        var result: String
        var maneuver: String?
        var state: String?
        var queuedAt: Double?
        var startedAt: Double?
        var endedAt: Double?
    }

    struct Segment: Codable, Equatable {
        var source: String
        var state: String
        var dB: Double?
        var start: Double
        var end: Double
    }

    struct Activation: Codable, Equatable {
        var start: Double
        var end: Double
    }

    var prompts: [Prompt]
    var sources: [Segment]
    var activations: [Activation]

    init(_ report: TimelineReport) {
        prompts = report.prompts.map {
            Prompt(
                text: $0.text, style: $0.style?.rawValue, priority: $0.priority, result: $0.result.rawValue, maneuver: $0.maneuver,
                state: $0.state?.rawValue, queuedAt: Self.ms($0.queuedAt), startedAt: Self.ms($0.startedAt), endedAt: Self.ms($0.endedAt))
        }
        sources = report.sources.filter { !$0.id.hasPrefix("session:") }.flatMap { track in
            track.segments.map {
                Segment(source: track.id, state: $0.state.rawValue, dB: Self.ms($0.dB), start: Self.ms($0.start), end: Self.ms($0.end))
            }
        }
        activations = report.activations.map { Activation(start: Self.ms($0.start), end: Self.ms($0.end)) }
    }

    static func ms(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
    static func ms(_ value: Double?) -> Double? { value.map(ms) }

    static let directory = DriveRunner.root.appendingPathComponent("Tests/decisions")

    /// Checks that `report`, the drive `name`, decided what its record says; with
    /// `VOXNAV_RECORD_DECISIONS=1`, writes the record instead.
    static func expectSame(_ report: TimelineReport, as name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent("\(name).json")
        let record = DecisionRecord(report)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        if ProcessInfo.processInfo.environment["VOXNAV_RECORD_DECISIONS"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try (encoder.encode(record) + Data("\n".utf8)).write(to: url)
            return
        }
        let kept = try JSONDecoder().decode(DecisionRecord.self, from: Data(contentsOf: url))
        guard kept != record else { return }
        Issue.record(
            Comment(rawValue: "\(name): the drive decided otherwise than Tests/decisions/\(name).json\n\(kept.difference(from: record))"),
            sourceLocation: sourceLocation)
    }

    /// The first differences, kept against now, one per line.
    func difference(from now: DecisionRecord) -> String {
        var lines: [String] = []
        func compare<T: Equatable>(_ what: String, _ kept: [T], _ now: [T]) {
            if kept.count != now.count { lines.append("\(what): \(kept.count) kept, \(now.count) now") }
            for (index, (a, b)) in zip(kept, now).enumerated() where a != b {
                lines.append("\(what)[\(index)]: kept \(a)\n    now \(b)")
                if lines.count >= 6 { return }
            }
        }
        compare("prompts", prompts, now.prompts)
        compare("sources", sources, now.sources)
        compare("activations", activations, now.activations)
        return lines.prefix(8).joined(separator: "\n")
    }
}
