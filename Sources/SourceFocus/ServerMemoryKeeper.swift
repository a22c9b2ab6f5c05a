import Logging
import PulseAudio
import Synchronization

/// Holds what the sound server remembers for a program's streams at what it was before VoxNav
/// lowered or muted one of them.
///
/// Desktop servers remember a stream's volume per group (PulseAudio's module-stream-restore,
/// WirePlumber's restore-stream) and save every change, whoever made it: a duck would become the
/// program's own volume, and its next stream would start ducked. Neither server offers a change
/// that is not saved to a client, so the engine writes the group's entry back after its changes
/// through the stream-restore extension (pipewire-pulse carries it to WirePlumber). The server
/// saves asynchronously (WirePlumber only after it has read the stream's new parameters back, a few
/// milliseconds later), so each write is repeated as the changes settle: soon, to keep the window in
/// which a program starting a stream would be given a ducked level short, and once more later.
package actor ServerMemoryKeeper {
    private let connection: any StreamVolumeControl
    private let logger: Logger
    /// When, after the last change, the write is repeated, to come after the server's own save.
    package let settle: [Duration]
    private var supported: Bool? {
        didSet { knownToRememberNothing.store(supported == false, ordering: .relaxed) }
    }
    /// The server was asked and remembers no streams: a duck then needs no word with the keeper.
    private let knownToRememberNothing = Atomic(false)
    /// Whether reading the memory back tells what the server remembers. PulseAudio's does;
    /// pipewire-pulse's reads only what was written through the extension, not WirePlumber's own
    /// saves since, so there the stream's own state is the better account.
    private var readsAreCurrent = true
    /// Entries to write, by group; the latest wins.
    private var pending: [String: RememberedStream] = [:]
    private var generation = 0
    /// Wakes the writer (`run()`) for the settled writes of a change.
    private let changes: AsyncStream<Void>
    private let changed: AsyncStream<Void>.Continuation
    /// True from a change until its settled writes are done.
    private var settling = false
    /// True while `run()` runs: before it (the engine's start-up) and after it, `flush()` makes the
    /// settled writes itself.
    private var running = false
    /// Who waits in `flush()` for the settled writes.
    private var flushed: [CheckedContinuation<Void, Never>] = []

    /// After a change: soon, to keep short the window in which a new stream would start ducked, then
    /// after the server's own saves have settled.
    package static let defaultSettle: [Duration] = [.milliseconds(20), .milliseconds(80), .milliseconds(300)]

    package init(connection: any StreamVolumeControl, logger: Logger, settle: [Duration] = defaultSettle) {
        self.connection = connection
        self.logger = logger
        self.settle = settle
        (changes, changed) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Makes the settled writes of each change, until `finish()`: a child task of the engine's `run()`.
    package func run() async {
        running = true
        for await _ in changes { await writeWhenSettled() }
        running = false
        settled()
    }

    /// Ends `run()` after the settled writes under way; later changes are written once, at once.
    package nonisolated func finish() { changed.finish() }

    /// Whether the server remembers streams at all (asked once per connection).
    package func isSupported() async -> Bool {
        if let supported { return supported }
        let answer = await connection.remembersStreams()
        supported = answer
        readsAreCurrent = !((try? await connection.serverName()) ?? "").contains("PipeWire")
        if answer { logger.info("the sound server remembers stream volumes: ducks are kept out of its memory") }
        return answer
    }

    /// Whether the server is known to remember no streams (asked without a hop to the keeper).
    package nonisolated var remembersNothing: Bool { knownToRememberNothing.load(ordering: .relaxed) }

    /// Forgets whether the server supports it (a new server after a reconnect may differ).
    package func serverChanged() { supported = nil }

    /// What the server remembers now for `input`'s group: its entry, or (where it reports none, or
    /// cannot be trusted to report it, as on PipeWire) the stream as it is, which the server saved.
    package func memory(of input: SinkInput) async -> RememberedStream? {
        guard await isSupported(), let group = input.restoreGroup else { return nil }
        guard readsAreCurrent else { return RememberedStream(current: input) }
        let entries = (try? await connection.rememberedStreams()) ?? []
        return entries.first { $0.name == group } ?? RememberedStream(current: input)
    }

    /// Writes `entries` now, and again once no change has come for `settle`.
    package func keep(_ entries: [RememberedStream]) async {
        // A server given up (a shutdown out of time) is written nothing more: the journal keeps what to set right.
        guard !entries.isEmpty, !connection.isAbandoned, await isSupported() else { return }
        for entry in entries { pending[entry.name] = entry }
        generation += 1
        await write(entries)
        guard running, !settling, !settle.isEmpty else { return }
        settling = true
        if case .terminated = changed.yield() { settled() }
    }

    /// Waits until every pending entry has had its settled write.
    package func flush() async {
        if connection.isAbandoned { return settled() }
        if !running, !pending.isEmpty { return await writeWhenSettled() }
        guard settling else { return }
        await withCheckedContinuation { flushed.append($0) }
    }

    private func settled() {
        settling = false
        pending.removeAll()
        for waiter in flushed { waiter.resume() }
        flushed.removeAll()
    }

    private func writeWhenSettled() async {
        var seen = generation
        var step = 0
        var since = ContinuousClock.now
        while step < settle.count, !connection.isAbandoned {
            try? await Task.sleep(until: since + settle[step])
            if generation != seen {
                // A newer change: its own repeats start over.
                (seen, step, since) = (generation, 0, ContinuousClock.now)
                continue
            }
            step += 1
            await write(Array(pending.values))
            // A change during the last write: its own repeats start over.
            if step == settle.count, generation != seen { (seen, step, since) = (generation, 0, ContinuousClock.now) }
        }
        settled()
    }

    private func write(_ entries: [RememberedStream]) async {
        logger.debug(
            "server memory kept", metadata: ["entries": "\(entries.map { "\($0.name) at \($0.volume?.description ?? "none")\($0.muted ? " muted" : "")" })"])
        do {
            // pipewire-pulse keeps the entries in a metadata object that tells WirePlumber only of
            // changes (and ignores deletes), so writing the value it already holds would not undo
            // WirePlumber's own save of the duck: a value one step off (inaudible, for
            // microseconds) goes first. PulseAudio takes the pair in order.
            try await connection.remember(entries.map(\.nudged))
            try await connection.remember(entries)
        } catch {
            logger.warning("could not keep the server's memory", metadata: ["groups": "\(entries.map(\.name))", "error": "\(error)"])
        }
    }
}

extension RememberedStream {
    /// The same entry with its first channel's volume one step different.
    fileprivate var nudged: RememberedStream {
        guard var values = volume?.values, let first = values.first else { return self }
        values[0] = first == 0 ? 1 : first - 1
        var copy = self
        copy.volume = ChannelVolumes(values)
        return copy
    }
}
