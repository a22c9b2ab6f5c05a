import Foundation
import RPC
import RPCSocket

/// The many-connections flood of the third reliability round, shared by `voxnav-bench` and its
/// test: `connections` clients each send `requests` `prompt.speak` pipelined, all at once, then read
/// every reply, then close.
public struct PipelinedFlood: Sendable {
    public let connections: Int
    public let requests: Int

    public init(connections: Int, requests: Int) {
        self.connections = connections
        self.requests = requests
    }

    /// One round against the daemon on `socket`; `round` makes its texts its own. Returns how many
    /// replies were results (prompts admitted) and how many errors (refused).
    public func run(socket: String, round: Int) throws -> (admitted: Int, refused: Int) {
        let clients = try (0..<connections).map { _ in try RPCClient(socketPath: socket) }
        var lines = Data()
        for i in 0..<requests {
            let text = "Turn left onto Main Street number \(round * requests + i)"
            lines.append(Data(#"{"jsonrpc":"2.0","id":\#(i),"method":"prompt.speak","params":{"text":"\#(text)","wait":false}}"#.utf8))
            lines.append(0x0A)
        }
        for client in clients {
            client.setWriteTimeout(60)
            try client.writeAll(lines)
        }
        var counts = (admitted: 0, refused: 0)
        for client in clients {
            client.setReadTimeout(60)
            var replies = 0
            while replies < requests {
                let reply = try JSONDecoder().decode(JSONValue.self, from: client.readLine())
                guard reply["id"] != nil else { continue }
                replies += 1
                if reply["result"] != nil { counts.admitted += 1 } else { counts.refused += 1 }
            }
        }
        return counts
    }
}
