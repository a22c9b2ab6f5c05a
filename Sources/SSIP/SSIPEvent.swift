/// The events a client may ask to be told of (`SET SELF NOTIFICATION <kind> on`), and the block
/// that tells one: `701-<message>`, `701-<client>`, `701 BEGIN`.
public enum SSIPEvent: String, CaseIterable, Hashable, Sendable {
    case indexMark = "index_marks"
    case begin
    case end
    case cancel
    case pause
    case resume

    public var code: Int {
        switch self {
        case .indexMark: 700
        case .begin: 701
        case .end: 702
        case .cancel: 703
        case .pause: 704
        case .resume: 705
        }
    }

    private var word: String {
        switch self {
        case .indexMark: "INDEX MARK"
        case .begin: "BEGIN"
        case .end: "END"
        // SSIP's spelling, one L.
        case .cancel: "CANCELED"
        case .pause: "PAUSED"
        case .resume: "RESUMED"
        }
    }

    /// The event's block for `message` of `client`.
    public func block(message: Int, client: Int) -> SSIPReply {
        SSIPReply(code, word, data: ["\(message)", "\(client)"])
    }
}
