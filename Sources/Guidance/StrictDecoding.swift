import Foundation

/// Decodes a closed set of string values, failing with an error that names the bad value and
/// every allowed one (the synthesized error only says "invalid String value").
func decodeStrictly<T: RawRepresentable & CaseIterable>(
    _ type: T.Type, from decoder: any Decoder, named what: String
) throws -> T where T.RawValue == String {
    let container = try decoder.singleValueContainer()
    let raw = try container.decode(String.self)
    guard let value = T(rawValue: raw) else {
        throw DecodingError.dataCorruptedError(
            in: container,
            debugDescription: unknownValueMessage(raw, what: what, allowed: T.allCases.map(\.rawValue)))
    }
    return value
}

func unknownValueMessage(_ raw: String, what: String, allowed: [String]) -> String {
    "Unknown \(what) \"\(raw)\"; allowed: \(allowed.joined(separator: ", "))"
}
