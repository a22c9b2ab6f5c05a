import DriveSimulation
import FoundationEssentials
import TextFormat

/// Writes a drive's report: the JSON timeline and its SVG picture.
enum DriveOutput {
    static func write(_ report: TimelineReport, to directory: String) throws -> [String] {
        let url = URL(fileURLWithPath: directory)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let json = url.appendingPathComponent("timeline.json")
            try encoder.encode(report).write(to: json)
            let svg = url.appendingPathComponent("timeline.svg")
            try Data(TimelineSVG.render(report).utf8).write(to: svg)
            return [json.relativePath, svg.relativePath]
        } catch {
            throw CLIError("cannot write the report into \(directory): \(ErrorText.readable(error))")
        }
    }
}
