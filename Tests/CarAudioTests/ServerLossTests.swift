import AudioPolicy
import AudioTestSupport
import CarAudio
import Foundation
import PulseAudio
import PulseServer
import Testing

/// The PulseAudio layer when its server dies and comes back: nothing waits forever, and the same
/// connection and streams work again on the new server. Each test has a server of its own.
@Suite struct ServerLossTests {
    @Test func requestsPendingWhenTheServerDiesFailInsteadOfHanging() async throws {
        try PulseProbe.requireServer()
        let server = try NullSinkServer()
        defer { server.stop() }
        let connection = try await PulseConnection(applicationName: "CarAudioTests", server: server.address)
        let radio = try await CarSources.startFMRadio(on: connection)
        defer { radio.stop() }
        // A stopped server receives the requests and never answers; then it dies with them pending.
        server.freeze()
        let query = Task { try await connection.sinkInputs() }
        let volume = Task { try await connection.setSinkInputVolume(index: radio.sinkInputIndex, to: ChannelVolumes([30000])) }
        let pause = Task { await radio.pause() }
        try await Task.sleep(for: .milliseconds(200))
        server.kill()

        let ended = Flag()
        Task {
            _ = await query.result
            _ = await volume.result
            await pause.value
            ended.set()
        }
        let deadline = Date().addingTimeInterval(2)
        while !ended.isSet && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(ended.isSet, "requests pending when the server died never returned")
        if ended.isSet {
            let listed = await query.result
            let set = await volume.result
            #expect(throws: PulseError.self) { try listed.get() }
            #expect(throws: PulseError.self) { try set.get() }
        }
        #expect(!connection.isReady)
    }

    /// The last holder of a connection may let go of it inside one of its own callbacks (here, the
    /// one that reports the server lost): the connection is torn down then without aborting the
    /// process (libpulse aborts when a mainloop is locked or stopped from its own thread).
    @Test func aConnectionReleasedInItsOwnCallbackIsTornDownWithoutAborting() async throws {
        try PulseProbe.requireServer()
        let server = try NullSinkServer()
        defer { server.stop() }
        final class Holder: @unchecked Sendable {
            let lock = NSLock()
            var connection: PulseConnection?
            var releasedOnLoss = false
        }
        let holder = Holder()
        holder.connection = try await PulseConnection(applicationName: "CarAudioTests", server: server.address)
        // The handler holds the only other reference, and drops both on the mainloop thread.
        holder.connection?.onDisconnect {
            holder.lock.withLock {
                holder.connection = nil
                holder.releasedOnLoss = true
            }
        }
        server.kill()
        let deadline = Date().addingTimeInterval(3)
        while !holder.lock.withLock({ holder.releasedOnLoss }) && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(holder.lock.withLock { holder.releasedOnLoss }, "the loss was never reported")
        // Still alive: a new connection to the session's server works.
        try await Task.sleep(for: .milliseconds(200))
        let other = try await PulseConnection(applicationName: "CarAudioTests")
        #expect(other.isReady)
    }

    @Test func theSameConnectionAndStreamWorkAgainOnTheRestartedServer() async throws {
        try PulseProbe.requireServer()
        let server = try NullSinkServer()
        defer { server.stop() }
        let connection = try await PulseConnection(applicationName: "CarAudioTests", server: server.address)
        let lost = Flag()
        connection.onDisconnect { lost.set() }
        let events = try await connection.sinkInputEvents()
        let stream = try await PlaybackStream(
            connection: connection, name: "Prompt", properties: ["application.name": "Reopened prompt stream"],
            format: StreamFormat(sampleRate: 22050, channels: 1), targetLatency: 0.02, startCorked: true)

        server.kill()
        for _ in 0..<100 where !lost.isSet { try await Task.sleep(for: .milliseconds(10)) }
        #expect(lost.isSet, "the loss was not noticed")
        #expect(!stream.isConnected)
        await expectReturnsPromptly { await stream.play(BufferSource([Int16](repeating: 0, count: 22050))) }
        await #expect(throws: PulseError.self) { try await connection.reconnect() }

        try server.start()
        try await connection.reconnect()
        #expect(connection.isReady)
        try await stream.reopen()
        #expect(stream.isConnected)
        let reopened = try #require(try PulseProbe.sinkInputs(server: server.address).first { $0.applicationName == "Reopened prompt stream" })
        #expect(reopened.index == Int(stream.sinkInputIndex))
        // The subscription made before the loss hears the new server.
        let radio = try await CarSources.startFMRadio(on: connection)
        defer { radio.stop() }
        var heard = false
        for await event in events where event.change == .new && event.index == radio.sinkInputIndex {
            heard = true
            break
        }
        #expect(heard)
        // And the next loss is noticed too.
        let lostAgain = Flag()
        connection.onDisconnect { lostAgain.set() }
        server.kill()
        for _ in 0..<100 where !lostAgain.isSet { try await Task.sleep(for: .milliseconds(10)) }
        #expect(lostAgain.isSet)
    }

    private func expectReturnsPromptly(_ body: @escaping @Sendable () async -> Void) async {
        let done = Flag()
        Task {
            await body()
            done.set()
        }
        for _ in 0..<100 where !done.isSet { try? await Task.sleep(for: .milliseconds(10)) }
        #expect(done.isSet, "did not return within 1 s")
    }
}

/// A flag set from any thread.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }
    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
