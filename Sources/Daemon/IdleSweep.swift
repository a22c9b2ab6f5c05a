import Logging
import NIOCore
import Synchronization

/// Closes the connections idle for `timeout` (nothing in flight, no event subscription), looked at
/// every quarter of it: one timer for every connection. A sleeping task per connection would keep
/// each connection's timer allocated until it would have fired, cancelled or not (`Task.sleep` keeps
/// its timer queued after a cancel): a flood's 320 connections left 320 of them spread over the heap
/// for up to 75 s, pinning the pages the flood had grown into after the heap was trimmed.
final class IdleSweep: Sendable {
    let timeout: Duration
    private let open = Mutex<[ObjectIdentifier: Watched]>([:])

    private struct Watched {
        let client: ClientContext
        let channel: any Channel
    }

    init(timeout: Duration) { self.timeout = timeout }

    /// Watches a connection from now until `forget`.
    func watch(_ client: ClientContext, channel: any Channel) {
        open.withLock { $0[ObjectIdentifier(client)] = Watched(client: client, channel: channel) }
    }

    func forget(_ client: ClientContext) {
        _ = open.withLock { $0.removeValue(forKey: ObjectIdentifier(client)) }
    }

    /// Closes idle connections until cancelled; a closed connection ends as one whose client left.
    func run(logger: Logger) async {
        while (try? await Task.sleep(for: timeout / 4)) != nil {
            let idle = open.withLock { $0.values.filter { $0.client.isIdle(for: timeout) } }
            for watched in idle {
                logger.info("closing an idle connection", metadata: ["client": "\(watched.client.id.rawValue)", "idleTimeout": "\(timeout)"])
                watched.channel.close(promise: nil)
            }
        }
    }
}
