import PropertyBased
import Testing

@testable import SSIP

/// SSIP's priority rules as speech-dispatcher applies them (`SSIPArrival`): pure.
@Suite struct SSIPArrivalTests {
    static func state(_ id: Int, _ priority: SSIPPriority, speaking: Bool = false) -> SSIPMessageState {
        SSIPMessageState(id: id, priority: priority, speaking: speaking)
    }

    @Test func aNewTextEndsTheTextBeforeItSpokenOrWaiting() {
        // speech-dispatcher, seen: texts 14, 15, 16 queued together: 14 begins and is cut, 15 never
        // begins, 16 is said.
        let arrival = SSIPArrival.of(.text, among: [Self.state(14, .text, speaking: true), Self.state(15, .text)])
        #expect(arrival == SSIPArrival(cancelled: [14, 15], dropped: false))
    }

    @Test func importantCutsWhatSpeaksButPostponesMessagesAndText() {
        let others = [Self.state(1, .text, speaking: true), Self.state(2, .message), Self.state(3, .notification), Self.state(4, .progress)]
        #expect(SSIPArrival.of(.important, among: others) == SSIPArrival(cancelled: [1, 3, 4], dropped: false))
        #expect(SSIPArrival.of(.important, among: [Self.state(5, .important, speaking: true)]) == SSIPArrival(cancelled: [], dropped: false))
    }

    @Test func aNotificationIsDroppedWhileAnythingElseWaitsOrSpeaks() {
        #expect(SSIPArrival.of(.notification, among: [Self.state(1, .text)]).dropped)
        #expect(SSIPArrival.of(.notification, among: [Self.state(1, .progress, speaking: true)]).dropped)
        #expect(SSIPArrival.of(.notification, among: [Self.state(1, .notification, speaking: true)]) == SSIPArrival(cancelled: [1], dropped: false))
        #expect(SSIPArrival.of(.notification, among: []) == SSIPArrival(cancelled: [], dropped: false))
    }

    @Test func progressKeepsTheOneSpeakingAndOnlyTheNewestWaiting() {
        // Seen: progress 21, 22, 23 queued together: 21 and 23 said, 22 cancelled.
        let arrival = SSIPArrival.of(.progress, among: [Self.state(21, .progress, speaking: true), Self.state(22, .progress)])
        #expect(arrival == SSIPArrival(cancelled: [22], dropped: false))
    }

    /// Whatever waits and speaks, an important message is never cancelled, only what is there is
    /// cancelled, and only a notification is ever dropped.
    @Test func importantMessagesAreNeverCancelled() async {
        let priorities = Gen.element(of: SSIPPriority.allCases).map { $0! }
        let others = PropertyBased.zip(priorities, Gen.bool).array(of: 0...6)
        await propertyCheck(count: 500, input: priorities, others) { new, others in
            // At most one speaks, as in the engine.
            let states = others.enumerated().map { SSIPMessageState(id: $0.offset, priority: $0.element.0, speaking: $0.offset == 0 && $0.element.1) }
            let arrival = SSIPArrival.of(new, among: states)
            #expect(!states.contains { $0.priority == .important && arrival.cancelled.contains($0.id) })
            #expect(arrival.cancelled.isSubset(of: Set(states.map(\.id))))
            #expect(!arrival.dropped || new == .notification)
        }
    }
}
