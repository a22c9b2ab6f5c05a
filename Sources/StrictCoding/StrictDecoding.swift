/// Decoding that names what was wrong. The synthesized Codable errors say "invalid String value" or
/// ignore unknown members; VoxNav's inputs (the socket's params, maneuvers, journals) must tell the
/// client the bad value and every allowed one, in one format everywhere.

/// Decodes a closed set of string values, failing with an error that names the bad value and
/// every allowed one.
public func decodeStrictly<T: RawRepresentable & CaseIterable>(
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

/// `Unknown source kind "cdPlayer"; allowed: fmRadio, music, …`
public func unknownValueMessage(_ raw: String, what: String, allowed: [String]) -> String {
    "Unknown \(what) \"\(raw)\"; allowed: \(allowed.joined(separator: ", "))"
}

/// `Unknown maneuver member "roadname"; allowed: type, …` (the one format for unknown members).
public func unknownMembersMessage(_ unknown: [String], of what: String, allowed: [String]) -> String {
    "Unknown \(what) member\(unknown.count > 1 ? "s" : "") \(unknown.map { "\"\($0)\"" }.joined(separator: ", ")); allowed: \(allowed.joined(separator: ", "))"
}

/// Any key, to list what a JSON object holds.
private struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Fails when the object being decoded has members `Keys` does not know, naming them and the
/// allowed ones, so that a typo ("roadname") is an error instead of a silently missing road.
public func rejectUnknownKeys<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type, in decoder: any Decoder, of what: String) throws {
    try rejectUnknownKeys(allowed: Keys.allCases.map(\.stringValue), in: decoder, of: what)
}

/// The same, for an object whose members come from more than one key type.
public func rejectUnknownKeys(allowed: [String], in decoder: any Decoder, of what: String) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    let unknown = container.allKeys.map(\.stringValue).filter { !allowed.contains($0) }.sorted()
    guard let first = unknown.first else { return }
    throw DecodingError.dataCorruptedError(
        forKey: AnyKey(stringValue: first), in: container,
        debugDescription: unknownMembersMessage(unknown, of: what, allowed: allowed))
}
