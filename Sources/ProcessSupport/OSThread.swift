import CSpawn
import Glibc

/// A thread of its own for blocking work (a drive, a connection's reader), without Foundation's
/// `Thread`: started at once, detached, named for `top` and debuggers (15 bytes at most).
public enum OSThread {
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { pointer in
                let body = Unmanaged<Body>.fromOpaque(pointer!).takeRetainedValue()
                body.run()
                return nil
            }, box)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            fatalError("cannot start a thread: \(String(cString: strerror(result)))")
        }
        voxnav_thread_name(thread, String(decoding: name.utf8.prefix(15), as: UTF8.self))
        pthread_detach(thread)
    }

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
