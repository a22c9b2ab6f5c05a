import AudioPolicy
import Engine
import Guidance
import RPC

/// The daemon's methods. Each validates its params, then asks the engine.
enum Methods {
    static func table(engine: VoxNavEngine) -> [String: RPCRouter.Handler] {
        [
            "prompt.speak": { params in
                let p = try Params(params)
                try p.allowOnly(["text", "maneuver", "then", "language"])
                let content: PromptRequest.Content
                switch (try p.string("text"), p.has("maneuver")) {
                case (let text?, false):
                    guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                        throw RPCError.invalidParams("'text' is empty")
                    }
                    guard !p.has("then") else { throw RPCError.invalidParams("'then' goes with 'maneuver', not 'text'") }
                    content = .text(text)
                case (nil, true):
                    content = .maneuver(try p.decode("maneuver", Maneuver.self), then: try p.decodeIfPresent("then", Maneuver.self))
                case (nil, false):
                    throw RPCError.invalidParams("'text' or 'maneuver' is required")
                case (_?, true):
                    throw RPCError.invalidParams("give 'text' or 'maneuver', not both")
                }
                let outcome = try await engine.speak(PromptRequest(content: content, language: try p.string("language")))
                return try JSONValue(encoding: outcome)
            },
            "source.start": { params in
                let p = try Params(params)
                try p.allowOnly(["kind"])
                let kind = try p.requiredCase("kind", SourceKind.self)
                return try JSONValue(encoding: try await engine.startSource(kind))
            },
            "source.stop": { params in
                let p = try Params(params)
                try p.allowOnly(["kind"])
                let kind = try p.requiredCase("kind", SourceKind.self)
                try await engine.stopSource(kind)
                return .object(["kind": .string(kind.rawValue), "state": .string("stopped")])
            },
            "state.get": { params in
                try Params(params).allowOnly([])
                return try JSONValue(encoding: try await engine.state())
            },
        ]
    }
}
