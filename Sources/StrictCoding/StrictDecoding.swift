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
/// The value is echoed cut to `InputLimits.echoedCharacters`.
public func unknownValueMessage(_ raw: String, what: String, allowed: [String]) -> String {
    "Unknown \(what) \"\(InputLimits.echo(raw))\"; allowed: \(allowed.joined(separator: ", "))"
}

/// `Unknown maneuver member "roadname"; allowed: type, …` (the one format for unknown members).
/// Each member is echoed cut to `InputLimits.echoedCharacters`, and at most `InputLimits.listedProblems` are named.
public func unknownMembersMessage(_ unknown: [String], of what: String, allowed: [String]) -> String {
    var named = unknown.prefix(InputLimits.listedProblems).map { "\"\(InputLimits.echo($0))\"" }.joined(separator: ", ")
    if unknown.count > InputLimits.listedProblems { named += " and \(unknown.count - InputLimits.listedProblems) more" }
    return "Unknown \(what) member\(unknown.count > 1 ? "s" : "") \(named); allowed: \(allowed.joined(separator: ", "))"
}

extension KeyedDecodingContainer {
    /// A string member of at most `limit` characters (`InputLimits.nameCharacters` unless told),
    /// refused naming the member and the limit when longer.
    public func decodeName(_ key: Key, limit: Int = InputLimits.nameCharacters) throws -> String? {
        guard let value = try decodeIfPresent(String.self, forKey: key) else { return nil }
        if let problem = InputLimits.lengthProblem(value, limit: limit) {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: problem)
        }
        return value
    }

    /// A list of at most `count` strings of at most `limit` characters each.
    public func decodeNames(_ key: Key, count: Int, limit: Int = InputLimits.nameCharacters) throws -> [String]? {
        guard let values = try decodeIfPresent([String].self, forKey: key) else { return nil }
        guard values.count <= count else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "must list at most \(count), not \(values.count)")
        }
        for (index, value) in values.enumerated() {
            if let problem = InputLimits.lengthProblem(value, limit: limit) {
                throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "[\(index)] \(problem)")
            }
        }
        return values
    }
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
