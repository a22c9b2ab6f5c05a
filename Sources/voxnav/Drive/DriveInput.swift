import AudioPolicy
import BuiltInPolicy
import DriveSimulation
import FileReading
import FoundationEssentials
import PackLibrary

/// Reads a scenario and its route file, and checks it against the phrase packs and its expectations
/// against the route, before anything starts.
enum DriveInput {
    /// The scenario, its route, its schedule, and its policy file's absolute path (nil: the built-in policy).
    static func load(_ path: String) throws -> (scenario: Scenario, route: Route, schedule: DriveSchedule, policy: String?) {
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
                let cap = scenario.route.sizeCap
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
            throw CLIError("\(path): " + VoiceLibrary.noPack(for: scenario.language, available: voices.languages))
        }
        if let units = scenario.units, !pack.unitSystems.contains(units) {
            throw CLIError(
                "\(path): units \(units.rawValue), but the \(pack.language) pack words \(pack.unitSystems.map(\.rawValue).joined(separator: ", ")) only")
        }
        let schedule = DriveSchedule(scenario: scenario, route: route)
        // What the daemon would refuse mid-drive is refused before anything starts.
        let problems = scenario.expect.problems(route: route) + schedule.timeline.daemonLimitProblems()
        if !problems.isEmpty {
            throw CLIError("\(path) is not a valid scenario:\n\(ScenarioError(problems: problems))")
        }
        return (scenario, route, schedule, try policyFile(of: scenario, at: url))
    }

    /// The scenario's policy file, read and checked as voxnavd will read it, so that a bad one is
    /// refused before anything starts.
    private static func policyFile(of scenario: Scenario, at url: URL) throws -> String? {
        guard let relative = scenario.policy else { return nil }
        let file = URL(fileURLWithPath: relative, relativeTo: url.deletingLastPathComponent()).standardizedFileURL.path
        do {
            let text = try BoundedFile.text(file, cap: Policy.maximumFileSize, what: "the policy file")
            _ = try Policy.parse(yaml: text, over: .builtIn)
        } catch {
            throw CLIError("\(url.path): its policy \(file) is not valid:\n\(error)")
        }
        return file
    }
}
