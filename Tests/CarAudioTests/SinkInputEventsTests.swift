import AudioTestSupport
import CarAudio
import Foundation
import PulseAudio
import PulseServer
import Synchronization
import Testing

/// Sink input event streams on a server of their own.
@Suite struct SinkInputEventsTests {
    /// A subscription's task is cancelled while events pour in, hundreds of times: every
    /// cancellation returns. The stream used to remove itself under the mainloop lock from inside the
    /// task's cancellation while the mainloop thread, holding that lock, handed it an event: the two
    /// threads deadlocked (a CI run hung in `VoxNavEngine.shutdown`).
    @Test func subscriptionsEndWhileEventsPourInWithoutDeadlock() async throws {
        try PulseProbe.requireServer()
        let server = try NullSinkServer()
        defer { server.stop() }
        let listener = try await PulseConnection(applicationName: "SinkInputEventsTests listener", server: server.address)
        let changer = try await PulseConnection(applicationName: "SinkInputEventsTests changer", server: server.address)
        let radio = try await CarSources.startFMRadio(on: changer)
        defer { radio.stop() }
        let channels = try await changer.sinkInput(index: radio.sinkInputIndex)?.volume.values.count ?? 1
        // Volume changes as fast as the server takes them: each is an event on the listener's subscriptions.
        let changes = Task {
            var level: UInt32 = 20_000
            while !Task.isCancelled {
                level = level == 20_000 ? 30_000 : 20_000
                try? await changer.setSinkInputVolume(index: radio.sinkInputIndex, to: ChannelVolumes(Array(repeating: level, count: channels)))
            }
        }
        defer { changes.cancel() }
        let rounds = 300
        let done = Flag()
        let received = Counter()
        // Detached: a deadlock blocks the thread that cancels, so the test watches from outside it.
        Task.detached {
            for round in 0..<rounds {
                let events = try await listener.sinkInputEvents()
                let subscriber = Task {
                    for await _ in events { received.increment() }
                }
                try await Task.sleep(for: .microseconds(200 + (round % 10) * 300))
                subscriber.cancel()
                await subscriber.value
            }
            done.set()
        }
        let deadline = Date().addingTimeInterval(60)
        while !done.isSet && Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(done.isSet, "a subscription's cancellation never returned (deadlock)")
        #expect(received.value > rounds, "too few events arrived (\(received.value)) for the test to tell anything")
    }
}

/// A thread-safe count.
final class Counter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
