import BrowserTestSupport
import Flipbook
import Foundation
import Testing

@testable import FlipbookGolden

/// The golden report is a web page: it is opened in headless Chromium (Debian's `chromium`,
/// which `make test` installs), its scripts run, and its screenshot shows the pictures.
@Suite("golden report in a browser")
struct ReportBrowserTests {
    func run(_ args: [String]) throws -> String { try Chromium.run(args) }

    @Test("a failing report shows side by side, difference, swipe and onion skin; its sliders work; the screenshot is not blank")
    func failingReport() throws {
        let box = Sandbox()
        let file = box.scenario("square")
        _ = box.suite(.missing).run([file])
        box.scenario("square", x: 16, color: "#c03030")
        let outcomes = box.suite(.never).run([file])
        let artifacts = box.dir.appendingPathComponent("artifacts")
        try GoldenArtifacts(root: artifacts).write(outcomes, orphans: [])
        let report = artifacts.appendingPathComponent("report.html")
        for name in ["frame-000-expected.png", "frame-000-actual.png", "frame-000-diff.png", "strip.png"] {
            #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("square/\(name)").path), "\(name)")
        }
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("junit.xml").path))
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("summary.json").path))

        // The DOM after the page's scripts ran: every picture inline, the sliders wired.
        let dom = try run(["--dump-dom", report.absoluteString])
        // The square's change is 26 px wide: each frame also gets the three enlarged crops.
        #expect(dom.components(separatedBy: "src=\"data:image/png;base64,").count - 1 == 7 * 10, "7 failing frames × 10 pictures")
        #expect(dom.components(separatedBy: "class=\"zoomed\"").count - 1 == 7 * 3)
        #expect(dom.contains("<span>0.000 s</span>") && dom.contains("failing at 0.000, 0.100"), "time labels under the timeline")
        #expect(dom.components(separatedBy: "class=\"swipe-slider\"").count - 1 == 7)
        #expect(dom.components(separatedBy: "class=\"onion-slider\"").count - 1 == 7)
        #expect(dom.contains("clip-path: inset(0px 50% 0px 0px)") || dom.contains("clip-path: inset(0 50% 0 0)"), "the swipe script ran")
        #expect(dom.contains("opacity: 0.5"), "the onion script ran")
        #expect(dom.components(separatedBy: "<span class=\"fail\"").count - 1 == 7, "the timeline marks every failing instant")

        // The screenshot: the red of the difference picture and the frames' colours are there.
        let shot = box.dir.appendingPathComponent("shot.png")
        _ = try run(["--window-size=1200,900", "--screenshot=\(shot.path)", report.absoluteString])
        let pixels = try PNGCodec.read(shot)
        let rgba = pixels.rgba
        var red = 0, blue = 0, nonWhite = 0
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let (r, g, b) = (Int(rgba[i]), Int(rgba[i + 1]), Int(rgba[i + 2]))
            if r > 230 && g < 40 && b < 40 { red += 1 }
            if b > 150 && r < 80 { blue += 1 }
            if r < 240 || g < 240 || b < 240 { nonWhite += 1 }
        }
        #expect(red > 200, "difference pixels shown: \(red)")
        #expect(blue > 200, "the expected (blue) square shown: \(blue)")
        #expect(nonWhite > pixels.width * pixels.height * 3 / 100, "not blank: \(nonWhite) of \(pixels.width * pixels.height)")
    }
}
