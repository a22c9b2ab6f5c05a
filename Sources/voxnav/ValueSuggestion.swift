import StrictCoding

/// swift-argument-parser refuses a value that is none of an enum's names by listing the names (all
/// 54 maneuver types for `voxnav maneuver turnLeft`). When one of them is close, this says it first
/// ("Did you mean 'leftTurn'?"): before a short list, in place of a long one, which `--help` still gives.
enum ValueSuggestion {
    static let listHeader = "Please provide one of the following:\n"
    static let inlineHeader = "Please provide one of "
    /// More values than this are not repeated after a suggestion.
    static let longList = 10

    /// The parser's message with the suggestion, or nil when it is not a refused value or nothing is close.
    static func rewrite(_ message: String) -> String? {
        guard let start = message.firstRange(of: "The value '"),
            let end = message[start.upperBound..<message.endIndex].firstRange(of: "' is invalid for '")
        else { return nil }
        let typed = String(message[start.upperBound..<end.lowerBound])
        if let list = message[end.upperBound..<message.endIndex].firstRange(of: listHeader) {
            // A long list, a value a line: replaced by the suggestion.
            var values: [String] = []
            var rest: [Substring] = []
            for line in message[list.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
                if rest.isEmpty, line.hasPrefix("  - ") { values.append(String(line.dropFirst(4))) } else { rest.append(line) }
            }
            guard let near = NearestName.suggestion(for: typed, among: values) else { return nil }
            // A list of a few values stays after the suggestion; a long one is left to --help.
            guard values.count > longList else { return message[..<list.lowerBound] + "Did you mean '\(near)'? " + message[list.lowerBound...] }
            return message[..<list.lowerBound] + "Did you mean '\(near)'? (one of \(values.count) values: --help lists them)\n"
                + rest.joined(separator: "\n")
        }
        // A short list in one sentence ("one of 'a', 'b' or 'c'."): the suggestion goes before it.
        guard let inline = message[end.upperBound..<message.endIndex].firstRange(of: inlineHeader),
            let sentenceEnd = message[inline.upperBound..<message.endIndex].firstRange(of: ".\n")
        else { return nil }
        let values = message[inline.upperBound..<sentenceEnd.lowerBound].split(separator: "'", omittingEmptySubsequences: false)
            .enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        guard let near = NearestName.suggestion(for: typed, among: values) else { return nil }
        return message[..<inline.lowerBound] + "Did you mean '\(near)'? " + message[inline.lowerBound...]
    }
}
