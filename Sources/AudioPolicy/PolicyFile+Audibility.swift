import YAMLTree

extension PolicyReader {
    /// `audibility: {promptAboveBed: 10, deepestDuck: -35, maxBoost: 6}`; `promptAboveBed: off` sets no target.
    mutating func readAudibility(_ node: YAMLNode, into audibility: inout Audibility) {
        for (key, value) in entries(node, at: "audibility", known: ["promptAboveBed", "deepestDuck", "maxBoost"]) {
            let path = "audibility.\(key)"
            switch key {
            case "promptAboveBed":
                if value.scalar != nil, value.string == "off" {
                    audibility.promptAboveBed = nil
                } else if let n = number(value, at: path) {
                    audibility.promptAboveBed = n
                }
            case "deepestDuck":
                if let n = number(value, at: path) { audibility.deepestDuck = n }
            default:
                if let n = number(value, at: path) { audibility.maxBoost = n }
            }
        }
    }
}
