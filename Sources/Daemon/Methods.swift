import AudioPolicy
import Engine
import RPC

/// The daemon's methods. Each validates its params, then asks the engine.
enum Methods {
    static func table(engine: VoxNavEngine) -> [String: RPCRouter.Handler] {
        [
            "prompt.speak": { params in
                let p = try Params(params)
                try p.allowOnly(["text", "language"])
                guard let text = try p.string("text") else {
                    throw RPCError.invalidParams("'text' is required")
                }
                guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                    throw RPCError.invalidParams("'text' is empty")
                }
                let outcome = try await engine.speak(PromptRequest(text: text, language: try p.string("language")))
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
