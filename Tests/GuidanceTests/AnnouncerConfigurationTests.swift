import Foundation
import Testing

@testable import Guidance

@Suite struct AnnouncerConfigurationTests {
    @Test(arguments: [VehicleProfile.car, .bicycle, .pedestrian])
    func profileWindowsAreOrdered(_ profile: VehicleProfile) {
        #expect(profile.defaultSpeed > 0)
        #expect(profile.initial.start > profile.initial.end)
        #expect(profile.initial.end > profile.prepare.start)
        #expect(profile.prepare.start > profile.prepare.end)
        #expect(profile.prepare.end > max(profile.executeMinimumDistance, profile.executeLeadTime * profile.defaultSpeed))
        #expect(profile.executeLeadTime > profile.minimumLeadTime)
        // "Continue" may come for a maneuver whose initial window was missed, before its prepare (issue 13).
        #expect(profile.continueMinimumDistance > profile.prepare.start)
        #expect(profile.continueMinimumTime > 0)
    }

    @Test func carDefaultsFollowOsmAnd() {
        let car = VehicleProfile.car
        #expect(car.defaultSpeed == 12.5)
        #expect(abs(car.initial.start / car.defaultSpeed - 115) < 0.1)
        #expect(car.prepare.start / car.defaultSpeed == 22)
        #expect(car.executeMinimumDistance == 12 && car.executeLeadTime == 3.6)
        #expect(abs(car.chainingDistance / car.defaultSpeed - 15) < 0.1)
        let configuration = AnnouncerConfiguration()
        #expect(configuration.minimumGap == 3)
        #expect(configuration.profile == .car)
    }

    @Test func configurationRoundTripsThroughJSON() throws {
        var configuration = AnnouncerConfiguration(profile: .bicycle, minimumGap: 4, outputLatency: 0.4)
        configuration.profile.prepare.end = 70
        let data = try JSONEncoder().encode(configuration)
        #expect(try JSONDecoder().decode(AnnouncerConfiguration.self, from: data) == configuration)
    }

    @Test func partialConfigurationKeepsTheDefaults() throws {
        let json = #"{"minimumGap": 2, "profile": {"name": "bicycle", "prepare": {"start": 150, "end": 90}}, "durations": {"execute": 2}}"#
        let configuration = try JSONDecoder().decode(AnnouncerConfiguration.self, from: Data(json.utf8))
        var bicycle = VehicleProfile.bicycle
        bicycle.prepare = .init(start: 150, end: 90)
        #expect(configuration.profile == bicycle)
        #expect(configuration.minimumGap == 2)
        #expect(configuration.outputLatency == AnnouncerConfiguration().outputLatency)
        #expect(configuration.durations.execute == 2)
        #expect(configuration.durations.initial == AnnouncementDurationEstimate().initial)
        let empty = try JSONDecoder().decode(AnnouncerConfiguration.self, from: Data("{}".utf8))
        #expect(empty == AnnouncerConfiguration())
    }

    @Test func speakingTimeFollowsTheWordRate() {
        let durations = AnnouncementDurationEstimate()
        #expect(abs(durations.speakingTime(words: 7) - (7 * 60 / 175 + 0.3)) < 1e-12)
        #expect(durations.seconds(for: .execute, chained: true) == 3)
        #expect(durations.seconds(for: .initial, chained: false) == 3.5)
    }
}
