import Glibc

/// Text written straight to a standard stream, unbuffered (`print` buffers standard output).
public enum StandardStream {
    public static func writeError(_ text: String) { write(text, to: 2) }
    public static func writeOutput(_ text: String) { write(text, to: 1) }

    private static func write(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
