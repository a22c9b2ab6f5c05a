import DriveSimulation
import Engine
import Foundation

/// Reads a scenario and its route file, and checks it against the phrase packs, before anything starts.
enum DriveInput {
    static func load(_ path: String) throws -> (Scenario, DriveSchedule) {
        let url = URL(fileURLWithPath: path)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { throw CLIError("cannot read the scenario \(path)") }
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
                guard let text = try? String(contentsOf: file, encoding: .utf8) else {
                    throw CLIError("cannot read the route file \(file.path)")
                }
                return text
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
        if let units = scenario.units, units != pack.unitSystem {
            throw CLIError("\(path): units \(units.rawValue), but the \(pack.language) pack speaks \(pack.unitSystem.rawValue) (a pack has one unit system)")
        }
        return (scenario, DriveSchedule(scenario: scenario, route: route))
    }
}
