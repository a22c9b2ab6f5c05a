import Foundation
import Guidance
import PackLibrary
import Speech
import Testing

@testable import Engine

/// Every phrase pack is spoken by a voice that exists, and every phrase it can produce synthesises
/// to audio of a sane length: what a driver hears, not only what the text looks like.
@Suite struct VoicePackSynthesisTests {
    static let library = VoiceLibrary(
        directory: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("voices"))

    @Test func everyPackLoadsAndThereAreAtLeastTwelve() {
        #expect(Self.library.problems.isEmpty, "\(Self.library.problems)")
        #expect(Self.library.languages.count >= 12)
        for required in ["en-US", "en-GB", "de", "fr", "es", "it", "nl", "pt-BR", "pl", "sv", "cs"] {
            #expect(Self.library.packs[required] != nil, "missing pack \(required)")
        }
        #expect(Self.library.packs["zh"] != nil || Self.library.packs["ja"] != nil)
    }

    @Test(arguments: library.languages)
    func theEspeakVoiceOfEveryPackIsInstalled(language: String) async throws {
        let pack = try #require(Self.library.packs[language])
        let installed = await (try Synthesizer.shared()).hasVoice(pack.espeakVoice)
        #expect(installed, "\(language): voice \(pack.espeakVoice)")
    }

    @Test(arguments: library.languages)
    func everyPhraseOfThePackSynthesisesToAudibleSpeech(language: String) async throws {
        let pack = try #require(Self.library.packs[language])
        let composer = PhraseComposer(pack: pack)
        let alerts = AlertKind.allCases.flatMap { [composer.alert($0), composer.alert($0, distance: 800)] }
        // Beyond the catalog: one lane counted from a side, and every maneuver at a roundabout in
        // left-hand traffic (the pack's `atRoundabout` wording and `{rotation}`).
        var counted: [String] = []
        for side in LaneGuidance.Side.allCases {
            for place in 2...4 { counted.append(composer.lanePhrase(LaneGuidance(position: .middle, count: 1, counted: .init(side, place)))) }
        }
        var atRoundabout: [String] = []
        for type in ManeuverType.allCases {
            let maneuver = Maneuver(type: type, junctionType: .roundabout, trafficSide: .left, roadName: "Solar Circle", rotaryName: "Dupont Circle")
            for state in ManeuverState.allCases { atRoundabout.append(composer.compose(maneuver, state: state, distance: 800)) }
        }
        let pauses = PhrasePack.pausePhrases.compactMap(composer.pauseAnnouncement(for:))
        let texts = Set(composer.catalog().map(\.text) + [composer.rerouting] + alerts + pauses + counted + atRoundabout)
        let synth = try Synthesizer.shared()
        let estimate = AnnouncementDurationEstimate()
        var closest = (text: "", seconds: 0.0, estimated: Double.infinity)
        for text in texts {
            let audio = try await synth.synthesize(text, voice: pack.espeakVoice)
            #expect(audio.duration > 0.2, "\(language): '\(text)' gave \(audio.duration) s")
            #expect(audio.rms > 0.01, "\(language): '\(text)' is near silence")
            // The announcer plans with this length: it must never be shorter than the speech.
            let estimated = estimate.speakingTime(of: text, length: pack.speechLength)
            if estimated - audio.duration < closest.estimated - closest.seconds { closest = (text, audio.duration, estimated) }
            #expect(estimated >= audio.duration, "\(language): '\(text)' speaks \(audio.duration) s, planned as \(estimated) s")
        }
        print("\(language): the closest plan '\(closest.text)' speaks \(closest.seconds) s, planned \(closest.estimated) s")
    }

    /// The trip's estimates for every sample trip: said whole or with less detail, within a prompt's
    /// six seconds (`guidance.estimates` is no planned prompt: its length is what the speech measures).
    /// A departure that ends with the arrival is planned as two sentences, the departure's and the
    /// arrival's ("… You'll arrive at 8:12 AM"): never shorter than it speaks.
    @Test(arguments: library.languages)
    func theEstimatesFitAPromptAndADeparturesArrivalIsPlannedLongEnough(language: String) async throws {
        let pack = try #require(Self.library.packs[language])
        let composer = PhraseComposer(pack: pack)
        let synth = try Synthesizer.shared()
        let fitter = PromptFitter(maxSeconds: 6)
        let estimate = AnnouncementDurationEstimate()
        var departing = Maneuver(type: .startRoute, roadName: "Main Street")
        departing.heading = 0
        let departure = composer.compose(departing, state: .execute, distance: 0)
        for trip in PhraseComposer.sampleTrips {
            var fitted: (text: String, seconds: Double)?
            for wording in composer.estimateWordings(trip) {
                let audio = try await synth.synthesize(wording, voice: pack.espeakVoice)
                #expect(audio.duration > 0.2 && audio.rms > 0.01, "\(language): '\(wording)'")
                if fitted == nil, audio.duration < fitter.maxSeconds { fitted = (wording, audio.duration) }
            }
            #expect(fitted != nil, "\(language): no wording of \(composer.estimateWordings(trip)) fits 6 s")
            let said = composer.departure([Wording(text: departure)], arrival: trip.arrival)[0].text
            let audio = try await synth.synthesize(said, voice: pack.espeakVoice)
            let planned = composer.speakingTime(ofDeparture: departure, arrival: trip.arrival, durations: estimate)
            #expect(planned >= audio.duration, "\(language): '\(said)' speaks \(audio.duration) s, planned as \(planned) s")
        }
    }

    /// The richest case (road, route number, exit, lane advice and a chained second turn) for every
    /// maneuver type and state: what the engine speaks after fitting is under six seconds.
    @Test(arguments: library.languages)
    func everySpokenPromptFitsInSixSeconds(language: String) async throws {
        let pack = try #require(Self.library.packs[language])
        let composer = PhraseComposer(pack: pack)
        let synth = try Synthesizer.shared()
        let fitter = PromptFitter(maxSeconds: 6)
        let lanes = [Lane(angle: 0, status: .notGood)!, Lane(angle: 0, status: .good)!, Lane(angle: 0, status: .preferred)!]
        let counted = [
            Lane(angle: 0, status: .notGood)!, Lane(angle: 0, status: .notGood)!, Lane(angle: 0, status: .preferred)!, Lane(angle: 0, status: .notGood)!,
        ]
        let distances: [ManeuverState: Double] = [.continue: 5000, .initial: 800, .prepare: 200, .execute: 20]
        var longest = (text: "", seconds: 0.0)
        for type in ManeuverType.allCases {
            for state in ManeuverState.allCases {
                let maneuver = Maneuver(type: type, lanes: lanes, state: state, roadName: "Solar Circle", routeNumber: "I-95", exitNumber: "12B")
                // And at a roundabout in left-hand traffic, one lane counted from a side: the longest lane
                // advice and the `atRoundabout` and `{rotation}` words.
                var turning = maneuver
                (turning.junctionType, turning.trafficSide, turning.lanes) = (.roundabout, .left, counted)
                for said in [maneuver, turning] {
                    let candidates = composer.wordings(said, state: state, distance: distances[state]!, then: Maneuver(type: .leftTurn))
                    let (text, audio) = try await fitter.fit(candidates, voice: pack.espeakVoice, rate: 175, overBudget: .shorten, synthesizer: synth)
                    if audio.duration > longest.seconds { longest = (text, audio.duration) }
                }
            }
        }
        #expect(longest.seconds < 6, "\(language): '\(longest.text)' takes \(longest.seconds) s")
    }
}
