import YAMLTree

extension PolicyReader {
    /// `audibility: {promptAboveBed: 10, deepestDuck: -35, maxBoost: 6, promptLevel: -21}`;
    /// `promptAboveBed: off` sets no target, `promptLevel: off` levels nothing.
    mutating func readAudibility(_ node: YAMLCursor, into audibility: inout Audibility) {
        for (key, value) in entries(node, known: ["promptAboveBed", "deepestDuck", "maxBoost", "promptLevel"]) {
            switch key {
            case "promptAboveBed": numberOrOff(value, into: &audibility.promptAboveBed)
            case "promptLevel": numberOrOff(value, into: &audibility.promptLevel)
            case "deepestDuck":
                if let n = number(value) { audibility.deepestDuck = n }
            default:
                if let n = number(value) { audibility.maxBoost = n }
            }
        }
    }

    /// A number, or `off` for none; `target` is left as it was when the value is neither.
    private mutating func numberOrOff(_ value: YAMLCursor, into target: inout Double?) {
        if value.text == "off" {
            target = nil
        } else if let n = number(value) {
            target = n
        }
    }
}
