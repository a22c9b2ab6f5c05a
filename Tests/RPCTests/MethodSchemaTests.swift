import AudioPolicy
import Foundation
import Guidance
import RPC
import Testing

/// docs/protocol.schema.json and the typed methods in `RPC` describe the same protocol, both ways:
/// the same methods, the same params members, the same required ones, the same enum values.
@Suite struct MethodSchemaTests {
    private func definitions() throws -> [String: Any] {
        try #require(EventTypeSchemaTests.lookup(try EventTypeSchemaTests.schema(), ["$defs"]) as? [String: Any])
    }

    @Test func theSchemaHasExactlyTheMethodsOfRPC() throws {
        let defs = try definitions()
        let names = Set(Methods.all.map { $0.name })
        #expect(names.count == Methods.all.count)
        #expect(Set(defs.keys.filter { $0.hasPrefix("params.") }.map { String($0.dropFirst("params.".count)) }) == names)
        #expect(Set(defs.keys.filter { $0.hasPrefix("result.") }.map { String($0.dropFirst("result.".count)) }) == names)
        let calls = try #require(defs["MethodCall"] as? [String: Any])["oneOf"] as? [[String: Any]]
        let called = try #require(calls).compactMap { EventTypeSchemaTests.lookup($0, ["properties", "method", "const"]) as? String }
        #expect(Set(called) == names)
    }

    @Test(arguments: Methods.all.map { $0.name })
    func eachMethodsParamsMembersAreTheSchemas(_ name: String) throws {
        let method = try #require(Methods.all.first { $0.name == name })
        let params = try #require(try definitions()["params." + name] as? [String: Any])
        let schemaMembers = Set((params["properties"] as? [String: Any] ?? [:]).keys)
        #expect(schemaMembers == Set(members(of: method)))
        let closed = params["additionalProperties"] as? Bool == false || params["maxProperties"] as? Int == 0
        #expect(closed, "params.\(name) must refuse unknown members, as the daemon does")
        // A member the schema requires is one without which the params are refused, and the other way round.
        let required = params["required"] as? [String] ?? []
        let needsOne = params["anyOf"] != nil || params["oneOf"] != nil
        #expect(refusesNothing(method) == (required.isEmpty && !needsOne), "params.\(name) required: \(required)")
    }

    @Test func theSchemasEnumsAreTheTypesCases() throws {
        let defs = try definitions()
        func values(_ name: String) -> [String]? { (defs[name] as? [String: Any])?["enum"] as? [String] }
        #expect(values("SourceKind") == SourceKind.allCases.map(\.rawValue))
        #expect(values("SourceActivity") == SourceActivity.allCases.map(\.rawValue))
        #expect(values("PromptPriority") == PromptPriority.allCases.map(\.rawValue))
        #expect(values("PromptStyle") == PromptStyle.allCases.map(\.rawValue))
        #expect(values("AlertKind") == AlertKind.allCases.map(\.rawValue))
        #expect(values("ForeignHandling") == ForeignHandling.allCases.map(\.rawValue))
        let outcome = try #require(defs["PromptOutcome"] as? [String: Any])
        #expect(EventTypeSchemaTests.lookup(outcome, ["properties", "cut", "enum"]) as? [String] == PromptCutRule.allCases.map(\.rawValue))
        let event = try #require(defs["Event"] as? [String: Any])
        #expect(EventTypeSchemaTests.lookup(event, ["properties", "cut", "enum"]) as? [String] == PromptCutRule.allCases.map(\.rawValue))
        let configure = try #require(defs["params.session.configure"] as? [String: Any])
        #expect(EventTypeSchemaTests.lookup(configure, ["properties", "category", "enum"]) as? [String] == SessionCategory.allCases.map(\.rawValue))
        #expect(
            EventTypeSchemaTests.lookup(configure, ["properties", "mode", "anyOf", "0", "enum"]) as? [String] == SessionMode.allCases.map(\.rawValue))
        #expect(
            EventTypeSchemaTests.lookup(configure, ["properties", "options", "anyOf", "0", "items", "enum"]) as? [String]
                == SessionOptions.named.map(\.name))
    }

    private func members<M: RPCMethod>(of method: M.Type) -> [String] { M.Params.CodingKeys.allCases.map(\.stringValue) }

    private func refusesNothing<M: RPCMethod>(_ method: M.Type) -> Bool {
        (try? M.Params.decode(nil, method: M.name)) != nil
    }
}

/// The schema's Maneuver has exactly the members the decoder accepts, and every type and alias.
@Suite struct ManeuverSchemaTests {
    @Test func theSchemasManeuverIsTheDecoders() throws {
        let defs = try #require(EventTypeSchemaTests.lookup(try EventTypeSchemaTests.schema(), ["$defs"]) as? [String: Any])
        let maneuver = try #require(defs["Maneuver"] as? [String: Any])
        #expect(Set((maneuver["properties"] as? [String: Any] ?? [:]).keys) == Set(Maneuver.memberNames))
        #expect(maneuver["additionalProperties"] as? Bool == false)
        let types = try #require(EventTypeSchemaTests.lookup(maneuver, ["properties", "type", "enum"]) as? [String])
        #expect(Set(types) == Set(ManeuverType.allCases.map(\.rawValue) + ManeuverType.aliases.keys))
    }
}
