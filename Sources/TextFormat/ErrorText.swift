import FoundationEssentials
import Glibc

/// An error as a person reads it. Foundation's `localizedDescription` (which brings ICU) is not
/// there without Foundation, and a file error's own description is a dump of its fields: this says
/// the system's reason and the path ("/x/y: No such file or directory").
public enum ErrorText {
    public static func readable(_ error: any Error) -> String {
        if let error = error as? CocoaError {
            let reason: String
            if let posix = error.underlying as? POSIXError {
                reason = String(cString: strerror(posix.code.rawValue))
            } else {
                reason = "file error \(error.code.rawValue)"
            }
            return error.filePath.map { "\($0): \(reason)" } ?? reason
        }
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        return "\(error)"
    }
}
