import Foundation
import RPC
import Testing

/// docs/protocol.schema.json and `EventType` name the same event types and groups, both ways.
@Suite struct EventTypeSchemaTests {
    static let schemaURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/protocol.schema.json")

    static func schema() throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL)) as? [String: Any])
    }

    static func lookup(_ object: Any?, _ path: [String]) -> Any? {
        path.reduce(object) { node, key in
            if let dictionary = node as? [String: Any] { return dictionary[key] }
            if let array = node as? [Any], let index = Int(key), array.indices.contains(index) { return array[index] }
            return nil
        }
    }

    @Test func theEventsTypeIsEveryEventTypeAndNoOther() throws {
        let types = try #require(Self.lookup(try Self.schema(), ["$defs", "Event", "properties", "type", "enum"]) as? [String])
        #expect(types == EventType.allCases.map(\.rawValue))
    }

    @Test func aSubscriptionNamesEveryTypeAndGroupAndNoOther() throws {
        let schema = try Self.schema()
        let wanted = try #require(
            Self.lookup(schema, ["$defs", "params.events.subscribe", "properties", "types", "anyOf", "0", "items", "enum"]) as? [String])
        let subscribed = try #require(Self.lookup(schema, ["$defs", "result.events.subscribe", "properties", "subscribed", "items", "enum"]) as? [String])
        let expected = Set(EventType.allCases.map(\.rawValue) + EventType.groups)
        #expect(Set(wanted) == expected)
        #expect(Set(subscribed) == expected)
        #expect(EventType.groups == ["prompt", "session", "source", "interruption", "audit", "alert", "guidance", "server", "journal", "subscription"])
    }
}
