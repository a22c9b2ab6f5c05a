/// A run of drives as JUnit XML, the format CI systems read: one test case per drive, a `<failure>`
/// per failed expectation, an `<error>` for a drive that could not run.
public enum JUnitReport {
    public static func render(_ run: DriveRunOutcome, suite: String = "voxnav drive") -> String {
        var xml = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\"\(escape(suite))\" tests=\"\(run.drives.count)\" failures=\"\(run.failed)\" errors=\"\(run.errors)\" time=\"\(seconds(run.wallSeconds))\">",
            "  <testsuite name=\"\(escape(suite))\" tests=\"\(run.drives.count)\" failures=\"\(run.failed)\" errors=\"\(run.errors)\" skipped=\"0\" time=\"\(seconds(run.wallSeconds))\">",
        ]
        for drive in run.drives {
            let name = drive.name.map { "\(drive.scenario): \($0)" } ?? drive.scenario
            xml.append(
                "    <testcase classname=\"\(escape(suite))\" name=\"\(escape(name))\" file=\"\(escape(drive.scenario))\" time=\"\(seconds(drive.wallSeconds))\">"
            )
            for failure in drive.failures {
                xml.append(
                    "      <failure type=\"expectation\" message=\"\(escape(failure.path + ": expected " + failure.expected))\">\(escape(failure.description))</failure>"
                )
            }
            if let error = drive.error {
                xml.append(
                    "      <error type=\"error\" message=\"\(escape(error.split(separator: "\n").first.map(String.init) ?? error))\">\(escape(error))</error>")
            }
            var out = ["\(ClockTime.format(drive.driveSeconds)) of driving, \(drive.promptsQueued) prompts, \(drive.expectations) expectations"]
            if let directory = drive.reportDirectory { out.append("report: \(directory)") }
            if drive.error == nil { xml.append("      <system-out>\(escape(out.joined(separator: "\n")))</system-out>") }
            xml.append("    </testcase>")
        }
        xml += ["  </testsuite>", "</testsuites>", ""]
        return xml.joined(separator: "\n")
    }

    /// Text for an attribute or element: the five markup characters as entities, and the characters
    /// XML 1.0 cannot hold at all (control characters but tab, newline, return) dropped.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                if v < 0x20 || (0xFFFE...0xFFFF).contains(v) { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func seconds(_ value: Double) -> String {
        let millis = Int((max(0, value) * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
