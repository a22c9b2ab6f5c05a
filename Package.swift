// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "VoxNav",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "voxnavd", targets: ["voxnavd"]),
        .executable(name: "voxnav", targets: ["voxnav"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    ],
    targets: [
        // C libraries, found through pkg-config.
        .systemLibrary(
            name: "CPulse", pkgConfig: "libpulse",
            providers: [.apt(["libpulse-dev"])]),
        .systemLibrary(
            name: "CEspeakNG", pkgConfig: "espeak-ng",
            providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(
            name: "CYAML", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(
            name: "CDBus", pkgConfig: "dbus-1",
            providers: [.apt(["libdbus-1-dev"])]),

        // Pure logic: no audio, no sockets, no files. Time is injected.
        // Decoding errors that name the bad value and the allowed ones, in one format.
        .target(name: "StrictCoding"),
        // YAML text composed into a tree of nodes with their lines (libyaml; no Foundation), and the one
        // decoding layer over it that policies, phrase packs and scenarios are read with (YAMLCursor, YAMLProblem).
        .target(name: "YAMLTree", dependencies: ["CYAML", "StrictCoding"]),
        // Text helpers without Foundation: C's number formatting, white space trimmed, table columns.
        .target(name: "TextFormat"),
        .target(name: "AudioPolicy", dependencies: ["TextFormat", "StrictCoding", "YAMLTree"]),
        .target(name: "Guidance", dependencies: ["TextFormat", "StrictCoding", "YAMLTree", "AudioPolicy"]),
        // Where VoxNav's data is (the XDG data directories, the install prefix, the source tree) and its version.
        .target(name: "Installation"),
        // policy/default.yaml, the built-in policy (`Policy.builtIn`), found in the data directories: reading it is I/O, so not AudioPolicy.
        .target(name: "BuiltInPolicy", dependencies: ["AudioPolicy", "Installation"], path: "policy", exclude: ["default.yaml"]),
        // Drive simulations: scenarios, routes (own format, OSRM), kinematics, timeline reports. Pure.
        .target(name: "DriveSimulation", dependencies: ["TextFormat", "Guidance", "AudioPolicy", "RPC", "StrictCoding", "YAMLTree"]),

        // Child processes, threads, sleeps and standard streams over POSIX, without Foundation's Process and Thread.
        .target(name: "ProcessSupport", dependencies: ["CSpawn"]),
        // GNU extensions of glibc that the Glibc module does not show (closefrom in a spawn, pipe2, thread names).
        .target(name: "CSpawn"),

        // Files read.
        // A file VoxNav parses read only when it is a regular file within its size cap (`BoundedFile`): packs, policies, scenarios, routes.
        .target(name: "FileReading", dependencies: ["StrictCoding"]),
        // The phrase packs of every data directory's voices/ and lexicon/ (`VoiceLibrary`): files read, so not Guidance.
        // The engine speaks with it and the CLI lists and previews it, without the engine.
        // Each client's guidance: what its reports, reroutes, pauses and a driver's requests say (no I/O).
        .target(name: "ClientGuidance", dependencies: ["Guidance", "AudioPolicy", "RPC", "TextFormat"]),
        .target(name: "PackLibrary", dependencies: ["Guidance", "Installation", "StrictCoding", "FileReading"]),

        // The one one-shot primitive (a prompt's outcome, a source's end).
        .target(name: "AsyncSupport"),

        // The protocol shared by the daemon and its clients: the wire format, every method's params and result.
        // Pure: no sockets, no files (DriveSimulation decodes its events without linking a socket).
        .target(name: "RPC", dependencies: ["TextFormat", "AudioPolicy", "Guidance", "StrictCoding"]),
        // The JSON-RPC socket: its default path, the checks that its directory and the socket are the user's
        // alone (client and daemon), the peer's credentials, and the blocking client (`RPCClient`) of the CLI and tests.
        .target(name: "RPCSocket", dependencies: ["RPC", "TextFormat"]),
        // speech-dispatcher's protocol (SSIP), without I/O: a connection's commands, replies, events and priority rules.
        .target(name: "SSIP"),

        // Real audio.
        .target(name: "Speech", dependencies: ["TextFormat", "CEspeakNG", "AsyncSupport"]),
        .target(name: "PulseAudio", dependencies: ["CPulse", "AsyncSupport"]),
        // A private PulseAudio server with a null sink (a process, not libpulse): headless drives and restart tests.
        .target(name: "PulseServer", dependencies: ["Installation", "ProcessSupport", "TextFormat"]),
        .target(name: "CarAudio", dependencies: ["PulseAudio", "AudioPolicy", "AsyncSupport"]),
        // Other programs' media players on the session bus (MPRIS over libdbus): found by process, paused and played.
        .target(name: "MPRIS", dependencies: ["CDBus"]),

        // The one writer of the managed streams' levels, mutes and pauses, and of the duck journal.
        .target(
            name: "SourceFocus",
            dependencies: ["AsyncSupport", "AudioPolicy", "PulseAudio", "CarAudio", "MPRIS", "RPC", .product(name: "Logging", package: "swift-log")]),

        // The time the engine runs on: real, or simulated for drives.
        .target(name: "EngineTime", dependencies: ["RPC"]),

        // Wiring and serving.
        // The prompt record and the prompt queue: which prompt waits, plays next, gives way or is
        // stopped. Pure: no audio, no clock, no engine.
        .target(name: "Prompts", dependencies: ["AudioPolicy", "ClientGuidance", "Guidance", "Speech", "AsyncSupport", "RPC"]),
        .target(
            name: "Engine",
            dependencies: [
                "TextFormat", "AudioPolicy", "BuiltInPolicy", "Guidance", "Speech", "PulseAudio", "CarAudio", "MPRIS", "AsyncSupport", "RPC", "PackLibrary",
                "ClientGuidance", "SourceFocus", "EngineTime", "StrictCoding", "Prompts", .product(name: "Logging", package: "swift-log"),
            ]),
        .target(
            name: "Daemon",
            dependencies: [
                "TextFormat", "Engine", "Prompts", "RPC", "RPCSocket", "AsyncSupport", "AudioPolicy", "Guidance", "ClientGuidance", "SSIP", "Speech",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(
            name: "voxnavd",
            dependencies: [
                "ProcessSupport", "TextFormat", "Daemon", "Engine", "RPC", "RPCSocket", "AudioPolicy", "BuiltInPolicy", "Installation", "FileReading",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            linkerSettings: programLinking),
        .executableTarget(
            name: "voxnav-bench",
            dependencies: [
                "RPC", "RPCSocket", "AudioPolicy", "Guidance", "CPulse", "Speech", "LoadClients", "ProcessSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // libFuzzer over the parsers (scripts/fuzz); built normally, it replays inputs it is given.
        .executableTarget(
            name: "voxnav-fuzz",
            dependencies: ["RPC", "Guidance", "AudioPolicy", "BuiltInPolicy", "DriveSimulation"]),
        // The CLI. It talks to voxnavd over the socket (`drive` starts a voxnavd process of its own) and
        // reads packs itself (PackLibrary): it does not link the Engine.
        .executableTarget(
            name: "voxnav",
            dependencies: [
                "ProcessSupport", "TextFormat", "RPC", "RPCSocket", "Guidance", "AudioPolicy", "BuiltInPolicy", "PackLibrary", "FileReading", "Speech",
                "DriveSimulation", "CarAudio", "PulseAudio", "PulseServer", "Installation", "StrictCoding",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: programLinking),

        .testTarget(
            name: "AudioPolicyTests",
            dependencies: ["AudioPolicy", "BuiltInPolicy", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(
            name: "DriveSimulationTests",
            dependencies: ["DriveSimulation", "Guidance", "AudioPolicy", "RPC", "TextFormat", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "YAMLTreeTests", dependencies: ["YAMLTree", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(
            name: "GuidanceTests",
            dependencies: ["Guidance", "ClientGuidance", "RPC", "AudioPolicy", .product(name: "PropertyBased", package: "swift-property-based")]),
        // The many-connections flood, shared by voxnav-bench and its test.
        .target(name: "LoadClients", dependencies: ["RPC", "RPCSocket"]),
        // Read-back helpers for tests that talk to a real PulseAudio server (pactl, parec on car.monitor).
        .target(
            name: "AudioTestSupport", dependencies: ["Engine", "ProcessSupport", .product(name: "Logging", package: "swift-log")],
            path: "Tests/AudioTestSupport"),
        .testTarget(
            name: "SpeechTests",
            dependencies: ["Speech", .product(name: "PropertyBased", package: "swift-property-based")]),
        // The data directories' order, a user's pack over a shipped one, the version, socket activation and sd_notify.
        .testTarget(name: "InstallationTests", dependencies: ["Installation", "PackLibrary", "BuiltInPolicy", "Daemon", "Guidance"]),
        .testTarget(name: "MPRISTests", dependencies: ["MPRIS"]),
        .testTarget(name: "ProcessSupportTests", dependencies: ["ProcessSupport"]),
        .testTarget(name: "SSIPTests", dependencies: ["SSIP", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(
            name: "RPCTests",
            dependencies: ["RPC", "AudioPolicy", "Guidance", "StrictCoding", .product(name: "PropertyBased", package: "swift-property-based")]),
        // The client's socket handling.
        .testTarget(name: "RPCSocketTests", dependencies: ["RPCSocket", "RPC"]),
        .testTarget(name: "VoicePackTests", dependencies: ["Engine", "PackLibrary", "Guidance", "Speech", "ProcessSupport"]),
        .testTarget(
            name: "AudioIntegrationTests",
            dependencies: ["Engine", "Prompts", "PulseAudio", "CarAudio", "Speech", "AudioPolicy", "Guidance", "RPC", "AudioTestSupport"]),
        // Random bytes and mutated real files at every parser: a clear error or a valid result, never a crash.
        .testTarget(
            name: "FuzzTests",
            dependencies: [
                "Daemon", "SSIP", "RPC", "AudioPolicy", "BuiltInPolicy", "Guidance", "DriveSimulation",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        // The prompt queue's order, bounds and fairness, and what stops the playing prompt: pure.
        .testTarget(
            name: "PromptsTests",
            dependencies: ["Prompts", "AudioPolicy", "ClientGuidance", "Guidance", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(
            name: "EngineTests",
            dependencies: [
                "Engine", "Guidance", "ClientGuidance", "SourceFocus", "EngineTime", "PackLibrary", "PulseAudio", "RPC", "AudioPolicy", "AsyncSupport",
                "Speech", "MPRIS", "CarAudio", "Prompts",
                .product(name: "PropertyBased", package: "swift-property-based"), .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "DaemonTests",
            dependencies: [
                "Daemon", "RPC", "RPCSocket", "AudioPolicy", "BuiltInPolicy", "Engine", "Speech", "Guidance", "ClientGuidance", "AudioTestSupport",
                "PulseServer", "SourceFocus", "Prompts",
                "LoadClients", "ProcessSupport",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Runs the real `voxnav drive` (which starts its own voxnavd and headless PulseAudio server).
        .testTarget(
            name: "DriveTests", dependencies: ["DriveSimulation", "Guidance", "AudioPolicy", "BuiltInPolicy", "AudioTestSupport", "ProcessSupport"]),
        .testTarget(
            name: "CarAudioTests", dependencies: ["CarAudio", "PulseAudio", "AudioPolicy", "BuiltInPolicy", "AudioTestSupport", "PulseServer"]),
    ]
)

// CI builds with every warning an error: .ci/run sets VOXNAV_WARNINGS_AS_ERRORS=1. Only this
// package's targets get the flag; the dependencies are built as their authors ship them.
if Context.environment["VOXNAV_WARNINGS_AS_ERRORS"] == "1" {
    for target in package.targets where target.type != .system {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-warnings-as-errors"])]
    }
}

/// The installed programs are linked with every symbol bound at start and the relocations then made
/// read-only (`-z now` with the default `-z relro`): Debian's hardening (lintian: hardening-no-bindnow).
/// A release build is linked by lld and, to keep resident memory down (docs/MEMORY.md):
/// - exports no symbols the program does not need (swiftc links executables with `-export-dynamic`:
///   18,770 dynamic symbols in voxnavd, 608 without); nothing looks symbols up by name in it;
/// - packs its relative relocations (DT_RELR, glibc 2.36): 12 kB instead of 1.5 MB the loader reads;
/// - links the C++ library the Swift runtime uses statically (link/static-libstdc++ comes first on the
///   library path): only the objects used, and no libstdc++.so mapped, about 1 MB resident;
/// - places first the functions voxnavd runs at start, for a prompt and for guidance
///   (link/voxnavd.order, written by scripts/order-symbols), so that fewer of its pages are resident;
///   with every module compiled with -function-sections (scripts/release-flags, which the scripts that
///   make release builds use), that is function by function, and the functions that have no symbol to
///   list are gathered apart (link/text-unnamed.ld).
var programLinking: [LinkerSetting] {
    [
        .unsafeFlags(["-Xlinker", "-z", "-Xlinker", "now"], .when(platforms: [.linux])),
        .unsafeFlags(
            [
                "-L", "\(Context.packageDirectory)/link/static-libstdc++",
                "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic",
                "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/link/voxnavd.order", "-Xlinker", "--no-warn-symbol-ordering",
                "-Xlinker", "-T", "-Xlinker", "\(Context.packageDirectory)/link/text-unnamed.ld",
            ], .when(platforms: [.linux], configuration: .release)),
    ]
}

// The debug build (the tests, a developer's drives) compiles with optimization the modules whose
// code runs per sample (Speech's limiter and levels, CarAudio's programmes) or, in the property
// tests, millions of times (Guidance's announcer and phrases): unoptimized, their generic code made
// the tests without a server of their own CPU-bound on the 2-core machine. Debug info and
// `@testable import` stay (SwiftPM's `-enable-testing` holds with `-O`).
for target in package.targets where ["Guidance", "Speech", "CarAudio"].contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-O"], .when(configuration: .debug))]
}
