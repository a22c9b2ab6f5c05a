import AudioPolicy
import Foundation
import Prompts
import RPC
import Testing

@testable import Engine

/// An alert's `alert.shown` and `alert.dismissed` through the whole engine on the in-memory server
/// (`EngineRig`): shown once when accepted and dismissed once when VoxNav is done with it, under its
/// first prompt's id, also when a call cuts it and it is said again after; dismissed when its
/// `dismissAfter` passes before its turn; nothing of the kind for other prompts.
/// `AlertLifecycleSocketTests` proves what is heard, against the real voxnavd.
@Suite struct AlertLifecycleEngineTests {
    typealias Rig = EngineRig
    static let app = ClientID("app")

    static func alertEvents(_ rig: Rig) -> [String] {
        rig.events.all.filter { $0.type == .alertShown || $0.type == .alertDismissed }.map { "\($0.type.rawValue) \($0.prompt ?? "") \($0.reason ?? "")" }
    }

    @Test func anAlertCutByACallIsShownOnceAndDismissedOnceWhenSaidAfter() async throws {
        let rig = try await Rig.start()
        let alert = try await rig.engine.prompts.queue(
            PromptRequest(content: .alertText(["Road closed ahead"])), client: Self.app, options: PromptOptions(priority: .important))
        await rig.output.waitUntilPlaying(1)
        _ = try await rig.engine.sources.start(.phoneCall)
        try await Rig.waitFor("the alert cut") { rig.events.all.contains { $0.type == .promptInterrupted } }
        #expect(Self.alertEvents(rig) == ["alert.shown \(alert.id.rawValue) "], "still shown while the call holds it")
        try await rig.engine.sources.stop(.phoneCall)
        await rig.output.waitUntilPlaying(2)
        rig.output.drain()
        try await Rig.waitFor("the alert said again") { rig.events.all.contains { $0.type == .alertDismissed } }
        #expect(Self.alertEvents(rig) == ["alert.shown \(alert.id.rawValue) ", "alert.dismissed \(alert.id.rawValue) finished"])
        #expect(rig.events.all.filter { $0.type == .promptQueued }.count == 2, "queued again under a new id")
        await rig.stop()
    }

    @Test func anAlertWhoseDismissalComesFirstIsDismissedUnsaid() async throws {
        let rig = try await Rig.start()
        _ = try await rig.engine.prompts.queue(PromptRequest(text: "Keep left."), client: Self.app, options: PromptOptions())
        await rig.output.waitUntilPlaying(1)
        // Alerts interrupt nothing: it waits, and its dismissal (its latest start) passes.
        let alert = try await rig.engine.prompts.queue(
            PromptRequest(content: .alertText(["Road closed ahead"])), client: Self.app, options: PromptOptions(priority: .important, deadline: 0.2))
        try await Rig.waitFor("the alert dismissed") { rig.events.all.contains { $0.type == .alertDismissed } }
        rig.output.drain()
        #expect(rig.events.types(of: alert.id) == ["prompt.queued", "alert.shown", "prompt.expired", "alert.dismissed"])
        #expect(Self.alertEvents(rig).last == "alert.dismissed \(alert.id.rawValue) expired")
        #expect(rig.output.played == 1, "never played")
        await rig.stop()
    }

    @Test func otherPromptsHaveNoAlertEventsAndAKindsAlertHasThem() async throws {
        let rig = try await Rig.start()
        _ = try await rig.engine.prompts.queue(PromptRequest(text: "Keep left."), client: Self.app, options: PromptOptions())
        await rig.output.waitUntilPlaying(1)
        rig.output.drain()
        let camera = try await rig.engine.prompts.queue(
            PromptRequest(content: .alert(.speedCamera, distance: 300), language: "de"), client: Self.app, options: PromptOptions(priority: .important))
        await rig.output.waitUntilPlaying(2)
        rig.output.drain()
        try await Rig.waitFor("the camera alert said") { rig.events.all.contains { $0.type == .alertDismissed } }
        #expect(Self.alertEvents(rig) == ["alert.shown \(camera.id.rawValue) ", "alert.dismissed \(camera.id.rawValue) finished"])
        await rig.stop()
    }
}
