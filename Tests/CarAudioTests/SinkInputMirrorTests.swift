import AudioTestSupport
import CarAudio
import Foundation
import PulseAudio
import PulseServer
import Testing

/// What a connection knows of the server's streams without asking (`knownSinkInput`), and its
/// volume ramps sent by the mainloop, on a bare PulseAudio server of their own.
@Suite struct SinkInputMirrorTests {
    /// Waits (up to 5 s) until `condition` holds, for what arrives on the mainloop thread.
    private func eventually(_ condition: () -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while !condition() {
            guard Date() < deadline else { return false }
            try await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    @Test func theMirrorFollowsAnotherProgramsChangesItsOwnAtOnceAndAStreamGone() async throws {
        try PulseProbe.requireServer()
        let server = try NullSinkServer()
        defer { server.stop() }
        let engine = try await PulseConnection(applicationName: "SinkInputMirrorTests engine", server: server.address)
        let program = try await PulseConnection(applicationName: "SinkInputMirrorTests program", server: server.address)
        // A stream that plays before the subscription is read as it begins.
        let radio = try await CarSources.startFMRadio(on: program)
        let index = radio.sinkInputIndex
        #expect(engine.knownSinkInput(index: index) == nil, "known before any subscription")
        let events = try await engine.sinkInputEvents()
        #expect(try await eventually { engine.knownSinkInput(index: index) != nil }, "a stream playing before the subscription was not read")
        let channels = try #require(try await program.sinkInput(index: index)).volume.values.count

        // Another program's change comes as an event, and the mirror reads the stream anew.
        let programs = ChannelVolumes(Array(repeating: 21_000, count: channels))
        try await program.setSinkInputVolume(index: index, to: programs)
        #expect(try await eventually { engine.knownSinkInput(index: index)?.volume == programs }, "the mirror missed another program's change")

        // The engine's own change is mirrored as it is sent, before the server's answer or event.
        let own = ChannelVolumes(Array(repeating: 33_000, count: channels))
        try await engine.setSinkInputVolume(index: index, to: own)
        #expect(engine.knownSinkInput(index: index)?.volume == own)
        // And no read asked for before it takes it back to the level before.
        try await Task.sleep(for: .milliseconds(100))
        #expect(engine.knownSinkInput(index: index)?.volume == own, "a stale read replaced the engine's own change")
        #expect(try await engine.sinkInput(index: index)?.volume == own, "the server has another level than the mirror")

        radio.stop()
        #expect(try await eventually { engine.knownSinkInput(index: index) == nil }, "a stream gone is still mirrored")
        _ = events
    }

    @Test func aRampsStepsAreSpacedByTheMainloopAndItEndsExactlyAtItsTarget() async throws {
        try PulseProbe.requireServer()
        let server = try NullSinkServer()
        defer { server.stop() }
        let connection = try await PulseConnection(applicationName: "SinkInputMirrorTests ramp", server: server.address)
        let radio = try await CarSources.startFMRadio(on: connection)
        defer { radio.stop() }
        let index = radio.sinkInputIndex
        let start = try #require(try await connection.sinkInput(index: index)).volume
        let target = start.scaled(byDecibels: -15)
        let ramp = VolumeRamp(duration: .milliseconds(40), steps: 4)
        let levels = ramp.levels(from: start, to: target)
        #expect(levels.count == 4 && levels.last == target)
        #expect(zip(levels, levels.dropFirst()).allSatisfy { $0.values.first! > $1.values.first! }, "the steps do not go down: \(levels)")

        let began = ContinuousClock.now
        try await ramp.run(on: connection, sinkInput: index, from: start, to: target)
        // Three pauses of 10 ms between four steps: the mainloop kept them apart.
        #expect(ContinuousClock.now - began >= .milliseconds(30), "the steps were not spaced")
        #expect(try await connection.sinkInput(index: index)?.volume == target)

        // A stream gone: the ramp says so.
        radio.stop()
        _ = try? await connection.sinkInput(index: index)
        await #expect(throws: PulseError.self) {
            try await ramp.run(on: connection, sinkInput: index, from: start, to: target)
        }
    }
}
