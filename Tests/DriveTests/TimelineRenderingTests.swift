import Foundation
import ProcessSupport
import Testing

/// The report's SVG opens in a real browser: headless Chromium renders it to a PNG, and the picture
/// has the lanes' colours in it (not a blank page, not an error page); and in the browser's own
/// measure, no text of any example's report lies outside the canvas.
@Suite struct TimelineRenderingTests {
    static let chromium = ["chromium-headless-shell", "chromium", "chromium-browser"].lazy
        .map { "/usr/bin/" + $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test func theTimelineRendersInHeadlessChromium() async throws {
        let browser = try #require(Self.chromium, "no headless Chromium: run scripts/setup (chromium-headless-shell)")
        let output = try await DriveRunner.example(drive: "highway-podcast-call")
        try #require(output.status == 0, "\(output.text)")
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-\(UUID().uuidString.prefix(8)).png")
        defer { try? FileManager.default.removeItem(at: png) }
        let render = try ChildProcess.run(
            browser,
            [
                "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1400,400",
                "--screenshot=\(png.path)", output.svgURL.absoluteString,
            ], limit: 120)
        try #require(render.status == 0 && FileManager.default.fileExists(atPath: png.path))

        // Count the pixels of the lanes' colours in the screenshot (python3-pil reads the PNG).
        let count = try ChildProcess.run(
            "/usr/bin/python3",
            [
                "-c",
                """
                import sys, json
                from PIL import Image
                im = Image.open(sys.argv[1]).convert("RGB")
                px = list(im.getdata())
                near = lambda c, t: all(abs(a - b) < 24 for a, b in zip(c, t))
                colours = {"playing": (0x00, 0x9e, 0x73), "paused": (0x99, 0x99, 0x99), "normal": (0x00, 0x72, 0xb2)}
                out = {k: sum(1 for p in px if near(p, v)) for k, v in colours.items()}
                out["nonwhite"] = sum(1 for p in px if p != (255, 255, 255))
                out["total"] = len(px)
                print(json.dumps(out))
                """, png.path,
            ], error: .inherit, limit: 120)
        let counts = try JSONDecoder().decode([String: Int].self, from: Data(count.output.utf8))
        #expect((counts["nonwhite"] ?? 0) > (counts["total"] ?? 1) / 20, "\(counts)")
        #expect((counts["playing"] ?? 0) > 5000, "the podcast lane is drawn: \(counts)")
        #expect((counts["paused"] ?? 0) > 200, "its pauses are drawn: \(counts)")
        #expect((counts["normal"] ?? 0) > 100, "the prompts are drawn: \(counts)")
    }

    /// Every text of each example's report, measured by Chromium (`getBBox` in the rendered page),
    /// lies inside the canvas: no label cut at the right edge ("Ihr Zi…"), none past the bottom; and
    /// the legend's swatches all differ.
    @Test(arguments: ["berlin-graphhopper-fr", "city-commute", "highway-podcast-call", "roundabouts-de"])
    func noTextLiesOutsideTheCanvas(drive: String) async throws {
        let browser = try #require(Self.chromium, "no headless Chromium: run scripts/setup (chromium-headless-shell)")
        let output = try await DriveRunner.example(drive: drive)
        try #require(output.status == 0, "\(output.text)")
        var svg = try String(contentsOf: output.svgURL, encoding: .utf8)
        if let declaration = svg.range(of: "?>") { svg = String(svg[declaration.upperBound...]) }
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-\(UUID().uuidString.prefix(8)).html")
        defer { try? FileManager.default.removeItem(at: page) }
        let script = """
            const svg = document.querySelector('svg');
            const box = svg.viewBox.baseVal;
            const outside = [];
            const texts = svg.querySelectorAll('text');
            for (const t of texts) {
              const b = t.getBBox();
              if (b.width > 0 && (b.x < -0.5 || b.y < -0.5 || b.x + b.width > box.width + 0.5 || b.y + b.height > box.height + 0.5))
                outside.push((t.firstChild ? t.firstChild.textContent : '').slice(0, 60) + ' at x ' + b.x.toFixed(1) + ', width ' + b.width.toFixed(1));
            }
            const legend = [...svg.querySelectorAll('.legend-swatch')].map(r => r.getAttribute('fill').toLowerCase());
            document.body.setAttribute('data-result', btoa(unescape(encodeURIComponent(JSON.stringify({texts: texts.length, outside, legend})))));
            """
        try "<!doctype html><html><body style=\"margin:0\">\(svg)<script>\(script)</script></body></html>".write(to: page, atomically: true, encoding: .utf8)
        let dom = try ChildProcess.run(browser, ["--no-sandbox", "--disable-gpu", "--dump-dom", page.absoluteString], limit: 120).output
        let encoded = try #require(dom.range(of: "data-result=\"").map { String(dom[$0.upperBound...].prefix { $0 != "\"" }) }, "no result in the page")
        struct Result: Decodable {
            let texts: Int
            let outside: [String]
            let legend: [String]
        }
        let result = try JSONDecoder().decode(Result.self, from: try #require(Data(base64Encoded: encoded)))
        #expect(result.texts > 20, "\(result.texts) texts")
        #expect(result.outside.isEmpty, "outside the canvas: \(result.outside)")
        #expect(Set(result.legend).count == result.legend.count && result.legend.count >= 15, "\(result.legend)")
    }
}
