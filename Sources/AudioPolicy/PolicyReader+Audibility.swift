import YAMLTree

extension PolicyReader {
    /// `audibility: {promptAboveBed: 10, deepestDuck: -35, maxBoost: 6, promptLevel: -21}`;
    /// `promptAboveBed: off` sets no target, `promptLevel: off` levels nothing.
    mutating func readAudibility(_ node: YAMLCursor, into audibility: inout Audibility) {
        for (key, value) in entries(node, known: ["promptAboveBed", "deepestDuck", "maxBoost", "promptLevel"]) {
            switch key {
            case "promptAboveBed":
                if value.text == "off" {
                    audibility.promptAboveBed = nil
                } else if let n = number(value) {
                    audibility.promptAboveBed = n
                }
            case "promptLevel":
                if value.text == "off" {
                    audibility.promptLevel = nil
                } else if let n = number(value) {
                    audibility.promptLevel = n
                }
            case "deepestDuck":
                if let n = number(value) { audibility.deepestDuck = n }
            default:
                if let n = number(value) { audibility.maxBoost = n }
            }
        }
    }
}
