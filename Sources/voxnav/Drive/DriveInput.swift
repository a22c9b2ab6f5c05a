import DriveSimulation
import Engine
import Foundation

/// Reads a scenario and its route file, and checks it against the phrase packs and its expectations
/// against the route, before anything starts.
enum DriveInput {
    static func load(_ path: String) throws -> (scenario: Scenario, route: Route, schedule: DriveSchedule) {
        let url = URL(fileURLWithPath: path)
        let text: String
        do {
            text = try BoundedFile.text(path, cap: Scenario.maximumFileSize, what: "the scenario")
        } catch {
            throw CLIError("\(error)")
        }
        let scenario: Scenario
        do {
            scenario = try Scenario(yaml: text)
        } catch {
            throw CLIError("\(path) is not a valid scenario:\n\(error)")
        }
        let route: Route
        do {
            route = try scenario.route.resolve { relative in
                let file = URL(fileURLWithPath: relative, relativeTo: url.deletingLastPathComponent())
                let cap = scenario.route.isOSRM ? Route.maximumOSRMSize : Route.maximumFileSize
                do {
                    return try BoundedFile.text(file.path, cap: cap, what: "the route file")
                } catch {
                    throw CLIError("\(error)")
                }
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError("\(path): the route is not valid:\n\(error)")
        }
        let voices = VoiceLibrary.locate()
        guard let pack = voices.pack(for: scenario.language) else {
            throw CLIError("\(path): no phrase pack for language '\(scenario.language)' (available: \(voices.languages.joined(separator: ", ")))")
        }
        if let units = scenario.units, !pack.unitSystems.contains(units) {
            throw CLIError(
                "\(path): units \(units.rawValue), but the \(pack.language) pack words \(pack.unitSystems.map(\.rawValue).joined(separator: ", ")) only")
        }
        let problems = scenario.expect.problems(route: route)
        if !problems.isEmpty {
            throw CLIError("\(path) is not a valid scenario:\n\(ScenarioError(problems: problems))")
        }
        return (scenario, route, DriveSchedule(scenario: scenario, route: route))
    }
}
