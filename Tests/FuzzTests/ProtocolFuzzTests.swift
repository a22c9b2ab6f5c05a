import Foundation
import Guidance
import NIOCore
import NIOEmbedded
import PropertyBased
import RPC
import SSIP
import Testing

@testable import Daemon

/// The daemon's front door: whatever arrives, a well-formed JSON-RPC answer (or none, for a
/// notification), never a crash.
@Suite struct ProtocolFuzzTests {
    /// A router with the real strict decoder of `prompt.speak`'s params (maneuvers included); the
    /// engine's part is left out: a request that gets through is answered as queued.
    static let router: RPCRouter = {
        var table = MethodTable()
        table.on(PromptSpeak.self) { _, _ in .queued(QueuedPrompt(id: "p-1", position: 0)) }
        return RPCRouter(methods: table, logger: .init(label: "fuzz"))
    }()

    static let client = ClientContext(id: "fuzz", output: ConnectionOutput()) { _, _ in }

    private func checkReply(_ frame: Data) async throws {
        guard let reply = await Self.router.handle(frame, from: Self.client) else { return }
        let data = try reply.encoded(with: JSONEncoder())
        let value = try JSONDecoder().decode(JSONValue.self, from: data)
        let responses = value.arrayValue ?? [value]
        #expect(!responses.isEmpty)
        for response in responses {
            #expect(response["jsonrpc"] == .string("2.0"))
            #expect((response["result"] == nil) != (response["error"] == nil), "\(response)")
        }
    }

    @Test func randomBytesGetAnAnswer() async {
        await propertyCheck(count: FuzzBudget.count(400), input: Gen.uint8(in: 0...255).array(of: 0...300)) { bytes in
            try? await checkReply(Data(bytes))
        }
    }

    @Test func randomRequestsAroundAManeuverGetAnAnswer() async {
        let words = [
            "jsonrpc", "2.0", "id", "method", "params", "prompt.speak", "text", "maneuver", "type", "leftTurn",
            "roundaboutExit20", "lanes", "angle", "status", "good", "then", "language", "deadline", "wait", "null",
            "true", "1e309", "-0", "\"", "{", "}", "[", "]", ":", ",", "roadName", "state", "execute",
        ]
        await propertyCheck(count: FuzzBudget.count(400), input: Gen.int(in: 0...(words.count * 4 - 1)).array(of: 0...40)) { picks in
            // Fragments of the protocol's vocabulary glued together: mostly invalid, sometimes valid.
            let text = picks.map { i -> String in
                let word = words[i % words.count]
                switch i / words.count {
                case 0: return "\"\(word)\""
                case 1: return word
                case 2: return "\"\(word)\":"
                default: return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"prompt.speak\",\"params\":{\"maneuver\":{\"type\":\"\(word)\"}}}"
                }
            }.joined()
            try? await checkReply(Data(text.utf8))
        }
    }

    @Test func theFrameDecoderSplitsAnyByteStreamIntoBoundedFrames() async throws {
        await propertyCheck(count: FuzzBudget.count(200), input: Gen.uint8(in: 0...255).array(of: 0...400), Gen.int(in: 1...64)) { bytes, chunk in
            let channel = Self.fed(bytes, in: chunk, to: LineFrameDecoder(lineEnd: .newline, maxLength: 64))
            var lines = 0
            while let frame = try? channel.readInbound(as: Frame.self) {
                if case .line(let buffer) = frame {
                    #expect(buffer.readableBytes <= 64)
                    lines += 1
                }
            }
            // Never more frames than lines in the input.
            #expect(lines <= bytes.filter { $0 == 0x0A }.count + 1)
            _ = try? channel.finish()
        }
    }

    /// The SSIP door's decoder: lines only at CRLF, each at most its limit, whatever the bytes and
    /// however they are cut; and whatever line a client sends, its conversation answers with a step.
    @Test func theSSIPLineDecoderSplitsAnyByteStreamAtCRLFIntoBoundedLines() async throws {
        let bytes = Gen.element(of: [UInt8(13), 10, 46, 32, 65, 0xFF, 0xC3]).map { $0! }.array(of: 0...400)
        await propertyCheck(count: FuzzBudget.count(200), input: bytes, Gen.int(in: 1...64)) { bytes, chunk in
            let channel = Self.fed(bytes, in: chunk, to: LineFrameDecoder(lineEnd: .crlf, maxLength: 64))
            var lines = 0
            var conversation = SSIPConversation(clientID: 1, catalog: SSIPCatalog(voices: []))
            while let frame = try? channel.readInbound(as: Frame.self) {
                guard case .line(let buffer) = frame else { continue }
                #expect(buffer.readableBytes <= 64)
                #expect(!buffer.readableBytesView.indices.dropLast().contains { buffer.readableBytesView[$0] == 13 && buffer.readableBytesView[$0 + 1] == 10 })
                _ = conversation.take(Array(buffer.readableBytesView))
                lines += 1
            }
            let crlfs = bytes.indices.dropLast().filter { bytes[$0] == 13 && bytes[$0 + 1] == 10 }.count
            #expect(lines <= crlfs)
            _ = try? channel.finish()
        }
    }

    /// A channel with `decoder`, fed `bytes` in pieces of `chunk` bytes, as reads of a socket come.
    static func fed<Decoder: ByteToMessageDecoder>(_ bytes: [UInt8], in chunk: Int, to decoder: Decoder) -> EmbeddedChannel {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(decoder))
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + chunk)
            _ = try? channel.writeInbound(ByteBuffer(bytes: bytes[offset..<end]))
            offset = end
        }
        return channel
    }
}
