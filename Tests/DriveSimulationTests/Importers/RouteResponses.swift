import Foundation

@testable import DriveSimulation

/// Reading route responses as `voxnav drive` does (through `RouteSource`, so a problem names the
/// file), and editing real ones to break them.
enum RouteResponses {
    /// The route of `source`, its file read from examples/routes or given as `text`.
    static func route(_ source: RouteSource, text: String? = nil) throws -> Route {
        try source.resolve { path in try text ?? Examples.text("routes/\(path)") }
    }

    /// The problems `source` has, its file's text being `text`.
    static func problems(_ source: RouteSource, text: String) -> [ScenarioProblem] {
        do {
            _ = try route(source, text: text)
            return []
        } catch let error as ScenarioError {
            return error.problems
        } catch {
            return [ScenarioProblem(path: "", message: "not a ScenarioError: \(error)")]
        }
    }

    /// A real response with one member changed (`nil` removes it): `edit` gets the parsed JSON.
    static func edited(_ file: String, _ edit: (inout [String: Any]) throws -> Void) throws -> String {
        var json = try JSONSerialization.jsonObject(with: Examples.data("routes/\(file)")) as! [String: Any]
        try edit(&json)
        return String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
    }
}

extension Dictionary where Key == String, Value == Any {
    /// `json["trip", "legs", 0, "maneuvers", 1, "type"] = 7`: nested members by key and index.
    subscript(path: Any...) -> Any? {
        get { Self.value(self, path[...]) }
        set { self = Self.setting(self, path[...], newValue) as! [String: Any] }
    }

    private static func value(_ node: Any, _ path: ArraySlice<Any>) -> Any? {
        guard let first = path.first else { return node }
        if let key = first as? String, let object = node as? [String: Any], let child = object[key] { return value(child, path.dropFirst()) }
        if let index = first as? Int, let list = node as? [Any], list.indices.contains(index) { return value(list[index], path.dropFirst()) }
        return nil
    }

    private static func setting(_ node: Any, _ path: ArraySlice<Any>, _ newValue: Any?) -> Any {
        guard let first = path.first else { return newValue as Any }
        if let key = first as? String, var object = node as? [String: Any] {
            if path.count == 1 {
                object[key] = newValue
            } else if let child = object[key] {
                object[key] = setting(child, path.dropFirst(), newValue)
            }
            return object
        }
        if let index = first as? Int, var list = node as? [Any], list.indices.contains(index) {
            if path.count == 1 {
                if let newValue { list[index] = newValue } else { list.remove(at: index) }
            } else {
                list[index] = setting(list[index], path.dropFirst(), newValue)
            }
            return list
        }
        return node
    }
}
