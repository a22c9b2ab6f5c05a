import AudioPolicy
import CarAudio
import SourceFocus

/// The sources the engine acts on, its simulated ones and other programs' streams, with what it
/// keeps of each: the order the simulated ones were started and their last journalled places,
/// whether each other program has its own stream corked. Bookkeeping only: streams are started
/// and stopped by the engine.
struct SourceRegistry {
    private(set) var handles: [SourceID: SourceHandle] = [:]
    /// The simulated sources in the order they were started (the policy's decisions depend on it).
    private var startOrder: [SourceID] = []
    /// The simulated sources as last journalled, in the order they were started.
    private(set) var records: [SimulatedSourceRecord] = []
    /// Whether each other program has its own stream corked (paused), as last seen.
    private var programCorked: [UInt32: Bool] = [:]

    subscript(id: SourceID) -> SourceHandle? { handles[id] }

    var ids: [SourceID] { handles.keys.sorted() }

    /// A simulated source started: the newest in the start order.
    mutating func started(_ source: any SimulatedSource) {
        let id = SourceID.simulated(source.kind)
        handles[id] = .simulated(source)
        startOrder.removeAll { $0 == id }
        startOrder.append(id)
    }

    /// A simulated source's stream replaced by a new one (a new activity, the server back): its
    /// place in the start order stays.
    mutating func replace(_ source: any SimulatedSource) {
        handles[.simulated(source.kind)] = .simulated(source)
    }

    /// Another program's stream taken up, with whether its program has it corked.
    mutating func adopt(sinkInput index: UInt32, kind: SourceKind, name: String, corked: Bool) {
        handles[.foreign(index)] = .foreign(sinkInput: index, kind: kind, name: name)
        programCorked[index] = corked
    }

    @discardableResult
    mutating func remove(_ id: SourceID) -> SourceHandle? {
        if case .foreign(let index, _, _)? = handles[id] { programCorked[index] = nil }
        return handles.removeValue(forKey: id)
    }

    /// Forgets every source, returning them (to be stopped).
    mutating func removeAll() -> [SourceHandle] {
        defer {
            handles = [:]
            programCorked = [:]
        }
        return Array(handles.values)
    }

    /// The other programs' streams.
    var foreign: [(id: SourceID, handle: SourceHandle)] {
        handles.filter { if case .foreign = $0.value { true } else { false } }.map { ($0.key, $0.value) }
    }

    /// Whether no source, simulated or foreign, is the sink input.
    func isUnmanaged(_ index: UInt32) -> Bool {
        handles[.foreign(index)] == nil && !handles.values.contains { $0.sinkInputIndex == index }
    }

    /// Notes whether another program has its stream corked; returns whether it had, as last seen.
    mutating func noteCorked(_ index: UInt32, _ corked: Bool) -> Bool {
        programCorked.updateValue(corked, forKey: index) ?? false
    }

    /// The simulated sources now (kind, activity, place), in the order they were started, as the
    /// journal keeps them. Chimes play once and are not started again; a new stream with no
    /// place yet (before the server's first timing report) keeps the one it was last journalled at.
    mutating func journal() -> [SimulatedSourceRecord] {
        let previous = Dictionary(records.map { ($0.kind, $0) }, uniquingKeysWith: { $1 })
        startOrder.removeAll { id in if case .simulated? = handles[id] { false } else { true } }
        records = startOrder.compactMap { id in
            guard case .simulated(let source)? = handles[id], source.kind != .vehicleChime else { return nil }
            let position = source.position.map { ($0 * 10).rounded() / 10 } ?? previous[source.kind]?.position
            return SimulatedSourceRecord(kind: source.kind, activity: source.activity, position: position)
        }
        return records
    }
}
