import AudioTestSupport
import Foundation

/// Source outputs (record streams) as `pactl` reports them: PulseProbe lists only sink inputs.
enum SourceOutputProbe {
    struct SourceOutput {
        var index: Int
        var properties: [String: String]
    }

    static func sourceOutputs() throws -> [SourceOutput] {
        let data = try PulseProbe.run("pactl", ["--format=json", "list", "source-outputs"])
        guard let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return list.map {
            SourceOutput(
                index: ($0["index"] as? NSNumber)?.intValue ?? -1,
                properties: $0["properties"] as? [String: String] ?? [:])
        }
    }
}
