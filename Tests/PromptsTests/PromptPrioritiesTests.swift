import AudioPolicy
import ClientGuidance
import Prompts
import PropertyBased
import Testing

/// Every rule of which prompt goes first (`PromptPriorities`), pure: what each event does to the
/// playing prompt in every state it can be in, and the order prompts wait in.
@Suite struct PromptPrioritiesTests {
    static let nav = ClientID("nav")
    static let other = ClientID("other")

    static func prompt(_ n: Int, client: ClientID = nav, kind: Prompt.Kind = .text, priority: PromptPriority = .normal) -> Prompt {
        Prompt(id: PromptID(rawValue: "p-\(n)"), client: client, kind: kind, priority: priority, deadline: nil, key: nil)
    }

    static func cut(_ rule: PromptCutRule = .call, client: ClientID = nav, momentary: Bool = true) -> PromptCut {
        PromptCut(client: client, rule: rule, style: .short, momentary: momentary)
    }

    /// Every state a playing prompt can be in when an event reaches it.
    static let stops: [PlayingPrompt.Stop?] = [
        nil, .cancelled(reason: "by its client"), .outranked(by: PromptID(rawValue: "p-9")), .cut(cut(), thenCancelled: false),
        .cut(cut(), thenCancelled: true),
    ]

    static func playing(_ priority: PromptPriority, stop: PlayingPrompt.Stop?) -> PlayingPrompt {
        var playing = PlayingPrompt(prompt(1, priority: priority))
        playing.stop = stop
        return playing
    }

    /// A prompt queued next interrupts only a playing prompt nothing has stopped yet, and only where
    /// the policy's `preemption:` lets its priority interrupt the playing one's; one queued behind
    /// another never does.
    @Test(arguments: [PromptPreemption.builtIn, PromptPreemption(), PromptPreemption(interrupts: [.important: [.normal, .low], .normal: [.low]])])
    func aPromptQueuedNextInterruptsOnlyWhereThePreemptionRuleSays(_ preemption: PromptPreemption) {
        for stop in Self.stops {
            for playingPriority in PromptPriority.allCases {
                for incoming in PromptPriority.allCases {
                    for position in 0...1 {
                        var playing = Self.playing(playingPriority, stop: stop)
                        let newcomer = Self.prompt(2, client: Self.other, priority: incoming)
                        let action = PromptPriorities.resolve(.queued(newcomer, position: position), playing: &playing, preemption: preemption)
                        let interrupts = stop == nil && position == 0 && preemption.interrupts(playingPriority, for: incoming)
                        #expect(action == (interrupts ? .fadeOut : .playOn))
                        #expect(playing.stop == (interrupts ? .outranked(by: newcomer.id) : stop))
                    }
                }
            }
        }
    }

    /// The policy's cut reaches only its own client's prompt, and one nothing has stopped yet; it
    /// fades it out, and a momentary cut holds it back for the moment.
    @Test func aCutReachesOnlyItsOwnClientsPromptThatNothingStoppedYet() {
        for stop in Self.stops {
            for client in [Self.nav, Self.other] {
                for momentary in [true, false] {
                    var playing = Self.playing(.normal, stop: stop)
                    let cut = Self.cut(.assistantListening, client: client, momentary: momentary)
                    let action = PromptPriorities.resolve(.cut(cut), playing: &playing, preemption: .builtIn)
                    let reaches = stop == nil && client == Self.nav
                    #expect(action == (reaches ? .fadeOut : .playOn))
                    #expect(playing.stop == (reaches ? .cut(cut, thenCancelled: false) : stop))
                    #expect(playing.heldBack == (reaches && momentary))
                }
            }
        }
    }

    /// A cancel always stops the audio at once and leaves nothing owed; a prompt already cut keeps
    /// its cut (the rule is what the driver met), one outranked is cancelled instead.
    @Test func aCancelAlwaysStopsItAndLeavesNothingOwed() {
        for stop in Self.stops {
            var playing = Self.playing(.low, stop: stop)
            let action = PromptPriorities.resolve(.cancelled(reason: "the client disconnected"), playing: &playing, preemption: .builtIn)
            #expect(action == .cancel)
            #expect(playing.stop?.owesNothing == true)
            switch stop {
            case .cut(let cut, _): #expect(playing.stop == .cut(cut, thenCancelled: true))
            default: #expect(playing.stop == .cancelled(reason: "the client disconnected"))
            }
        }
    }

    /// An output that gave up ends the prompt as cancelled, with its reason, unless it already was;
    /// the output has nothing more to stop.
    @Test func anOutputThatFailedEndsItCancelledUnlessItAlreadyWas() {
        for stop in Self.stops {
            var playing = Self.playing(.normal, stop: stop)
            let action = PromptPriorities.resolve(.outputFailed(reason: "the sink stopped"), playing: &playing, preemption: .builtIn)
            #expect(action == .playOn)
            if case .cancelled = stop {
                #expect(playing.stop == stop)
            } else {
                #expect(playing.stop == .cancelled(reason: "the sink stopped"))
            }
        }
    }

    /// Whatever happens to it, a stopped prompt stays stopped: no event makes it play on.
    @Test func noSequenceOfEventsRestartsAStoppedPrompt() async {
        let events = Gen.int(in: 0...5).array(of: 1...8)
        await propertyCheck(count: 500, input: events, Gen.int(in: 0...2)) { codes, priorityIndex in
            var playing = Self.playing(PromptPriority.allCases[priorityIndex], stop: nil)
            var wasStopped = false
            for (n, code) in codes.enumerated() {
                let event: PromptPriorities.Event =
                    switch code {
                    case 0: .queued(Self.prompt(n + 2, client: Self.other, priority: .important), position: 0)
                    case 1: .queued(Self.prompt(n + 2, client: Self.other, priority: .low), position: 1)
                    case 2: .cut(Self.cut())
                    case 3: .cut(Self.cut(client: Self.other))
                    case 4: .cancelled(reason: "cancelled")
                    default: .outputFailed(reason: "the sink stopped")
                    }
                _ = PromptPriorities.resolve(event, playing: &playing, preemption: .builtIn)
                if wasStopped { #expect(playing.stop != nil, "\(codes)") }
                wasStopped = playing.stop != nil
            }
        }
    }

    /// The order prompts wait in is a strict total order: the higher priority first, a maneuver
    /// before text within a priority, then fair turns, then arrival.
    @Test func theWaitingOrderIsStrictAndTotal() async {
        let prompt = PropertyBased.zip(Gen.int(in: 0...2), Gen.bool, Gen.int(in: 0...3))
        await propertyCheck(count: 200, input: prompt.array(of: 2...12)) { specs in
            let prompts = specs.enumerated().map { n, spec in
                var prompt = Self.prompt(n, kind: spec.1 ? .maneuver : .text, priority: PromptPriority.allCases[spec.0])
                prompt.turn = spec.2
                prompt.sequence = n
                return prompt
            }
            for a in prompts {
                #expect(!PromptPriorities.playsBefore(a, a))
                for b in prompts where a.id != b.id {
                    #expect(PromptPriorities.playsBefore(a, b) != PromptPriorities.playsBefore(b, a), "total and asymmetric")
                    if a.priority < b.priority { #expect(PromptPriorities.playsBefore(a, b), "the higher priority first") }
                    if a.priority == b.priority, a.isManeuver, !b.isManeuver { #expect(PromptPriorities.playsBefore(a, b), "a maneuver before text") }
                    for c in prompts where PromptPriorities.playsBefore(a, b) && PromptPriorities.playsBefore(b, c) {
                        #expect(PromptPriorities.playsBefore(a, c), "transitive")
                    }
                }
            }
        }
    }
}

/// A guidance's final instruction is kept waiting by no other client's text, whatever its priority.
@Suite struct FinalInstructionTests {
    static func finalInstruction(client: ClientID = PromptPrioritiesTests.other) -> Prompt {
        var prompt = PromptPrioritiesTests.prompt(2, client: client, kind: .maneuver, priority: .important)
        prompt.guidance = 1
        prompt.announces = AnnouncedManeuver(maneuver: "m1", state: .execute)
        return prompt
    }

    @Test(arguments: PromptPriority.allCases, [Prompt.Kind.text, .alert, .maneuver])
    func itInterruptsAnotherClientsTextOfAnyPriorityAndNothingElse(_ priority: PromptPriority, _ kind: Prompt.Kind) {
        for own in [false, true] {
            var playing = PlayingPrompt(PromptPrioritiesTests.prompt(1, kind: kind, priority: priority))
            let newcomer = Self.finalInstruction(client: own ? PromptPrioritiesTests.nav : PromptPrioritiesTests.other)
            // No preemption rule at all: only the final instruction's own rule may interrupt.
            let action = PromptPriorities.resolve(.queued(newcomer, position: 0), playing: &playing, preemption: PromptPreemption())
            let interrupts = kind == .text && !own
            #expect(action == (interrupts ? .fadeOut : .playOn), "\(priority) \(kind) own: \(own)")
            #expect(playing.stop == (interrupts ? .outranked(by: newcomer.id) : nil))
        }
    }

    /// A prepare instruction is no final instruction: the policy's rule alone decides.
    @Test func aPrepareInstructionDoesNot() {
        var prepare = Self.finalInstruction()
        prepare.announces = AnnouncedManeuver(maneuver: "m1", state: .prepare)
        var playing = PlayingPrompt(PromptPrioritiesTests.prompt(1, priority: .important))
        #expect(PromptPriorities.resolve(.queued(prepare, position: 0), playing: &playing, preemption: PromptPreemption()) == .playOn)
    }
}
