/// Everything a driver loop does during a drive, in order: progress updates and car-audio
/// events. At equal times audio comes first, so that a prompt decided on that update already
/// sees the call or the assistant. Audio events after the end of the drive are dropped.
///
/// The steps are made as they are read (`DriveTimeline.Updates`): a long drive's schedule takes
/// no memory beyond its audio script.
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

    public let timeline: DriveTimeline
    /// The audio script up to the end, in time order (stable: equal times keep the script's order).
    public let audio: [CarAudioEvent]
    public var endTime: Double { timeline.endTime }

    public init(timeline: DriveTimeline, audio: [CarAudioEvent]) {
        self.timeline = timeline
        self.audio = audio.enumerated().filter { $0.element.time <= timeline.endTime }
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    public init(scenario: Scenario, route: Route, lookahead: Int = DriveTimeline.defaultLookahead) {
        self.init(timeline: DriveTimeline(scenario: scenario, route: route, lookahead: lookahead), audio: scenario.audio)
    }

    public var steps: Steps { Steps(updates: timeline.updates, audio: audio) }

    /// The merged steps, each progress update computed when it is reached.
    public struct Steps: Sequence, Sendable {
        let updates: DriveTimeline.Updates
        let audio: [CarAudioEvent]

        public func makeIterator() -> Iterator { Iterator(updates: updates, audio: audio) }

        public struct Iterator: IteratorProtocol {
            let updates: DriveTimeline.Updates
            let audio: [CarAudioEvent]
            var nextUpdate = 0
            var nextAudio = 0

            public mutating func next() -> Step? {
                if nextAudio < audio.count,
                    nextUpdate >= updates.count || audio[nextAudio].time <= updates.time(at: nextUpdate)
                {
                    defer { nextAudio += 1 }
                    return .audio(audio[nextAudio])
                }
                guard nextUpdate < updates.count else { return nil }
                defer { nextUpdate += 1 }
                return .progress(updates[nextUpdate])
            }
        }
    }
}
