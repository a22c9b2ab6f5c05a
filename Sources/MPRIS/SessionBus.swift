import CDBus
import Dispatch
import FoundationEssentials

/// What went wrong on the session bus: no bus to reach, or a call that failed (its D-Bus error
/// name, e.g. `org.freedesktop.DBus.Error.ServiceUnknown` for a player that has quit).
public enum BusError: Error, Equatable, CustomStringConvertible, Sendable {
    case noBus(String)
    case callFailed(name: String, message: String)
    case unexpectedReply(String)

    public var description: String {
        switch self {
        case .noBus(let why): "no session bus: \(why)"
        case .callFailed(let name, let message): "\(name): \(message)"
        case .unexpectedReply(let what): "unexpected reply: \(what)"
        }
    }

    /// The destination is not on the bus (it quit, or never was).
    public var isGone: Bool {
        if case .callFailed(let name, _) = self {
            return name == "org.freedesktop.DBus.Error.ServiceUnknown" || name == "org.freedesktop.DBus.Error.NameHasNoOwner"
        }
        return false
    }
}

/// A value read from a reply: the few D-Bus types MPRIS needs.
enum BusValue: Equatable, Sendable {
    case string(String)
    case int64(Int64)
    case uint32(UInt32)
    case double(Double)
    case bool(Bool)
    case array([BusValue])
    case other
}

/// One private connection to the session bus (libdbus), used from one serial queue only: every
/// blocking call runs there with a timeout, never on an actor. Connects on first use and again
/// after the bus went away; the address is `DBUS_SESSION_BUS_ADDRESS`.
final class SessionBus: @unchecked Sendable {
    private let address: String?
    private let timeoutMS: Int32
    /// Touched only on `queue`.
    private var connection: OpaquePointer?
    let queue = DispatchQueue(label: "voxnav.session-bus")

    init(address: String?, timeout: Duration) {
        self.address = address
        let (seconds, attoseconds) = timeout.components
        timeoutMS = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        _ = Self.threadsInitialised
    }

    private static let threadsInitialised: Bool = { dbus_threads_init_default() != 0 }()

    deinit {
        if let connection {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
        }
    }

    /// Runs `body` on the bus's queue.
    func run<T: Sendable>(_ body: @escaping @Sendable (SessionBus) throws(BusError) -> T) async throws(BusError) -> T {
        let result: Result<T, BusError> = await withCheckedContinuation { continuation in
            queue.async {
                do throws(BusError) {
                    continuation.resume(returning: .success(try body(self)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// The connection, made (and registered on the bus) if there is none or the last one died.
    private func connected() throws(BusError) -> OpaquePointer {
        dispatchPrecondition(condition: .onQueue(queue))
        if let connection {
            if dbus_connection_get_is_connected(connection) != 0 { return connection }
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            self.connection = nil
        }
        guard let address, !address.isEmpty else { throw .noBus("DBUS_SESSION_BUS_ADDRESS is not set") }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let opened = dbus_connection_open_private(address, &error) else {
            throw .noBus(Self.message(of: error, or: "cannot connect to \(address)"))
        }
        dbus_connection_set_exit_on_disconnect(opened, 0)
        guard dbus_bus_register(opened, &error) != 0 else {
            dbus_connection_close(opened)
            dbus_connection_unref(opened)
            throw .noBus(Self.message(of: error, or: "cannot register on \(address)"))
        }
        connection = opened
        return opened
    }

    /// Calls a method with string arguments and returns the reply's arguments.
    func call(
        _ destination: String, _ path: String, _ interface: String, _ member: String, _ arguments: [String] = []
    ) throws(BusError) -> [BusValue] {
        let connection = try connected()
        guard let message = dbus_message_new_method_call(destination, path, interface, member) else {
            throw .unexpectedReply("cannot make a call to \(destination) \(member)")
        }
        defer { dbus_message_unref(message) }
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(message, &iterator)
        for argument in arguments {
            let appended = argument.withCString { chars -> dbus_bool_t in
                var pointer: UnsafePointer<CChar>? = chars
                return dbus_message_iter_append_basic(&iterator, Self.type("s"), &pointer)
            }
            guard appended != 0 else { throw .unexpectedReply("out of memory") }
        }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let reply = dbus_connection_send_with_reply_and_block(connection, message, timeoutMS, &error) else {
            let name = error.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed"
            throw .callFailed(name: name, message: Self.message(of: error, or: "no reply"))
        }
        defer { dbus_message_unref(reply) }
        var values: [BusValue] = []
        var reader = DBusMessageIter()
        guard dbus_message_iter_init(reply, &reader) != 0 else { return [] }
        repeat { values.append(Self.read(&reader)) } while dbus_message_iter_next(&reader) != 0
        return values
    }

    private static func read(_ iterator: inout DBusMessageIter) -> BusValue {
        let type = dbus_message_iter_get_arg_type(&iterator)
        switch type {
        case Self.type("s"), Self.type("o"):
            var chars: UnsafePointer<CChar>?
            dbus_message_iter_get_basic(&iterator, &chars)
            return .string(chars.map { String(cString: $0) } ?? "")
        case Self.type("x"):
            var value: Int64 = 0
            dbus_message_iter_get_basic(&iterator, &value)
            return .int64(value)
        case Self.type("u"):
            var value: UInt32 = 0
            dbus_message_iter_get_basic(&iterator, &value)
            return .uint32(value)
        case Self.type("d"):
            var value: Double = 0
            dbus_message_iter_get_basic(&iterator, &value)
            return .double(value)
        case Self.type("b"):
            var value: dbus_bool_t = 0
            dbus_message_iter_get_basic(&iterator, &value)
            return .bool(value != 0)
        case Self.type("v"):
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            return read(&inner)
        case Self.type("a"):
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            var items: [BusValue] = []
            while dbus_message_iter_get_arg_type(&inner) != 0 {
                items.append(read(&inner))
                dbus_message_iter_next(&inner)
            }
            return .array(items)
        default:
            return .other
        }
    }

    private static func type(_ code: Unicode.Scalar) -> Int32 { Int32(code.value) }

    private static func message(of error: DBusError, or fallback: String) -> String {
        error.message.map { String(cString: $0) } ?? fallback
    }
}
