import ArgumentParser
import AudioPolicy
import FoundationEssentials
import RPC
import RPCSocket

/// Options every command that talks to the daemon shares.
struct ClientOptions: ParsableArguments {
    @Option(
        name: .customLong("socket"),
        help: ArgumentHelp("The daemon's socket (default: $XDG_RUNTIME_DIR/voxnav/voxnav.sock, else /tmp/voxnav-UID/…).", valueName: "socket"))
    var socketPath: String?

    /// The socket to talk to: `--socket`, else the default one (written in help as it is found, not as it is here).
    var socket: String { socketPath ?? SocketPath.default }

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
    func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params) throws -> M.Result {
        do {
            return try RPCClient(socketPath: socket).callForCLI(method, params)
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError("\(error)")
        }
    }

    func call<M: RPCMethod>(_ method: M.Type) throws -> M.Result where M.Params == NoParams { try call(method, NoParams()) }

    /// `call`, on a connection whose voice guidance and gain the user set first (`--voice-guidance`,
    /// `--gain`): both are the connection's own.
    func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params, voiceGuidance: VoiceGuidance?, gain: GuidanceGain? = nil) throws -> M.Result {
        guard voiceGuidance != nil || gain != nil else { return try call(method, params) }
        do {
            let rpc = try RPCClient(socketPath: socket)
            if let voiceGuidance { _ = try rpc.callForCLI(SessionVoiceGuidance.self, .init(level: voiceGuidance)) }
            if let gain { _ = try rpc.callForCLI(SessionGuidanceGain.self, .init(gain: gain)) }
            return try rpc.callForCLI(method, params)
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError("\(error)")
        }
    }

    /// Calls a method by name with raw JSON params (`voxnav rpc`).
    func callRaw(_ method: String, _ params: JSONValue?) throws -> JSONValue {
        do {
            return try RPCClient(socketPath: socket).call(method, params)
        } catch let error as RPCError {
            throw CLIError.refused(method, error)
        } catch {
            throw CLIError("\(error)")
        }
    }

    /// Prints a result as the daemon's JSON (`--json`).
    func printJSON(_ result: some Encodable) throws { print(try JSONValue(encoding: result).description) }
}

extension RPCClient {
    /// `call`, with the daemon's refusal as a message for the user.
    func callForCLI<M: RPCMethod>(_ method: M.Type, _ params: M.Params) throws -> M.Result {
        do {
            return try call(method, params)
        } catch let error as RPCError {
            throw CLIError.refused(M.name, error)
        }
    }

    func callForCLI<M: RPCMethod>(_ method: M.Type) throws -> M.Result where M.Params == NoParams { try callForCLI(method, NoParams()) }
}

/// An error printed as is, without a stack of Swift names.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }

    /// The daemon refused `method`: its message, for the user.
    static func refused(_ method: String, _ error: RPCError) -> CLIError { CLIError("voxnavd refused \(method): \(error.message)") }
}
