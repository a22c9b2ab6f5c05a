import Foundation

/// Deterministic damage to a text, driven by random integers: delete, duplicate or swap lines,
/// change a character, cut the text short. Real files, slightly broken, are what users write.
enum Mutation {
    static func apply(_ seeds: [Int], to text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        for seed in seeds {
            guard !lines.isEmpty else { break }
            let line = seed % lines.count
            switch (seed / 7) % 6 {
            case 0: lines.remove(at: line)
            case 1: lines.insert(lines[line], at: line)
            case 2: lines.swapAt(line, (seed / 13) % lines.count)
            case 3, 4:
                var characters = Array(lines[line])
                guard !characters.isEmpty else { continue }
                let replacement = Array(":-[]{}#'\"\t 0a-9é\u{0}")[(seed / 17) % 17]
                characters[(seed / 31) % characters.count] = replacement
                lines[line] = String(characters)
            default: lines = Array(lines.prefix(line))
            }
        }
        return lines.joined(separator: "\n")
    }

    static func repositoryFile(_ path: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
}
