import AudioPolicy
import Engine
import Foundation
import Guidance
import RPC

/// The daemon's methods. Each validates its params, then asks the engine.
enum Methods {
    static func table(engine: VoxNavEngine) -> [String: RPCRouter.Handler] {
        [
            "prompt.speak": { params, client in
                let p = try Params(params)
                try p.allowOnly(["text", "maneuver", "then", "language", "priority", "deadline", "key", "wait"])
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
                let options = PromptOptions(
                    priority: try p.optionalCase("priority", PromptPriority.self) ?? .normal,
                    deadline: try p.number("deadline").map { deadline throws(RPCError) in
                        guard deadline > 0, deadline <= 3600 else {
                            throw RPCError.invalidParams("'deadline' must be seconds from now, more than 0 and at most 3600")
                        }
                        return deadline
                    },
                    key: try p.string("key"))
                let request = PromptRequest(content: content, language: try p.string("language"))
                if try p.bool("wait") == false {
                    let queued = try await engine.queue(request, client: client.id, options: options)
                    return .object(["id": .string(queued.id.rawValue), "position": .number(Double(queued.position))])
                }
                return try JSONValue(encoding: try await engine.speak(request, client: client.id, options: options))
            },
            "prompt.cancel": { params, client in
                let p = try Params(params)
                try p.allowOnly(["id"])
                let cancelled = await engine.cancelPrompts(client: client.id, id: try p.string("id").map(PromptID.init(rawValue:)))
                return .object(["cancelled": .array(cancelled.map { .string($0.rawValue) })])
            },
            "events.subscribe": { params, client in
                let p = try Params(params)
                try p.allowOnly(["types"])
                var types: Set<String>?
                if p.has("types") {
                    let wanted = try p.decode("types", [String].self)
                    let known = Set(EventType.allCases.map(\.rawValue) + EventType.groups)
                    if let unknown = wanted.first(where: { !known.contains($0) }) {
                        throw RPCError.invalidParams("unknown event type '\(unknown)' (allowed: a type such as prompt.finished, or a group such as prompt)")
                    }
                    types = Set(wanted)
                }
                let token = engine.subscribe { [weak client] event in
                    guard let client, client.wants(event.type), let params = try? JSONValue(encoding: event) else { return }
                    client.notify(RPCNotification(method: "event", params: params))
                }
                if let old = client.subscribed(token, types: types) { engine.unsubscribe(old) }
                return .object(["subscribed": .array((types.map { Array($0).sorted() } ?? EventType.allCases.map(\.rawValue)).map(JSONValue.string))])
            },
            "events.unsubscribe": { params, client in
                try Params(params).allowOnly([])
                if let token = client.unsubscribed() { engine.unsubscribe(token) }
                return .object(["subscribed": .array([])])
            },
            "source.start": { params, _ in
                let p = try Params(params)
                try p.allowOnly(["kind", "activity", "duration"])
                let kind = try p.requiredCase("kind", SourceKind.self)
                let activity = try p.optionalCase("activity", SourceActivity.self) ?? .default
                let duration = try p.number("duration")
                if let duration {
                    guard kind == .vehicleChime else { throw RPCError.invalidParams("'duration' is only for a vehicleChime") }
                    guard duration > 0, duration <= 60 else { throw RPCError.invalidParams("'duration' must be seconds, more than 0 and at most 60") }
                }
                return try JSONValue(encoding: try await engine.startSource(kind, activity: activity, duration: duration))
            },
            "source.list": { params, _ in
                try Params(params).allowOnly([])
                return .object(["sources": try JSONValue(encoding: try await engine.state().sources)])
            },
            "session.configure": { params, client in
                let p = try Params(params)
                try p.allowOnly(["category", "mode", "options"])
                let category = try p.requiredCase("category", SessionCategory.self)
                let mode = try p.optionalCase("mode", SessionMode.self) ?? .default
                let options = try p.decodeIfPresent("options", [String].self) ?? []
                var set = SessionOptions()
                for name in options {
                    guard let option = SessionOptions.option(named: name) else {
                        throw RPCError.invalidParams("unknown option '\(name)' (allowed: \(SessionOptions.named.map(\.name).joined(separator: ", ")))")
                    }
                    set.insert(option)
                }
                let configuration = SessionConfiguration(category: category, mode: mode, options: set)
                do {
                    try await engine.configureSession(client: client.id, configuration)
                } catch EngineError.invalidSession(let why) {
                    throw RPCError.invalidParams("impossible session configuration: \(why)")
                }
                return .object(["configured": try JSONValue(encoding: configuration)])
            },
            "session.setActive": { params, client in
                let p = try Params(params)
                try p.allowOnly(["active", "notifyOthers"])
                guard let active = try p.bool("active") else { throw RPCError.invalidParams("'active' is required") }
                let effects = try await engine.setSessionActive(client: client.id, active: active, notifyOthers: try p.bool("notifyOthers") ?? true)
                return .object(["active": .bool(active), "effects": .array(effects.map(JSONValue.string))])
            },
            "session.promptStyle": { params, client in
                try Params(params).allowOnly([])
                return .object(["style": .string(await engine.promptStyle(client: client.id).rawValue)])
            },
            "audit.get": { params, client in
                let p = try Params(params)
                try p.allowOnly(["all"])
                let all = try p.bool("all") ?? true
                let entries = await engine.violations(of: all ? nil : client.id).map {
                    JSONValue.object([
                        "client": .string($0.client.rawValue), "at": .number($0.at), "rule": .string($0.rule.rawValue), "detail": .string($0.detail),
                    ])
                }
                return .object(["violations": .array(entries)])
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
                let started = try await engine.startGuidance(client: client.id, language: try p.string("language"), profile: try p.string("profile"))
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
                let planned = try await engine.updateGuidance(client: client.id, progress: progress)
                return .object(["prompts": try JSONValue(encoding: planned)])
            },
            "clock.advance": { params, _ in
                let p = try Params(params)
                try p.allowOnly(["to"])
                let to = try p.requiredNumber("to", min: 0, max: 1e9)
                do {
                    try await engine.clock.advance(to: to)
                } catch {
                    throw RPCError.engineFailure("\(error)")
                }
                return .object(["now": .number(engine.clock.now()), "clock": .string(engine.clock.mode.rawValue)])
            },
            "guidance.end": { params, client in
                try Params(params).allowOnly([])
                await engine.endGuidance(client: client.id)
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
        let all = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = all.allKeys.first(where: { CodingKeys(stringValue: $0.stringValue) == nil }) {
            throw DecodingError.dataCorruptedError(
                forKey: unknown, in: all, debugDescription: "unknown member \"\(unknown.stringValue)\" (allowed: id, distance, maneuver)")
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        distance = try c.decode(Double.self, forKey: .distance)
        maneuver = try c.decodeIfPresent(Maneuver.self, forKey: .maneuver)
        guard distance.isFinite, distance >= -1000, distance <= 5_000_000 else {
            throw DecodingError.dataCorruptedError(forKey: .distance, in: c, debugDescription: "distance must be finite meters")
        }
    }

    private enum CodingKeys: String, CodingKey { case id, distance, maneuver }

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
