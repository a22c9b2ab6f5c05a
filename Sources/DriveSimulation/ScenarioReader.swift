import AudioPolicy
import FoundationEssentials
import Guidance
import StrictCoding
import TextFormat
import YAMLTree

extension YAMLReader {
    mutating func scenario(_ root: YAMLCursor) -> Scenario? {
        let keys = entries(root, known: Scenario.keys, required: ["name", "language", "route", "speed"])
        let name = string(keys["name"])
        let description = string(keys["description"])
        let language = keys["language"].flatMap { languageTag($0) }
        let units = value(keys["units"], "unit system", among: UnitSystem.allCases)
        let verbosity = value(keys["verbosity"], "verbosity", among: Verbosity.allCases)
        let duringCall = value(keys["promptsDuringCall"], "setting for prompts during a call", among: PromptsDuringCall.allCases)
        var vehicle = VehicleKind.car
        if let n = keys["vehicle"] { vehicle = value(n, "vehicle", among: VehicleKind.allCases) ?? vehicle }
        let route = keys["route"].flatMap { routeSource($0) }
        let speed = keys["speed"].flatMap { speedProfile($0) }
        let audio = keys["audio"].map { audioScript($0) } ?? []
        let options = keys["options"].map { scenarioOptions($0) } ?? ScenarioOptions()
        let expect = keys["expect"].map { expectations($0) } ?? DriveExpectations()
        let policy = string(keys["policy"])
        if let policy, policy.isEmpty, let node = keys["policy"] { fail(node, "expected a policy file's path") }
        guard let name, let language, let route, let speed, problems.isEmpty else { return nil }
        var scenario = Scenario(
            name: name, description: description, language: language, units: units, verbosity: verbosity,
            promptsDuringCall: duringCall, vehicle: vehicle, route: route, speed: speed, audio: audio, options: options, expect: expect)
        scenario.policy = policy
        scenario.guidanceGain = value(keys["guidanceGain"], "guidance gain", among: GuidanceGain.allCases)
        return problems.isEmpty ? scenario : nil
    }

    private mutating func languageTag(_ node: YAMLCursor) -> String? {
        guard let text = string(node) else { return nil }
        let shape = /^[a-z]{2,3}(-([A-Z]{2}|[A-Z][a-z]{3}|[0-9]{3}))?$/
        guard text.wholeMatch(of: shape) != nil else {
            fail(node, "'\(InputLimits.echo(text))' is not a phrase-pack tag like en-US, en-GB or de")
            return nil
        }
        return text
    }

    // MARK: route

    private mutating func routeSource(_ node: YAMLCursor) -> RouteSource? {
        guard let mapping = node.node.mapping else {
            fail(
                node,
                "expected a mapping: maneuvers (inline), file: <route file>, osrm: <OSRM response>, valhalla: <Valhalla response> or graphhopper: <GraphHopper response>"
            )
            return nil
        }
        let keys = mapping.compactMap { $0.key.string }
        let references = keys.filter { RouteSource.fileKeys.contains($0) }
        if references.count > 1 || (!references.isEmpty && keys.count > 1) {
            fail(node, "give either maneuvers, file, osrm, valhalla or graphhopper, not several")
            return nil
        }
        if let reference = references.first {
            let valueNode = node.child(reference, mapping[reference]!)
            guard let file = string(valueNode), !file.isEmpty else {
                if valueNode.text?.isEmpty == true { fail(valueNode, "expected a file path") }
                return nil
            }
            return RouteSource(key: reference, file: file)
        }
        return route(node, extraKeys: RouteSource.fileKeys).map(RouteSource.inline)
    }

    // MARK: speed

    private mutating func speedProfile(_ node: YAMLCursor) -> SpeedProfile? {
        if let text = node.text {
            if text == "route" { return .route(fallback: SpeedUnit.kilometersPerHour.metersPerSecond(50)) }
            return speed(node, unit: nil).map(SpeedProfile.constant)
        }
        let keys = entries(node, known: ["unit", "segments", "constant", "route", "fallback"])
        var unit: SpeedUnit?
        if let n = keys["unit"] { unit = value(n, "speed unit", among: SpeedUnit.allCases) }
        let given = ["segments", "constant", "route"].filter { keys[$0] != nil }
        guard given.count == 1 else {
            fail(node, given.isEmpty ? "give segments, constant or route: true" : "give only one of segments, constant and route")
            return nil
        }
        if let n = keys["constant"] { return speed(n, unit: unit).map(SpeedProfile.constant) }
        if let n = keys["route"] {
            guard bool(n) == true else {
                fail(n, "route: true is the only value (or give segments)")
                return nil
            }
            let fallback = keys["fallback"].flatMap { speed($0, unit: unit) }
            return .route(fallback: fallback ?? SpeedUnit.kilometersPerHour.metersPerSecond(50))
        }
        if keys["fallback"] != nil { fail(keys["fallback"]!, "fallback goes with route: true") }
        var segments: [SpeedSegment] = []
        for item in items(keys["segments"]!) {
            let k = entries(item, known: ["from", "fromDistance", "speed"], required: ["speed"])
            let v = k["speed"].flatMap { speed($0, unit: unit) }
            var start: SpeedSegment.Start?
            switch (k["from"], k["fromDistance"]) {
            case (let t?, nil): start = time(t).map(SpeedSegment.Start.time)
            case (nil, let d?): start = distance(d).map(SpeedSegment.Start.distance)
            case (nil, nil): fail(item, "give from (a time) or fromDistance (a distance)")
            default: fail(item, "give from or fromDistance, not both")
            }
            if let v, let start { segments.append(SpeedSegment(start: start, speed: v)) }
        }
        if segments.isEmpty, problems.isEmpty { fail(keys["segments"]!, "give at least one segment") }
        let startsAtZero = segments.contains {
            switch $0.start {
            case .time(let t): t == 0
            case .distance(let d): d == 0
            }
        }
        if !segments.isEmpty && !startsAtZero {
            fail(keys["segments"]!, "one segment must start at the beginning (from: 0:00 or fromDistance: 0)")
        }
        return .segments(segments)
    }

    /// A speed: "50 km/h", "30 mph", "12 m/s", or a bare number in `unit` (km/h when none is given).
    mutating func speed(_ node: YAMLCursor, unit: SpeedUnit?) -> Double? {
        guard let text = node.text?.trimmingWhitespace() else {
            fail(node, "expected a speed such as 50 km/h, 30 mph or 12 m/s")
            return nil
        }
        var number = text
        var written = unit ?? .kilometersPerHour
        if let suffix = SpeedUnit.allCases.first(where: { text.hasSuffix($0.rawValue) }) {
            written = suffix
            number = String(text.dropLast(suffix.rawValue.count)).trimmingWhitespace()
        }
        guard let value = Double(number), value.isFinite, value >= 0, value <= 500 else {
            fail(node, "expected a speed such as 50 km/h, 30 mph or 12 m/s, from 0 to 500 (got '\(InputLimits.echo(text))')")
            return nil
        }
        return written.metersPerSecond(value)
    }

    /// A distance: meters, or "800 m", "2.5 km", "500 ft", "1.2 mi".
    mutating func distance(_ node: YAMLCursor) -> Double? {
        let factors: [(String, Double)] = [("km", 1000), ("mi", 1609.344), ("ft", 0.3048), ("m", 1)]
        guard let text = node.text?.trimmingWhitespace() else {
            fail(node, "expected a distance such as 800, 800 m, 2.5 km, 500 ft or 1.2 mi")
            return nil
        }
        var number = text
        var factor = 1.0
        if let (suffix, f) = factors.first(where: { text.hasSuffix($0.0) }) {
            number = String(text.dropLast(suffix.count)).trimmingWhitespace()
            factor = f
        }
        guard let value = Double(number), value.isFinite, value >= 0 else {
            fail(node, "expected a distance ≥ 0 such as 800, 800 m, 2.5 km, 500 ft or 1.2 mi (got '\(InputLimits.echo(text))')")
            return nil
        }
        return value * factor
    }

    // MARK: audio script

    private mutating func audioScript(_ node: YAMLCursor) -> [CarAudioEvent] {
        var events: [(event: CarAudioEvent, node: YAMLCursor)] = []
        for item in items(node) {
            let keys = entries(item, known: ["at", "event", "until", "duration", "role", "name", "reason"], required: ["at", "event"])
            guard let t = keys["at"].flatMap({ time($0) }),
                let action = value(keys["event"], "car-audio event", among: CarAudioAction.allCases)
            else { continue }
            var event = CarAudioEvent(time: t, action: action)
            if let n = keys["duration"] {
                if action == .chime {
                    event.duration = nonNegative(n, what: "seconds")
                } else {
                    fail(n, "duration is for a chime only (use until: to end \(action.rawValue))")
                }
            } else if action == .chime {
                event.duration = CarAudioEvent.defaultChimeDuration
            }
            if let n = keys["role"] {
                if action == .streamStart {
                    let role = string(n)
                    if let role, !CarAudioEvent.streamRoles.contains(role) {
                        fail(
                            n,
                            "unknown media.role '\(InputLimits.echo(role))' (expected one of: \(CarAudioEvent.streamRoles.joined(separator: ", ")))")
                    }
                    event.role = role
                } else {
                    fail(n, "role is for stream.start only")
                }
            } else if action == .streamStart {
                fail(item, "stream.start needs a role (media.role: music, video, phone, …)", key: "role")
            }
            if let n = keys["name"] {
                if action.isStream { event.name = string(n) } else { fail(n, "name is for stream.start and stream.stop only") }
            }
            if let n = keys["reason"] {
                if action == .guidancePause {
                    event.reason = value(n, "pause reason", among: GuidancePauseReason.allCases)
                } else {
                    fail(n, "reason is for guidance.pause only")
                }
            } else if action == .guidancePause {
                fail(item, "guidance.pause needs a reason (\(GuidancePauseReason.allCases.map(\.rawValue).joined(separator: ", ")))", key: "reason")
            }
            events.append((event, item))
            if let n = keys["until"], let end = time(n) {
                guard let ending = action.ending else {
                    fail(n, "\(action.rawValue) has no end to schedule")
                    continue
                }
                guard end > t else {
                    fail(n, "until (\(ClockTime.format(end))) must come after at (\(ClockTime.format(t)))")
                    continue
                }
                events.append((CarAudioEvent(time: end, action: ending, name: event.name), n))
            }
        }
        // Stable: the file's order breaks ties.
        let sorted = events.enumerated().sorted { ($0.element.event.time, $0.offset) < ($1.element.event.time, $1.offset) }.map(\.element)
        checkPairing(sorted)
        return sorted.map(\.event)
    }

    /// A source must be on to be stopped and off to be started (the assistant may go from
    /// listening to speaking and back).
    private mutating func checkPairing(_ events: [(event: CarAudioEvent, node: YAMLCursor)]) {
        var on: [String: CarAudioAction] = [:]
        for (event, node) in events where event.action.isPaired {
            let source = event.source
            let at = ClockTime.format(event.time)
            if event.action.starts {
                if let current = on[source], !(event.action.kind == .voiceAssistant && current != event.action) {
                    fail(node, "\(event.action.rawValue) at \(at), but \(describe(source)) is already on (\(current.rawValue))")
                }
                on[source] = event.action
            } else {
                if on[source] == nil { fail(node, "\(event.action.rawValue) at \(at), but \(describe(source)) is not on") }
                on[source] = nil
            }
        }
    }

    private func describe(_ source: String) -> String {
        if source == "voiceControl" { return "the voice-control template" }
        if source == "guidance" { return "the guidance pause" }
        return source.hasPrefix("stream:") ? "the stream '\(source.dropFirst("stream:".count))'" : "the \(source) source"
    }

    // MARK: options

    /// "07:45" (a clock time, on 2026-01-01 in UTC: only the clock is said) or a full ISO 8601 date and time with its offset.
    static func departure(_ text: String) -> LocalTime? {
        if let time = LocalTime(iso8601: text) { return time }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return LocalTime(iso8601: "2026-01-01T\(hour < 10 ? "0" : "")\(hour):\(parts[1]):00Z")
    }

    private mutating func scenarioOptions(_ node: YAMLCursor) -> ScenarioOptions {
        var options = ScenarioOptions()
        let keys = entries(node, known: ["durationCap", "seed", "tick", "departure", "arrivalOnDeparture"])
        if let n = keys["durationCap"], let cap = time(n) {
            if cap > 0 && cap <= ScenarioOptions.maximumDurationCap {
                options.durationCap = cap
            } else {
                fail(n, "the duration cap must be > 0 and at most 720:00:00 (30 days, the longest trip voxnavd takes)")
            }
        }
        if let n = keys["seed"] {
            if let text = n.text, let seed = UInt64(text) {
                options.seed = seed
            } else {
                fail(n, "expected a whole number ≥ 0 (got '\(InputLimits.echo(n.text ?? "a collection"))')")
            }
        }
        if let n = keys["tick"], let tick = double(n, "seconds") {
            // At least 0.01 s: a drive of 30 days is then 2.6e8 updates, which an Int counts (1e-300 trapped).
            if tick >= 0.01 && tick <= 10 {
                options.tick = tick
            } else {
                fail(n, "the tick must be > 0 (at least 0.01) and ≤ 10 seconds")
            }
        }
        if let n = keys["departure"] {
            let text = n.text ?? ""
            if let departure = Self.departure(text) {
                options.departure = departure
            } else {
                fail(
                    n,
                    "expected the driver's clock at the start, \"07:45\" or an ISO 8601 date and time with its offset, \"2026-11-28T07:45:00+00:00\" (got '\(InputLimits.echo(text))')"
                )
            }
        }
        if let n = keys["arrivalOnDeparture"], let asked = bool(n) {
            options.arrivalOnDeparture = asked
        }
        return options
    }
}
