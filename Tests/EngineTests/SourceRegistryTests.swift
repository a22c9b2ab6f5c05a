import AudioPolicy
import Testing

@testable import Engine
@testable import SourceFocus

/// The engine's bookkeeping of other programs' streams (pure; simulated sources need a server and
/// are covered by the server suites).
@Suite struct SourceRegistryTests {
    @Test func anAdoptedStreamIsManagedUntilRemoved() {
        var registry = SourceRegistry()
        #expect(registry.isUnmanaged(7))
        registry.adopt(sinkInput: 7, kind: .music, name: "player", corked: false)
        #expect(!registry.isUnmanaged(7) && registry.isUnmanaged(8))
        #expect(registry[.foreign(7)]?.kind == .music && registry[.foreign(7)]?.name == "player")
        #expect(registry.foreign.map(\.id) == [.foreign(7)])
        #expect(registry.remove(.foreign(7))?.sinkInputIndex == 7)
        #expect(registry.isUnmanaged(7) && registry.foreign.isEmpty && registry.ids.isEmpty)
    }

    /// The player pressing pause then play is seen as a corked stream becoming uncorked; the state
    /// does not outlive the stream.
    @Test func tellsWhetherTheProgramHadItsStreamCorked() {
        var registry = SourceRegistry()
        registry.adopt(sinkInput: 3, kind: .spokenAudio, name: "podcasts", corked: true)
        #expect(registry.noteCorked(3, false) == true)
        #expect(registry.noteCorked(3, true) == false)
        registry.remove(.foreign(3))
        registry.adopt(sinkInput: 3, kind: .spokenAudio, name: "podcasts", corked: false)
        #expect(registry.noteCorked(3, false) == false, "a new stream with the same number starts afresh")
    }

    @Test func removeAllHandsBackEverySourceAndJournalsNone() {
        var registry = SourceRegistry()
        registry.adopt(sinkInput: 1, kind: .music, name: "a", corked: false)
        registry.adopt(sinkInput: 2, kind: .fmRadio, name: "b", corked: false)
        #expect(Set(registry.removeAll().map(\.sinkInputIndex)) == [1, 2])
        #expect(registry.ids.isEmpty && registry.journal().isEmpty, "other programs' streams are never journalled")
    }
}
