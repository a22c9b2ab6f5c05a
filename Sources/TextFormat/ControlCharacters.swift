extension StringProtocol {
    /// The text with its control characters written out as JSON writes them (`\u001B`, `\r`, `\t`;
    /// a line break as `\n` unless `keepingLineBreaks`), so that text from a file, a client or the
    /// daemon, printed or written into a summary, cannot retitle the terminal, clear the screen or
    /// move the cursor: C0 controls, DEL, and C1 controls (U+0080–U+009F: U+009B starts an escape
    /// sequence alone on some terminals). JSON text stays JSON: a control character can only be in a
    /// string there, where these are its escapes.
    public func escapingControlCharacters(keepingLineBreaks: Bool = false) -> String {
        guard unicodeScalars.contains(where: { $0.isControl && !(keepingLineBreaks && $0 == "\n") }) else { return String(self) }
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n" where keepingLineBreaks: result.unicodeScalars.append(scalar)
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.isControl:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension Unicode.Scalar {
    /// C0, DEL or C1: what a terminal may take as a command.
    fileprivate var isControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}
