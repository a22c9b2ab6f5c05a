import Testing

@testable import SSIP

/// Reply and event blocks on the wire.
@Suite struct SSIPReplyTests {
    @Test func eventsAreThreeLinesWithTheMessageAndTheClient() {
        #expect(SSIPEvent.begin.block(message: 12, client: 3).wire == "701-12\r\n701-3\r\n701 BEGIN\r\n")
        #expect(SSIPEvent.end.block(message: 12, client: 3).wire == "702-12\r\n702-3\r\n702 END\r\n")
        #expect(SSIPEvent.cancel.block(message: 12, client: 3).wire == "703-12\r\n703-3\r\n703 CANCELED\r\n")
    }

    @Test func aDataLineCannotEndTheBlockEarly() {
        let reply = SSIPReply.refused("no voice\r\n225 OK MESSAGE QUEUED\nhere")
        #expect(reply.wire == "300-no voice  225 OK MESSAGE QUEUED here\r\n300 ERR MESSAGE REFUSED\r\n")
        #expect(SSIPReply.queued(5).wire == "225-5\r\n225 OK MESSAGE QUEUED\r\n")
    }
}
