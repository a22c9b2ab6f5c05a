extension StringProtocol {
    /// Exactly `width` characters: cut, or filled out with spaces on the right (a table's column).
    public func padding(toWidth width: Int) -> String {
        count >= width ? String(prefix(width)) : String(self) + String(repeating: " ", count: width - count)
    }
}
