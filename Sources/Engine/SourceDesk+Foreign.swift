import AudioPolicy
import PulseAudio
import SourceFocus

/// Other programs' streams, followed from `run()`'s start-up through the server's sink-input
/// subscription: taken up as sources when the policy's `classify:` names their kind.
extension SourceDesk {
    /// Another program's stream appeared, changed or went.
    func foreignStreamChanged(_ event: SinkInputEvent, on engine: isolated VoxNavEngine) async {
        guard !engine.shuttingDown else { return }
        switch event.change {
        case .new: await foreignStreamAppeared(event.index, on: engine)
        case .remove:
            let id = SourceID.foreign(event.index)
            // Gone mid-duck: nothing is left to restore, but the server's memory of it is set right.
            await engine.carryOut { [focus = engine.focus] in await focus.streamGone(event.index) }
            guard let handle = registry.remove(id) else { return }
            engine.emit(.sourceEnded(id.rawValue, kind: handle.kind))
            await engine.decide { .sourceEnded(id, at: $0) }
        case .change:
            var known = registry[.foreign(event.index)] != nil
            if !known { known = await engine.focus.holds(event.index) }
            guard known else {
                // Not taken up when it appeared (not yet set up, see foreignStreamAppeared).
                await foreignStreamAppeared(event.index, on: engine)
                return
            }
            await engine.focus.holdServerMemory(event.index)
            await foreignStreamCorkChanged(event.index, on: engine)
        }
    }

    /// Another program's stream that the policy stopped can only be muted: the program plays on
    /// unheard. When its user pauses it and plays it again (its own cork off after on), that is the
    /// newest choice, as pressing play is in a car: it is unmuted and enters the policy again, which
    /// may stop whatever stopped it.
    private func foreignStreamCorkChanged(_ index: UInt32, on engine: isolated VoxNavEngine) async {
        let id = SourceID.foreign(index)
        guard case .foreign(_, let kind, _)? = registry[id],
            let input = try? await engine.server.sinkInput(index: index)
        else { return }
        let wasCorked = registry.noteCorked(index, input.corked)
        guard wasCorked, !input.corked, engine.policy.state(of: .source(id)) == .stopped else { return }
        engine.logger.info("another program's stopped stream plays again: it is the newest choice", metadata: ["sinkInput": "\(index)"])
        await engine.decide { .sourceEnded(id, at: $0) }
        await engine.focus.unmute(index, volume: input.volume)
        await engine.decide { .sourceStarted(Source(id: id, kind: kind), at: $0) }
    }

    func foreignStreamAppeared(_ index: UInt32, on engine: isolated VoxNavEngine) async {
        let id = SourceID.foreign(index)
        guard registry.isUnmanaged(index), let input = try? await engine.server.sinkInput(index: index),
            // Read again after the await: the same stream may have been taken up meanwhile.
            registry.isUnmanaged(index), let kind = engine.configuration.policy.classify.kind(properties: input.properties)
        else { return }
        // pipewire-pulse shows a new stream for a few milliseconds before it is set up: at volume 0,
        // corked or (a player started again during a duck, seen in CI) already playing, before
        // WirePlumber gives it the volume remembered for it. That is not its volume; it is taken up
        // at its next change, once it has one (nothing is lowered from 0 meanwhile).
        if input.volume.values.allSatisfy({ $0 == 0 }) { return }
        let name = input.properties["application.name"] ?? input.name
        registry.adopt(sinkInput: index, kind: kind, name: name, corked: input.corked)
        engine.emit(.sourceStarted(id.rawValue, kind: kind, activity: nil))
        engine.logger.info(
            "managing another program's stream", metadata: ["sinkInput": "\(index)", "kind": "\(kind.rawValue)", "name": "\(name)"])
        await engine.decide { .sourceStarted(Source(id: id, kind: kind), at: $0) }
    }
}
