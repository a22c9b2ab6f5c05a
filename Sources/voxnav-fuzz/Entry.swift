import Foundation

/// libFuzzer's entry point: built with `-sanitize=fuzzer -DVOXNAV_LIBFUZZER` (scripts/fuzz), libFuzzer's
/// driver calls this with every input it makes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.run(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size))
    return 0
}

#if VOXNAV_LIBFUZZER
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runLibFuzzer(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// SwiftPM links an executable's entry point under this name; with libFuzzer it hands over to its driver.
    @_cdecl("voxnav_fuzz_main")
    func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
        var count = argc
        var arguments = argv
        return runLibFuzzer(&count, &arguments) { data, size in fuzzOneInput(data, size) }
    }
#else
    /// Without libFuzzer: replays the files named (a corpus, or a crash libFuzzer kept) through the same
    /// targets, so a crash can be reproduced and debugged in an ordinary build.
    @main struct ReplayFuzzInputs {
        static func main() throws {
            let files = CommandLine.arguments.dropFirst()
            guard !files.isEmpty else {
                print("usage: voxnav-fuzz FILE...   (replays fuzz inputs; scripts/fuzz runs libFuzzer)")
                return
            }
            for file in files {
                let data = try Data(contentsOf: URL(fileURLWithPath: file))
                data.withUnsafeBytes { FuzzTarget.run($0) }
            }
            print("replayed \(files.count) inputs: no failure")
        }
    }
#endif
