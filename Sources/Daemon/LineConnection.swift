import Logging
import NIOCore

/// One connection of any door, served by one task: its lines read one at a time, each after a turn
/// (`RequestTurns`) and only while its output has room (`ConnectionOutput`), handed to the door's
/// `DoorConnection`; its output written by one writer; watched by the idle sweep. When the client
/// goes, the requests still running are cancelled; once they have returned, what was sent is
/// written and the connection closes, and then the door's cleanup runs (`DoorConnection.ended`).
struct LineConnection<D: Door> {
    let door: D
    let channel: NIOAsyncChannel<Frame, ByteBuffer>
    let server: DaemonServer.Shared
    let logger: Logger

    func serve() async {
        let output = ConnectionOutput()
        let peer = await Peer.of(channel.channel)
        var connection = door.open(ConnectionLink(output: output, peer: peer, logger: logger))
        let activity = ConnectionActivity(name: "\(door.name) \(peer.program)")
        let account = TurnAccount()
        do {
            try await channel.executeThenClose { inbound, outbound in
                await withDiscardingTaskGroup { group in
                    group.addTask { await output.write(to: outbound) }
                    let watched = connection
                    server.idle?.watch(activity, busy: { watched.isBusy }, channel: channel.channel)
                    await withDiscardingTaskGroup { requests in
                        do {
                            for try await frame in inbound {
                                activity.heard()
                                // Backpressure: while the client leaves what it is sent unread, its lines are not
                                // read either, nor while the daemon handles as many requests as it may.
                                await output.waitForRoom()
                                let turn = try await server.turns.take(for: account)
                                if await connection.take(frame, turn: turn, requests: &requests) == .close { break }
                            }
                        } catch {
                            logger.debug("connection failed", metadata: ["door": "\(door.name)", "error": "\(error)"])
                        }
                        requests.cancelAll()
                    }
                    server.idle?.forget(activity)
                    // What was sent is written; then the connection closes.
                    output.finish()
                }
            }
        } catch {
            logger.debug("connection could not close cleanly", metadata: ["door": "\(door.name)", "error": "\(error)"])
        }
        await connection.ended()
    }
}
