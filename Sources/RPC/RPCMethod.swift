import FoundationEssentials
import StrictCoding

/// One method of voxnavd's protocol: its name and the shapes of its params and result. The daemon
/// serves it, the clients call it, and docs/protocol.schema.json is tested against it.
public protocol RPCMethod: Sendable {
    associatedtype Params: MethodParams
    associatedtype Result: Codable & Sendable
    static var name: String { get }
}

/// A method's named params: decoded strictly (no unknown members), then checked as a whole.
public protocol MethodParams: Codable, Sendable {
    associatedtype CodingKeys: CodingKey & CaseIterable
    /// Checks what the types cannot say (ranges, members that go together); throws `invalidParams`.
    func validate() throws(RPCError)
}

extension MethodParams {
    public func validate() throws(RPCError) {}

    /// The one strict decoder for every method's params: an object (or nothing), no member the
    /// method does not know, every member of its type, then `validate()`. JSON null is the same
    /// as leaving a member out. Every problem is an `invalidParams` error that names the member.
    ///
    /// `frame`, the request's own bytes, is decoded directly where it can be (no member is null),
    /// instead of encoding the parsed params again to decode them.
    public static func decode(_ value: JSONValue?, frame: Data? = nil, method: String) throws(RPCError) -> Self {
        var object: [String: JSONValue]
        switch value {
        case nil, .null?: object = [:]
        case .object(let members)?: object = members
        default: throw RPCError.invalidParams("params must be an object with named members")
        }
        let direct = frame != nil && !object.values.contains(.null)
        object = object.filter { $0.value != .null }
        let allowed = CodingKeys.allCases.map(\.stringValue)
        let unknown = object.keys.filter { !allowed.contains($0) }.sorted()
        guard unknown.isEmpty else {
            throw RPCError.invalidParams(unknownMembersMessage(unknown, of: method, allowed: allowed))
        }
        let params: Self
        do {
            if direct, let frame {
                params = try JSONDecoder().decode(ParamsOfRequest<Self>.self, from: frame).params ?? JSONDecoder().decode(Self.self, from: Data("{}".utf8))
            } else {
                params = try JSONValue.object(object).decode(Self.self)
            }
        } catch let error as DecodingError {
            throw RPCError.invalidParams(DecodingErrorText.describe(error, under: direct ? "params" : nil))
        } catch {
            throw RPCError.invalidParams("\(error)")
        }
        try params.validate()
        return params
    }
}

/// Refuses a string member longer than `limit` characters, naming the member and the limit and
/// quoting at most `InputLimits.echoedCharacters` of it.
func checkLength(_ value: String?, _ member: String, limit: Int) throws(RPCError) {
    guard let value, let problem = InputLimits.lengthProblem(value, limit: limit) else { return }
    throw .invalidParams("'\(member)' \(problem)")
}

/// The params of a method that takes none.
public struct NoParams: MethodParams {
    public init() {}

    public struct CodingKeys: CodingKey, CaseIterable {
        public static var allCases: [CodingKeys] { [] }
        public var stringValue: String { "" }
        public var intValue: Int? { nil }
        public init?(stringValue: String) { nil }
        public init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {}
    public func encode(to encoder: any Encoder) throws { _ = encoder.container(keyedBy: CodingKeys.self) }
}

/// A request's `params` member, decoded from the request's bytes (the other members are the router's).
private struct ParamsOfRequest<Params: Decodable>: Decodable {
    let params: Params?
}
