/// Everything a driver loop does during a drive, in order: progress updates and car-audio
/// events. At equal times audio comes first, so that a prompt decided on that update already
/// sees the call or the assistant. Audio events after the end of the drive are dropped.
public struct DriveSchedule: Sendable, Equatable {
    public enum Step: Sendable, Equatable {
        case audio(CarAudioEvent)
        case progress(DriveUpdate)

        public var time: Double {
            switch self {
            case .audio(let event): event.time
            case .progress(let update): update.time
            }
        }
    }

    public let steps: [Step]
    public let endTime: Double

    public init(timeline: DriveTimeline, audio: [CarAudioEvent]) {
        var steps: [Step] = []
        var pending = audio.filter { $0.time <= timeline.endTime }.sorted { $0.time < $1.time }[...]
        for update in timeline.updates {
            while let event = pending.first, event.time <= update.time {
                steps.append(.audio(event))
                pending.removeFirst()
            }
            steps.append(.progress(update))
        }
        steps.append(contentsOf: pending.map(Step.audio))
        self.steps = steps
        self.endTime = timeline.endTime
    }

    public init(scenario: Scenario, route: Route, lookahead: Int = DriveTimeline.defaultLookahead) {
        self.init(timeline: DriveTimeline(scenario: scenario, route: route, lookahead: lookahead), audio: scenario.audio)
    }
}
