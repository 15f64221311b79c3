import BrowserTestSupport
import Flipbook
import FlipbookComparison
import Foundation
import Testing

@testable import FlipbookCompare

/// `flipbook compare --html` is a web page: opened in headless Chromium at an instant (`#t=`),
/// its scrubber, time label, frame and plot marker follow; its screenshot shows the variants.
@Suite("comparison page in a browser")
struct ComparePageBrowserTests {
    static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scenarios/demo.yaml").path

    @Test(
        "opened at t = 1.0 s the scrubber, the label, the grid and the plot marker all show 1.0 s; the screenshot shows the dots and the marker"
    )
    func scrubber() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var comparison = VariantComparison(
            inputs: [
                .init(file: Self.demo, variant: "default", label: "default"),
                .init(file: Self.demo, variant: "slow", label: "slow")
            ],
            plots: ["dot2.transform.scale"])
        let (summaries, html, store, _) = try comparison.runWithPage(
            sinks: [GIFSink(url: dir.appendingPathComponent("c.gif"))], title: "demo")
        #expect(summaries.count == 2)
        let page = dir.appendingPathComponent("page.html")
        try html.write(to: page, atomically: true, encoding: .utf8)
        // 2.1 s at 30 fps: 63 frames, all kept; t = 1.0 s is frame 30.
        #expect(store.count == 63)
        #expect(html.components(separatedBy: "data:image/png;base64,").count - 1 == store.pictureCount + 1, "every picture and one plot")

        // The canvas is drawn once its pictures decode: the page is given time to settle, as a loaded machine needs.
        let dom = try Chromium.run(["--virtual-time-budget=2000", "--dump-dom", page.absoluteString + "#t=1.0"])
        #expect(dom.contains("t = 1.000 s"), "the label follows")
        let scrubber = try #require(dom.range(of: "id=\"scrubber\"").map { String(dom[$0.lowerBound...].prefix(200)) })
        #expect(scrubber.contains("aria-valuenow=\"30\"") && scrubber.contains("max=\"62\""), "\(scrubber)")
        // The canvas shows frame 30: its key frame and its patches drawn.
        let frameTag = try #require(dom.range(of: "<canvas").map { String(dom[$0.lowerBound...].prefix(400)) })
        #expect(frameTag.contains("data-shown=\"30\""), "frame 30 is shown: \(frameTag)")
        let data = html.components(separatedBy: "<script id=\"page-data\" type=\"application/json\">")[1]
            .components(separatedBy: "</script>")[0]
        let object = try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any]
        let frames = try #require(object?["frames"] as? [[Int]])
        #expect(frames.count == 63 && frames[30][0] < 30, "frame 30 is patches over an earlier key frame: \(frames[30])")
        // The marker moved from the axis start to 1.0 s of the plot's 0…2.1 s axis.
        let plot = try #require(comparison.propertyPlots.first)
        let expected = plot.point(time: 1.0, value: plot.valueRange.lowerBound).x / Double(plot.width) * 100
        let marker = try #require(dom.range(of: "class=\"marker\"").map { String(dom[$0.lowerBound...].prefix(300)) })
        let left = try #require(
            marker.components(separatedBy: "left: ").dropFirst().first.flatMap { Double($0.prefix { "0123456789.".contains($0) }) })
        #expect(abs(left - expected) < 0.01, "marker at \(left) %, expected \(expected) %")

        let shot = dir.appendingPathComponent("shot.png")
        _ = try Chromium.run([
            "--virtual-time-budget=2000", "--window-size=1200,1000", "--screenshot=\(shot.path)", page.absoluteString + "#t=1.0"
        ])
        let pixels = try PNGCodec.read(shot)
        // The canvas, unscaled, holds frame 30's pixels exactly (key frame and patches in place).
        let frame30 = try PageFrameStoreTests.drawn(30, from: store)
        let found = Self.find(frame30, in: pixels)
        #expect(found != nil, "frame 30's pixels are on the screen")
        let rgba = pixels.rgba
        var dots = 0, markerPixels = 0
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let (r, g, b) = (Int(rgba[i]), Int(rgba[i + 1]), Int(rgba[i + 2]))
            if abs(r - g) < 8 && abs(g - b) < 8 && r > 150 && r < 215 { dots += 1 }  // the grey dots
            if r > 230 && g > 60 && g < 120 && b < 110 { markerPixels += 1 }  // the red marker
        }
        #expect(dots > 300, "the variants' dots are shown: \(dots)")
        #expect(markerPixels > 100, "the marker is drawn: \(markerPixels)")
    }

    @Test("in a small window the frame fits with the controls in view; 1:1 (or #…&actual) shows it pixel for pixel")
    func fitsTheWindow() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var comparison = VariantComparison(inputs: [.init(file: Self.demo, variant: "default", label: "default")], plots: [])
        let (_, html, _, _) = try comparison.runWithPage(sinks: [GIFSink(url: dir.appendingPathComponent("c.gif"))], title: "demo")
        let page = dir.appendingPathComponent("page.html")
        try html.write(to: page, atomically: true, encoding: .utf8)
        func level(_ hash: String) throws -> Int? {
            let dom = try Chromium.run(["--virtual-time-budget=2000", "--window-size=400,300", "--dump-dom", page.absoluteString + hash])
            let output = dom.range(of: "id=\"zoom-level\">").map { String(dom[$0.upperBound...].prefix(8)) }
            return output.flatMap { Int($0.prefix { $0.isNumber }) }
        }
        let fitted = try #require(try level("#t=0"))
        #expect(fitted < 100, "scaled down to fit 400 × 300: \(fitted) %")
        #expect(try level("#t=0&actual") == 100)
    }

    /// Where `picture` (opaque) appears in `screen` pixel for pixel, within one level a
    /// channel (the browser's colour conversion), if it does.
    static func find(_ picture: PixelBuffer, in screen: PixelBuffer) -> (x: Int, y: Int)? {
        func close(_ a: UInt32, _ b: UInt32) -> Bool {
            for shift: UInt32 in [0, 8, 16] {
                let ca = Int((a >> shift) & 0xFF), cb = Int((b >> shift) & 0xFF)
                if abs(ca - cb) > 1 { return false }
            }
            return true
        }
        let p = picture.premultipliedARGB, s = screen.premultipliedARGB
        for y in 0...(screen.height - picture.height) {
            for x in 0...(screen.width - picture.width) where close(s[y * screen.width + x], p[0]) {
                let matches = (0..<picture.height).allSatisfy { row in
                    (0..<picture.width).allSatisfy { close(s[(y + row) * screen.width + x + $0], p[row * picture.width + $0]) }
                }
                if matches { return (x, y) }
            }
        }
        return nil
    }
}
