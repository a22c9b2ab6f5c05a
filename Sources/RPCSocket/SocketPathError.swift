/// A socket or journal path that voxnavd refuses, and why.
public struct SocketPathError: Error, CustomStringConvertible {
    public let path: String
    public let problem: String
    public var description: String { "refusing \(path): it \(problem)" }
}
