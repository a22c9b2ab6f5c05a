import Foundation
import Testing

/// The report's SVG opens in a real browser: headless Chromium renders it to a PNG, and the picture
/// has the lanes' colours in it (not a blank page, not an error page).
@Suite struct TimelineRenderingTests {
    static let chromium = ["chromium-headless-shell", "chromium", "chromium-browser"].lazy
        .map { "/usr/bin/" + $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test func theTimelineRendersInHeadlessChromium() async throws {
        let browser = try #require(Self.chromium, "no headless Chromium: run scripts/setup (chromium-headless-shell)")
        let output = try await DriveRunner.example(drive: "highway-podcast-call")
        try #require(output.status == 0, "\(output.text)")
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-\(UUID().uuidString.prefix(8)).png")
        defer { try? FileManager.default.removeItem(at: png) }
        let render = Process()
        render.executableURL = URL(fileURLWithPath: browser)
        render.arguments = [
            "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1400,400",
            "--screenshot=\(png.path)", output.svgURL.absoluteString,
        ]
        render.standardOutput = FileHandle.nullDevice
        render.standardError = FileHandle.nullDevice
        try render.run()
        render.waitUntilExit()
        try #require(render.terminationStatus == 0 && FileManager.default.fileExists(atPath: png.path))

        // Count the pixels of the lanes' colours in the screenshot (python3-pil reads the PNG).
        let count = Process()
        count.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        count.arguments = [
            "-c",
            """
            import sys, json
            from PIL import Image
            im = Image.open(sys.argv[1]).convert("RGB")
            px = list(im.getdata())
            near = lambda c, t: all(abs(a - b) < 24 for a, b in zip(c, t))
            colours = {"playing": (0x4c, 0xaf, 0x50), "paused": (0x9e, 0x9e, 0x9e), "normal": (0x1e, 0x88, 0xe5)}
            out = {k: sum(1 for p in px if near(p, v)) for k, v in colours.items()}
            out["nonwhite"] = sum(1 for p in px if p != (255, 255, 255))
            out["total"] = len(px)
            print(json.dumps(out))
            """, png.path,
        ]
        let pipe = Pipe()
        count.standardOutput = pipe
        try count.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        count.waitUntilExit()
        let counts = try JSONDecoder().decode([String: Int].self, from: data)
        #expect((counts["nonwhite"] ?? 0) > (counts["total"] ?? 1) / 20, "\(counts)")
        #expect((counts["playing"] ?? 0) > 5000, "the podcast lane is drawn: \(counts)")
        #expect((counts["paused"] ?? 0) > 200, "its pauses are drawn: \(counts)")
        #expect((counts["normal"] ?? 0) > 100, "the prompts are drawn: \(counts)")
    }
}
