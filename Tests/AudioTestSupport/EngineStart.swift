import Engine
import Logging

extension VoxNavEngine {
    /// An engine with its tasks running (`run()`, as voxnavd's `ServiceGroup` runs it), once its
    /// start-up is done; `shutdown()` ends them.
    public static func started(configuration: EngineConfiguration = EngineConfiguration(), logger: Logger = Logger(label: "voxnav.engine"))
        async throws -> VoxNavEngine
    {
        let engine = try await VoxNavEngine.live(configuration: configuration, logger: logger)
        Task { await engine.run() }
        await engine.untilStarted()
        return engine
    }
}
