import Foundation
import StrictCoding

/// Reads a file VoxNav parses (a policy, a scenario, a route, a phrase pack) only when it is within
/// its size cap, and never more than the cap: a 50 MB route or a 100 MB policy is refused before a
/// byte of it is parsed, with an error naming the file, its size and the cap.
public enum BoundedFile {
    public struct Refusal: Error, CustomStringConvertible {
        public let description: String
    }

    /// The file's bytes. - Parameter what: how the error names it ("the policy file").
    public static func read(_ path: String, cap: Int, what: String) throws(Refusal) -> Data {
        let named = "\(what) \(path)"
        guard let handle = FileHandle(forReadingAtPath: path) else { throw Refusal(description: "cannot read \(named)") }
        defer { try? handle.close() }
        let statedSize = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        // One byte over the cap tells a file that is too big (a special file has no size of its own).
        let data: Data
        do {
            data = try handle.read(upToCount: cap + 1) ?? Data()
        } catch {
            throw Refusal(description: "cannot read \(named): \(error.localizedDescription)")
        }
        if let problem = InputLimits.sizeProblem(named, size: max(statedSize, data.count), cap: cap) {
            throw Refusal(description: problem + (data.count > cap && statedSize <= cap ? " (it is not a regular file)" : ""))
        }
        return data
    }

    /// The file as UTF-8 text.
    public static func text(_ path: String, cap: Int, what: String) throws(Refusal) -> String {
        let data = try read(path, cap: cap, what: what)
        guard let text = String(data: data, encoding: .utf8) else { throw Refusal(description: "\(what) \(path) is not UTF-8 text") }
        return text
    }
}
