import ProcessSupport
import TextFormat

// What the CLI prints comes from files (scenario and road names, phrases), clients (prompt texts,
// client names) and the daemon (reasons, errors): an escape sequence among them would retitle the
// terminal or clear the screen. All of it goes out with its control characters written out
// (`escapingControlCharacters`), line breaks kept; the progress bars' own sequences are drawn by
// `ProgressBoard` alone.

/// `print` of one text, found before the standard library's: every `print` of the CLI is this one.
func print(_ text: String) { Swift.print(text.escapingControlCharacters(keepingLineBreaks: true)) }

enum TerminalText {
    static func writeOutput(_ text: String) { StandardStream.writeOutput(text.escapingControlCharacters(keepingLineBreaks: true)) }
    static func writeError(_ text: String) { StandardStream.writeError(text.escapingControlCharacters(keepingLineBreaks: true)) }
}
