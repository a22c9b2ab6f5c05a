import AsyncSupport
import Engine
import NIOCore
import SSIP

/// voxnavd's door for speech-dispatcher's protocol (SSIP), so that a program that speaks through
/// speech-dispatcher can be pointed at VoxNav unchanged (`SPEECHD_ADDRESS=unix_socket:<path>`).
/// The real speech-dispatcher and its clients are left alone. Each connection is one VoxNav client
/// (`SSIPConnection`); lines end at CRLF.
struct SSIPDoor: Door {
    let engine: VoxNavEngine
    let messages: SSIPMessages
    let catalog: SSIPCatalog

    /// A longer line is refused (a message's text comes as lines; VoxNav's own limit on text is lower).
    static let maxLineLength = 1 << 20

    init(engine: VoxNavEngine) {
        self.engine = engine
        messages = SSIPMessages(engine: engine)
        // Each pack's voice as the library noted it: asking for the packs would parse every one of them.
        let voices = engine.voices.espeakVoices
        catalog = SSIPCatalog(voices: engine.voices.languages.compactMap { language in voices[language].map { (name: $0, language: language) } })
    }

    var name: String { "SSIP" }
    var lineEnd: LineEnd { .crlf }
    var maxLineLength: Int { Self.maxLineLength }

    func refusal(_ why: String) -> ByteBuffer {
        ByteBuffer(string: SSIPReply.refused("\(why): try again later").wire)
    }

    func open(_ link: ConnectionLink) -> SSIPConnection {
        let (id, client) = messages.open(link.output)
        return SSIPConnection(
            id: id, client: client, program: link.peer.program, conversation: SSIPConversation(clientID: id, catalog: catalog),
            messages: messages, engine: engine, logger: link.logger)
    }

    /// Tells each connection of its messages' begin and end, from the engine's events, until cancelled.
    func run() async {
        let messages = self.messages
        let token = engine.subscribe { messages.event($0) }
        let cancelled = OneShot<Void>()
        await withTaskCancellationHandler {
            await cancelled.value
        } onCancel: {
            cancelled.set(())
        }
        engine.unsubscribe(token)
    }
}
