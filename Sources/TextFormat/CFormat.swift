import Glibc

extension String {
    /// C's `printf` formatting of numbers (`%d`, `%.1f`, `%8.2f`, `%02d`): what `String(format:)`
    /// does for them, without Foundation (whose formatting brings ICU into the binary). Strings go
    /// in by interpolation, not as arguments.
    public init(cFormat format: String, _ arguments: any CVarArg...) {
        self = Self.printf(format, arguments)
    }

    private static func printf(_ format: String, _ arguments: [any CVarArg]) -> String {
        let size = Int(withVaList(arguments) { vsnprintf(nil, 0, format, $0) })
        guard size > 0 else { return "" }
        var bytes = [CChar](repeating: 0, count: size + 1)
        _ = withVaList(arguments) { list in bytes.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, list) } }
        return String(decoding: bytes[0..<size].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
