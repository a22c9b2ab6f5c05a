import AudioPolicy
import Engine
import Guidance
import RPC

/// The daemon's methods. Each validates its params, then asks the engine.
enum Methods {
    static func table(engine: VoxNavEngine) -> [String: RPCRouter.Handler] {
        [
            "prompt.speak": { params, _ in
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
            "source.start": { params, _ in
                let p = try Params(params)
                try p.allowOnly(["kind"])
                let kind = try p.requiredCase("kind", SourceKind.self)
                return try JSONValue(encoding: try await engine.startSource(kind))
            },
            "source.stop": { params, _ in
                let p = try Params(params)
                try p.allowOnly(["kind"])
                let kind = try p.requiredCase("kind", SourceKind.self)
                try await engine.stopSource(kind)
                return .object(["kind": .string(kind.rawValue), "state": .string("stopped")])
            },
            "state.get": { params, _ in
                try Params(params).allowOnly([])
                return try JSONValue(encoding: try await engine.state())
            },
            "guidance.start": { params, client in
                let p = try Params(params)
                try p.allowOnly(["language", "profile"])
                let started = try await engine.startGuidance(client: client, language: try p.string("language"), profile: try p.string("profile"))
                return .object(["language": .string(started.language), "profile": .string(started.profile)])
            },
            "guidance.update": { params, client in
                let p = try Params(params)
                try p.allowOnly(["time", "speed", "maneuvers"])
                let progress = GuidanceProgress(
                    time: try p.number("time"), speed: try p.requiredNumber("speed", min: 0, max: 100),
                    upcoming: try p.decode("maneuvers", [UpcomingParam].self).map {
                        GuidanceProgress.Upcoming(id: $0.id, distance: $0.distance, maneuver: $0.maneuver)
                    })
                let planned = try await engine.updateGuidance(client: client, progress: progress)
                return .object(["prompts": try JSONValue(encoding: planned)])
            },
            "guidance.end": { params, client in
                try Params(params).allowOnly([])
                await engine.endGuidance(client: client)
                return .object(["ended": .bool(true)])
            },
        ]
    }
}

/// One entry of `guidance.update`'s `maneuvers`.
private struct UpcomingParam: Decodable {
    var id: String
    var distance: Double
    var maneuver: Maneuver?

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        distance = try c.decode(Double.self, forKey: .distance)
        maneuver = try c.decodeIfPresent(Maneuver.self, forKey: .maneuver)
        guard distance.isFinite, distance >= -1000, distance <= 5_000_000 else {
            throw DecodingError.dataCorruptedError(forKey: .distance, in: c, debugDescription: "distance must be finite meters")
        }
    }

    private enum CodingKeys: String, CodingKey { case id, distance, maneuver }
}
