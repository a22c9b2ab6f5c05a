import FoundationEssentials
import RPC

/// The answer to one frame: a single response or a batch of them.
enum RPCReply: Sendable {
    case single(Response)
    case batch([Response])

    func encoded(with encoder: JSONEncoder) throws -> Data {
        switch self {
        case .single(let response): try encoder.encode(response)
        case .batch(let responses): try encoder.encode(responses)
        }
    }

    /// One response as the daemon writes it: a method's typed result is encoded straight onto the
    /// wire, in the shape of `RPCResponse` (which clients read).
    struct Response: Encodable, Sendable {
        let id: RPCID?
        let outcome: Outcome

        enum Outcome: Sendable {
            case result(any Encodable & Sendable)
            case error(RPCError)
        }

        init(id: RPCID?, result: any Encodable & Sendable) {
            self.id = id
            outcome = .result(result)
        }

        init(id: RPCID?, error: RPCError) {
            self.id = id
            outcome = .error(error)
        }

        private enum CodingKeys: String, CodingKey { case jsonrpc, id, result, error }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("2.0", forKey: .jsonrpc)
            if let id { try container.encode(id, forKey: .id) } else { try container.encodeNil(forKey: .id) }
            switch outcome {
            case .result(let result): try container.encode(result, forKey: .result)
            case .error(let error): try container.encode(error, forKey: .error)
            }
        }
    }
}
