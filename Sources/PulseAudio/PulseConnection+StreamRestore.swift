import CPulse
import FoundationEssentials
import Glibc

/// The stream-restore extension: what the server remembers for each group of streams. PulseAudio
/// serves it when module-stream-restore is loaded (every distribution's default.pa loads it);
/// pipewire-pulse serves it from WirePlumber's restore-stream state; a bare server has none.
extension PulseConnection {
    /// Whether the server remembers stream volumes through the extension.
    public func remembersStreams() async -> Bool {
        let version: UInt32? = try? await withCheckedThrowingContinuation { (continuation: CheckedContinuation<UInt32, Error>) in
            withLock {
                let request = ValueRequest<UInt32>(continuation)
                let userdata = Unmanaged.passRetained(request).toOpaque()
                guard
                    let op = pa_ext_stream_restore_test(
                        context,
                        { _, version, userdata in
                            Unmanaged<ValueRequest<UInt32>>.fromOpaque(userdata!).takeRetainedValue().continuation.resume(returning: version)
                        }, userdata)
                else {
                    Unmanaged<ValueRequest<UInt32>>.fromOpaque(userdata).release()
                    continuation.resume(throwing: PulseError("testing stream-restore failed: \(lastError)"))
                    return
                }
                watch(op) { Self.cancelled(userdata, ValueRequest<UInt32>.self, "testing stream-restore", timedOut: $0) }
                pa_operation_unref(op)
            }
        }
        guard let version else { return false }
        return version != UInt32.max  // PA_INVALID_INDEX: no such extension
    }

    /// The server's name, e.g. "pulseaudio", or "PulseAudio (on PipeWire 0.3.65)" for pipewire-pulse.
    public func serverName() async throws -> String {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, Error>) in
            withLock {
                let request = ValueRequest<String>(continuation)
                let userdata = Unmanaged.passRetained(request).toOpaque()
                guard
                    let op = pa_context_get_server_info(
                        context,
                        { _, info, userdata in
                            let name = info?.pointee.server_name.map { String(cString: $0) } ?? ""
                            Unmanaged<ValueRequest<String>>.fromOpaque(userdata!).takeRetainedValue().continuation.resume(returning: name)
                        }, userdata)
                else {
                    Unmanaged<ValueRequest<String>>.fromOpaque(userdata).release()
                    continuation.resume(throwing: PulseError("reading the server's name failed: \(lastError)"))
                    return
                }
                watch(op) { Self.cancelled(userdata, ValueRequest<String>.self, "reading the server's name", timedOut: $0) }
                pa_operation_unref(op)
            }
        }
    }

    /// Everything the server remembers.
    public func rememberedStreams() async throws -> [RememberedStream] {
        try await list("reading stream-restore") { context, userdata in
            pa_ext_stream_restore_read(
                context,
                { ctx, info, eol, userdata in
                    let request = Unmanaged<ListRequest<RememberedStream>>.fromOpaque(userdata!).takeUnretainedValue()
                    if let info {
                        request.items.append(RememberedStream(info.pointee))
                        return
                    }
                    Unmanaged<ListRequest<RememberedStream>>.fromOpaque(userdata!).release()
                    if eol < 0 {
                        request.fail(PulseError("reading stream-restore failed: \(String(cString: pa_strerror(pa_context_errno(ctx))))"))
                    } else {
                        request.continuation.resume(returning: request.items)
                    }
                }, userdata)
        }
    }

    /// Makes the server remember `entries` (each replacing its group's entry), without applying them
    /// to streams playing now.
    public func remember(_ entries: [RememberedStream]) async throws {
        guard !entries.isEmpty else { return }
        try await perform("writing stream-restore") { ctx, callback, userdata in
            // The C strings and structs live only for this call; libpulse copies them into its request.
            let names = entries.map { strdup($0.name) }
            let devices = entries.map { $0.device.map { strdup($0) } ?? nil }
            defer {
                for name in names { free(name) }
                for device in devices { free(device) }
            }
            let infos = entries.enumerated().map { i, entry in
                pa_ext_stream_restore_info(
                    name: names[i], channel_map: entry.cChannelMap,
                    volume: entry.volume?.cvolume ?? pa_cvolume(), device: devices[i], mute: entry.muted ? 1 : 0)
            }
            return pa_ext_stream_restore_write(ctx, PA_UPDATE_REPLACE, infos, UInt32(infos.count), 0, callback, userdata)
        }
    }
}

/// A request answered with one value.
final class ValueRequest<Value>: CancellableRequest {
    let continuation: CheckedContinuation<Value, Error>
    init(_ continuation: CheckedContinuation<Value, Error>) { self.continuation = continuation }
    func fail(_ error: Error) { continuation.resume(throwing: error) }
}
