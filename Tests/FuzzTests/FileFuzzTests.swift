import AudioPolicy
import BuiltInPolicy
import DriveSimulation
import Foundation
import Guidance
import PropertyBased
import Testing

/// The files users edit, damaged at random: each parser answers with its own clear error or a
/// valid value, never a crash; what it accepts works.
@Suite struct FileFuzzTests {
    static let seeds = Gen.int(in: 0...1_000_000).array(of: 1...6)

    @Test func damagedPolicyFilesAreRefusedOrValid() async throws {
        let original = try Mutation.repositoryFile("policy/default.yaml")
        await propertyCheck(count: FuzzBudget.count(300), input: Self.seeds) { seeds in
            let text = Mutation.apply(seeds, to: original)
            do throws(PolicyError) {
                let policy = try Policy.parse(yaml: text, over: .builtIn)
                #expect(policy.problems.isEmpty, "accepted with problems: \(policy.problems)")
            } catch {
                #expect(!error.problems.isEmpty)
            }
        }
    }

    @Test func damagedPhrasePacksAreRefusedOrSpeakEveryManeuver() async throws {
        let original = try Mutation.repositoryFile("voices/en-US.yaml")
        await propertyCheck(count: FuzzBudget.count(150), input: Self.seeds) { seeds in
            let text = Mutation.apply(seeds, to: original)
            do throws(PhrasePackError) {
                let composer = PhraseComposer(pack: try PhrasePack(yaml: text))
                for type in ManeuverType.allCases {
                    for state in ManeuverState.allCases {
                        let said = composer.compose(Maneuver(type: type, roadName: "Main St."), state: state, distance: 420)
                        #expect(!said.isEmpty && !said.contains("{"), "\(type) \(state): \(said)")
                    }
                }
            } catch {
                #expect(!error.message.isEmpty)
            }
        }
    }

    @Test(arguments: [
        "examples/city-commute.yaml", "examples/highway-podcast-call.yaml", "examples/roundabouts-de.yaml", "examples/berlin-graphhopper-fr.yaml",
    ])
    func damagedScenariosAreRefusedOrParse(path: String) async throws {
        let original = try Mutation.repositoryFile(path)
        await propertyCheck(count: FuzzBudget.count(150), input: Self.seeds) { seeds in
            let text = Mutation.apply(seeds, to: original)
            do throws(ScenarioError) {
                _ = try Scenario(yaml: text)
            } catch {
                #expect(!error.problems.isEmpty)
            }
        }
    }

    /// The engines' real responses, damaged: a clear error naming the file, or a route with a length.
    @Test(arguments: [
        ("examples/routes/osrm-city.json", "osrm"), ("examples/routes/valhalla-berlin-trace-route.json", "valhalla"),
        ("examples/routes/graphhopper-hoyerswerda-via.json", "graphhopper"),
    ])
    func damagedRouteResponsesAreRefusedOrImport(path: String, key: String) async throws {
        let original = try Mutation.repositoryFile(path)
        await propertyCheck(count: FuzzBudget.count(150), input: Self.seeds) { seeds in
            let text = Mutation.apply(seeds, to: original)
            let source: RouteSource = key == "osrm" ? .osrm("r.json") : key == "valhalla" ? .valhalla("r.json") : .graphhopper("r.json")
            do {
                let route = try source.resolve { _ in text }
                #expect(route.length > 0 && !route.maneuvers.isEmpty)
            } catch let error as ScenarioError {
                #expect(!error.problems.isEmpty && error.problems.allSatisfy { $0.file == "r.json" && !$0.message.isEmpty }, "\(error)")
            } catch {
                Issue.record("not a ScenarioError: \(error)")
            }
        }
    }

    @Test func randomTextIsNeverAPackOrAScenarioAndAnyPolicyItYieldsIsValid() async {
        await propertyCheck(count: FuzzBudget.count(300), input: Gen.uint8(in: 0...127).array(of: 0...200)) { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            // Every policy key is optional, so some texts are a policy: then a valid one.
            if let policy = try? Policy.parse(yaml: text, over: .builtIn) { #expect(policy.problems.isEmpty) }
            // A pack or a scenario needs keys random text does not have.
            #expect((try? PhrasePack(yaml: text)) == nil, "accepted as a pack: \(text)")
            #expect((try? Scenario(yaml: text)) == nil, "accepted as a scenario: \(text)")
        }
    }
}
