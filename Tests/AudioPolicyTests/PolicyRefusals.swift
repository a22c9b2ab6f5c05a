import Testing

@testable import AudioPolicy

/// Expects each policy text to be refused with a problem at its key path (the second member) whose
/// message says what went wrong (the third): a bad value changes nothing, since parsing throws and no
/// policy comes of it.
func expectRefused(_ cases: [(String, String, String)], sourceLocation: SourceLocation = #_sourceLocation) {
    for (yaml, path, message) in cases {
        #expect("\(yaml)", sourceLocation: sourceLocation) {
            try Policy.parse(yaml: yaml, over: .builtIn)
        } throws: { error in
            guard let error = error as? PolicyError else { return false }
            return error.problems.contains { $0.path == path && $0.message.contains(message) }
        }
    }
}
