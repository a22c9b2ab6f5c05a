import Foundation

/// How many inputs each property-based fuzzer tries: the CI count, multiplied by
/// `VOXNAV_FUZZ_SCALE` for a longer run (`VOXNAV_FUZZ_SCALE=200 scripts/test --filter FuzzTests`).
enum FuzzBudget {
    static let scale = max(1, Int(ProcessInfo.processInfo.environment["VOXNAV_FUZZ_SCALE"] ?? "") ?? 1)

    static func count(_ ci: Int) -> Int { ci * scale }
}
