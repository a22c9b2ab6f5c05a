import AudioPolicy
import BuiltInPolicy
import DriveSimulation
import Foundation
import Guidance
import RPC

/// What one fuzz input is fed to, chosen by its first byte; the rest is the input. Each target
/// checks what the property tests check: a clear refusal or a valid, usable result, never a crash.
enum FuzzTarget: UInt8, CaseIterable {
    /// A line on the daemon's socket: JSON, a JSON-RPC request.
    case rpcLine
    /// A maneuver as a client sends it, composed into words.
    case maneuver
    case policyFile
    case phrasePack
    case scenario
    /// A routing engine's route response, as `voxnav drive` imports it.
    case osrmResponse, valhallaResponse, graphHopperResponse

    static func run(_ bytes: UnsafeRawBufferPointer) {
        guard let first = bytes.first else { return }
        let input = Data(bytes.dropFirst())
        allCases[Int(first) % allCases.count].run(input)
    }

    func run(_ input: Data) {
        switch self {
        case .rpcLine:
            guard let value = try? JSONDecoder().decode(JSONValue.self, from: input) else { return }
            // What is read is written back to the same value (the daemon echoes ids and params).
            let again = try? JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
            check(again == value, "JSON did not survive a round trip: \(value)")
            // A request for a known method: its params decode strictly, or are refused with a message.
            guard let request = try? JSONDecoder().decode(RPCRequest.self, from: input),
                let method = Methods.all.first(where: { $0.name == request.method })
            else { return }
            checkParams(method, request.params)
        case .maneuver:
            guard let maneuver = try? JSONDecoder().decode(Maneuver.self, from: input) else { return }
            // A brace in what is said is an unfilled placeholder, unless the client's own names had one.
            let names = [maneuver.roadName, maneuver.routeNumber, maneuver.exitNumber].compactMap { $0 }.joined()
            for state in ManeuverState.allCases {
                let said = Self.composer.compose(maneuver, state: state, distance: maneuver.distanceRemaining ?? 0)
                check(!said.isEmpty && (names.contains("{") || !said.contains("{")), "\(maneuver) \(state): '\(said)'")
            }
        case .policyFile:
            do throws(PolicyError) {
                let policy = try Policy.parse(yaml: String(decoding: input, as: UTF8.self), over: .builtIn)
                check(policy.problems.isEmpty, "accepted with problems: \(policy.problems)")
            } catch {
                check(!error.problems.isEmpty, "refused without saying why")
            }
        case .phrasePack:
            do throws(PhrasePackError) {
                let composer = PhraseComposer(pack: try PhrasePack(yaml: String(decoding: input, as: UTF8.self)))
                for type in ManeuverType.allCases {
                    let said = composer.compose(Maneuver(type: type, roadName: "Main St."), state: .prepare, distance: 420)
                    check(!said.isEmpty && !said.contains("{"), "\(type): '\(said)'")
                }
            } catch {
                check(!error.message.isEmpty, "refused without saying why")
            }
        case .scenario:
            do throws(ScenarioError) {
                _ = try Scenario(yaml: String(decoding: input, as: UTF8.self))
            } catch {
                check(!error.problems.isEmpty, "refused without saying why")
            }
        case .osrmResponse, .valhallaResponse, .graphHopperResponse:
            do throws(ScenarioError) {
                let route =
                    switch self {
                    case .osrmResponse: try Route(osrmJSON: input)
                    case .valhallaResponse: try Route(valhallaJSON: input)
                    default: try Route(graphHopperJSON: input)
                    }
                check(route.length > 0 && !route.maneuvers.isEmpty, "accepted a route without length")
            } catch {
                check(!error.problems.isEmpty && error.problems.allSatisfy { !$0.message.isEmpty }, "refused without saying why")
            }
        }
    }

    /// The en-US phrase pack from the repository (the fuzzer runs from a build of it).
    static let composer: PhraseComposer = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let voices = ProcessInfo.processInfo.environment["VOXNAV_VOICES"].map(URL.init(fileURLWithPath:)) ?? root.appendingPathComponent("voices")
        guard let text = try? String(contentsOf: voices.appendingPathComponent("en-US.yaml"), encoding: .utf8),
            let pack = try? PhrasePack(yaml: text)
        else { fatalError("voices/en-US.yaml not found: set VOXNAV_VOICES") }
        return PhraseComposer(pack: pack)
    }()

    /// A broken property is a crash, which is what libFuzzer reports (and keeps the input of).
    private func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        if !condition() { fatalError("\(self): \(message())") }
    }

    /// Params a method accepts encode back to params it accepts; params it refuses are refused as
    /// invalid params, with a message.
    private func checkParams<M: RPCMethod>(_ method: M.Type, _ params: JSONValue?) {
        do throws(RPCError) {
            let decoded = try M.Params.decode(params, method: M.name)
            guard let again = try? JSONValue(encoding: decoded) else { return check(false, "\(M.name): params do not encode") }
            do throws(RPCError) {
                _ = try M.Params.decode(again, method: M.name)
            } catch {
                check(false, "\(M.name): \(params?.description ?? "nil") re-encoded as \(again) is refused: \(error.message)")
            }
        } catch {
            check(error.code == -32602 && !error.message.isEmpty, "\(M.name): refused without saying why")
        }
    }
}
