import Foundation
import RPC

/// The answer to one frame: a single response or a batch of them.
enum RPCReply: Sendable {
    case single(RPCResponse)
    case batch([RPCResponse])

    func encoded(with encoder: JSONEncoder) throws -> Data {
        switch self {
        case .single(let response): try encoder.encode(response)
        case .batch(let responses): try encoder.encode(responses)
        }
    }
}
