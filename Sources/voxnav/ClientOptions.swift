import ArgumentParser
import Foundation
import RPC

/// Options every command that talks to the daemon shares.
struct ClientOptions: ParsableArguments {
    @Option(help: "The daemon's socket.")
    var socket: String = SocketPath.default

    @Flag(help: "Print the daemon's raw JSON result.")
    var json = false

    /// A connection for several calls (a session lives as long as its connection).
    func connect() throws -> RPCClient {
        do {
            return try RPCClient(socketPath: socket)
        } catch {
            throw CLIError("\(error)")
        }
    }

    /// Calls one method on a connection of its own and returns its result; errors become a clean
    /// exit with a message.
    func call(_ method: String, _ params: JSONValue? = nil) throws -> JSONValue {
        do {
            return try RPCClient(socketPath: socket).callForCLI(method, params)
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError("\(error)")
        }
    }
}

extension RPCClient {
    /// `call`, with the daemon's refusal as a message for the user.
    func callForCLI(_ method: String, _ params: JSONValue? = nil) throws -> JSONValue {
        do {
            return try call(method, params)
        } catch let error as RPCError {
            throw CLIError("voxnavd refused \(method): \(error.message)")
        }
    }
}

/// An error printed as is, without a stack of Swift names.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
