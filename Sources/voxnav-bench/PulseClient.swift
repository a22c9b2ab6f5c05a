import CPulse
import Foundation

/// A libpulse context on its own threaded mainloop, with the few synchronous calls the bench needs.
final class PulseClient: @unchecked Sendable {
    let mainloop: OpaquePointer
    let context: OpaquePointer

    init(name: String) throws {
        guard let ml = pa_threaded_mainloop_new() else { throw BenchError("pa_threaded_mainloop_new failed") }
        mainloop = ml
        guard let ctx = pa_context_new(pa_threaded_mainloop_get_api(ml), name) else { throw BenchError("pa_context_new failed") }
        context = ctx
        pa_context_set_state_callback(
            ctx,
            { _, ud in
                pa_threaded_mainloop_signal(OpaquePointer(ud), 0)
            }, UnsafeMutableRawPointer(ml))
        guard pa_threaded_mainloop_start(ml) == 0 else { throw BenchError("mainloop start failed") }
        pa_threaded_mainloop_lock(ml)
        defer { pa_threaded_mainloop_unlock(ml) }
        guard pa_context_connect(ctx, nil, PA_CONTEXT_NOAUTOSPAWN, nil) >= 0 else {
            throw BenchError("pa_context_connect: \(String(cString: pa_strerror(pa_context_errno(ctx))))")
        }
        while true {
            let st = pa_context_get_state(ctx)
            if st == PA_CONTEXT_READY { break }
            if st == PA_CONTEXT_FAILED || st == PA_CONTEXT_TERMINATED {
                throw BenchError("PulseAudio context failed: \(String(cString: pa_strerror(pa_context_errno(ctx))))")
            }
            pa_threaded_mainloop_wait(ml)
        }
    }

    /// Disconnects, then stops the mainloop thread and frees both. Every Capture holds its client, so
    /// their streams are gone first.
    deinit {
        pa_threaded_mainloop_lock(mainloop)
        pa_context_set_state_callback(context, nil, nil)
        pa_context_disconnect(context)
        pa_context_unref(context)
        pa_threaded_mainloop_unlock(mainloop)
        pa_threaded_mainloop_stop(mainloop)
        pa_threaded_mainloop_free(mainloop)
    }

    func lock() { pa_threaded_mainloop_lock(mainloop) }
    func unlock() { pa_threaded_mainloop_unlock(mainloop) }

    /// One sink input as the server reports it right now.
    struct SinkInputInfo {
        var index: UInt32
        var name: String
        var props: [String: String]
        var volume: UInt32
    }

    final class InfoBox {
        var items: [SinkInputInfo] = []
        var done = false
        var ml: OpaquePointer?
    }

    /// All sink inputs (or just `index`), one synchronous round trip to the server.
    func sinkInputs(index: UInt32? = nil) -> [SinkInputInfo] {
        let box = InfoBox()
        box.ml = mainloop
        let ud = Unmanaged.passUnretained(box).toOpaque()
        let cb: pa_sink_input_info_cb_t = { _, info, eol, ud in
            let box = Unmanaged<InfoBox>.fromOpaque(ud!).takeUnretainedValue()
            if eol != 0 || info == nil {
                box.done = true
                pa_threaded_mainloop_signal(box.ml, 0)
                return
            }
            let i = info!.pointee
            var props: [String: String] = [:]
            for key in ["media.name", "media.role", "application.name", "application.id", "node.latency"] {
                if let v = pa_proplist_gets(i.proplist, key) { props[key] = String(cString: v) }
            }
            var vol = i.volume
            box.items.append(
                SinkInputInfo(
                    index: i.index, name: i.name.map { String(cString: $0) } ?? "",
                    props: props, volume: pa_cvolume_avg(&vol)))
        }
        lock()
        defer { unlock() }
        let op =
            index.map { pa_context_get_sink_input_info(context, $0, cb, ud) }
            ?? pa_context_get_sink_input_info_list(context, cb, ud)
        guard let op else { return [] }
        while !box.done { pa_threaded_mainloop_wait(mainloop) }
        pa_operation_unref(op)
        return box.items
    }

    final class SinkBox {
        var configuredMs = Double.nan
        var done = false
        var ml: OpaquePointer?
    }

    /// The latency the server configured for sink `name` (ms): the lowest any connected stream asked for,
    /// within the sink's range. One synchronous round trip.
    func sinkConfiguredLatencyMs(_ name: String) -> Double {
        let box = SinkBox()
        box.ml = mainloop
        let ud = Unmanaged.passUnretained(box).toOpaque()
        let cb: pa_sink_info_cb_t = { _, info, eol, ud in
            let box = Unmanaged<SinkBox>.fromOpaque(ud!).takeUnretainedValue()
            if let info, eol == 0 {
                box.configuredMs = Double(info.pointee.configured_latency) / 1000
                return
            }
            box.done = true
            pa_threaded_mainloop_signal(box.ml, 0)
        }
        lock()
        defer { unlock() }
        guard let op = pa_context_get_sink_info_by_name(context, name, cb, ud) else { return .nan }
        while !box.done { pa_threaded_mainloop_wait(mainloop) }
        pa_operation_unref(op)
        return box.configuredMs
    }
}
