import RPC

/// Typed access to a request's named params; every problem becomes an `invalidParams` error.
struct Params {
    private let object: [String: JSONValue]

    init(_ value: JSONValue?) throws(RPCError) {
        switch value {
        case nil, .null?: object = [:]
        case .object(let o)?: object = o
        default: throw RPCError.invalidParams("params must be an object with named members")
        }
    }

    func has(_ key: String) -> Bool { object[key] != nil && object[key] != .null }

    func string(_ key: String) throws(RPCError) -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let s)?: return s
        default: throw RPCError.invalidParams("'\(key)' must be a string")
        }
    }

    func number(_ key: String) throws(RPCError) -> Double? {
        switch object[key] {
        case nil, .null?: return nil
        case .number(let n)? where n.isFinite: return n
        default: throw RPCError.invalidParams("'\(key)' must be a number")
        }
    }

    func requiredNumber(_ key: String, min: Double, max: Double) throws(RPCError) -> Double {
        guard let value = try number(key) else { throw RPCError.invalidParams("'\(key)' is required") }
        guard value >= min, value <= max else { throw RPCError.invalidParams("'\(key)' must be between \(min) and \(max)") }
        return value
    }

    func requiredString(_ key: String) throws(RPCError) -> String {
        guard let value = try string(key) else { throw RPCError.invalidParams("'\(key)' is required") }
        return value
    }

    /// A string that must be one of an enum's raw values.
    func requiredCase<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(RPCError) -> T where T.RawValue == String {
        let raw = try requiredString(key)
        guard let value = T(rawValue: raw) else {
            let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw RPCError.invalidParams("unknown \(key) '\(raw)' (allowed: \(allowed))")
        }
        return value
    }

    /// Decodes a member as `T`; decoding problems name the member and the bad value.
    func decode<T: Decodable>(_ key: String, _ type: T.Type) throws(RPCError) -> T {
        guard let value = object[key], value != .null else { throw RPCError.invalidParams("'\(key)' is required") }
        do {
            return try value.decode(T.self)
        } catch let error as DecodingError {
            throw RPCError.invalidParams("'\(key)': \(DecodingErrorText.describe(error))")
        } catch {
            throw RPCError.invalidParams("'\(key)': \(error)")
        }
    }

    func decodeIfPresent<T: Decodable>(_ key: String, _ type: T.Type) throws(RPCError) -> T? {
        has(key) ? try decode(key, type) : nil
    }

    func bool(_ key: String) throws(RPCError) -> Bool? {
        switch object[key] {
        case nil, .null?: return nil
        case .bool(let b)?: return b
        default: throw RPCError.invalidParams("'\(key)' must be true or false")
        }
    }

    /// An optional string that must be one of an enum's raw values.
    func optionalCase<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(RPCError) -> T? where T.RawValue == String {
        has(key) ? try requiredCase(key, type) : nil
    }

    /// Rejects members the method does not know, so a typo is reported instead of ignored.
    func allowOnly(_ keys: Set<String>) throws(RPCError) {
        let unknown = Set(object.keys).subtracting(keys).sorted()
        if !unknown.isEmpty {
            throw RPCError.invalidParams("unknown member(s) \(unknown.joined(separator: ", ")) (allowed: \(keys.sorted().joined(separator: ", ")))")
        }
    }
}
