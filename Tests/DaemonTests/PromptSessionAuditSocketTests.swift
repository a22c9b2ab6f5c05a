import AudioTestSupport
import Foundation
import RPC
import RPCSocket
import Testing

/// The session a client plays prompts in is checked against the one the CarPlay guide asks for
/// (mode voicePrompt, duckOthers, interruptSpokenAudioAndMixWithOthers): read back with audit.get.
@Suite struct PromptSessionAuditSocketTests {
    private func misconfigured(_ client: RPCClient) async throws -> [JSONValue] {
        let audit = try await blocking { try client.call("audit.get", .object(["all": .bool(false)])) }
        return (audit["violations"]?.arrayValue ?? []).filter { $0["rule"] == .string("promptSessionMisconfigured") }
    }

    private func speak(_ client: RPCClient, _ text: String) async throws -> JSONValue {
        try await blocking { try client.call("prompt.speak", .object(["text": .string(text)])) }
    }

    @Test func promptsInASessionThatIsNotTheVoicePromptOneAreAudited() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let careless = try daemon.connect()
            let configure: JSONValue = .object(["category": .string("playback"), "options": .array([.string("duckOthers")])])
            _ = try await blocking { try careless.call("session.configure", configure) }
            let first = try await speak(careless, "Turn left.")
            #expect(first["result"] == .string("finished"), "the prompt still plays: \(first)")
            let found = try await misconfigured(careless)
            #expect(found.count == 1, "\(found)")
            let detail = found.first?["detail"]?.stringValue ?? ""
            #expect(detail.contains("mode voicePrompt") && detail.contains("interruptSpokenAudioAndMixWithOthers"), "\(detail)")
            // Once per configuration, not once per prompt.
            _ = try await speak(careless, "Keep right.")
            let again = try await misconfigured(careless)
            #expect(again.count == 1, "\(again)")

            // The voice-prompt session, and a client that configures nothing (it gets that session), are not audited.
            let careful = try daemon.connect()
            let voicePrompt: JSONValue = .object([
                "category": .string("playback"), "mode": .string("voicePrompt"),
                "options": .array([.string("duckOthers"), .string("interruptSpokenAudioAndMixWithOthers")]),
            ])
            _ = try await blocking { try careful.call("session.configure", voicePrompt) }
            _ = try await speak(careful, "Turn right.")
            let plain = try daemon.connect()
            _ = try await speak(plain, "Turn right.")
            let carefulFound = try await misconfigured(careful)
            let plainFound = try await misconfigured(plain)
            #expect(carefulFound.isEmpty && plainFound.isEmpty, "\(carefulFound) \(plainFound)")
            await daemon.stop()
        }
    }
}
