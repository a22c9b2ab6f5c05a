extension StringProtocol {
    /// The text without leading and trailing white space (spaces, tabs and line breaks).
    public func trimmingWhitespace() -> String { trimming(where: \.isWhitespace) }

    /// The text without the leading and trailing characters that `unwanted` picks.
    public func trimming(where unwanted: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !unwanted($0) }), let last = lastIndex(where: { !unwanted($0) }) else { return "" }
        return String(self[first...last])
    }
}
