import Flipbook
import FlipbookComparison
import Foundation

/// `flipbook compare --html` and `flipbook preview`: one page (the frames' pictures inline, or
/// named by address: served by the preview, or files beside a large page, `PageFrameFolder`)
/// with the composed grid, drawn on a canvas from a key frame and its patches
/// (`PageFrameStore`), under a time scrubber that moves every variant together (and a marker
/// along each plot's time axis), play/pause at the scene's own speed (0.25×–2×, looping or
/// not), frame stepping (buttons, ← →), the plots, the summary table, the event trace (the
/// entries up to the scrubber's instant marked) and the scripted finger as a marker. `#t=1.25`
/// in the address opens it at that instant (`#t=1.25&play` playing); the address follows the
/// scrubber. Tested in headless Chromium, like the golden report.
enum ComparisonPage {
    struct Plot {
        var png: [UInt8]
        /// Where the plot's time axis starts and ends, as fractions of the image's width, and
        /// the times there.
        var axis: (x0: Double, x1: Double, t0: Double, t1: Double)
    }

    /// What comparison.js reads: each picture's address; each frame as its key frame's index
    /// then (picture, x, y) for each of its own pictures; the frames' size; each frame's time and
    /// the finger there.
    struct PageData: Encodable {
        var pictures: [String]
        var frames: [[Int]]
        var size: [Int]
        var times: [Double]
        var fingers: [[Double]?]
    }

    /// The page's extras: the event trace, and where the finger is at each frame (fractions of
    /// the composed frame's width and height; nil while no finger touches).
    struct Timeline {
        var trace: [(time: Double, text: String)] = []
        var fingers: [(x: Double, y: Double)?] = []
    }

    static func html(
        title: String, summaries: [VariantComparison.Summary], frames store: PageFrameStore, plots: [Plot],
        timeline: Timeline = Timeline(), pictureURL: ((Int) -> String)? = nil,
        extras: VariantComparison.PageExtras = .init()
    ) throws -> String {
        let esc = HTMLPage.escape
        // Served pictures are encoded as they are asked for; a page file inlines them all.
        let frames = store.frames
        let times = frames.map(\.time)
        let size = store.size
        let inline = pictureURL == nil ? try store.encodedPictures() : []
        var h = HTMLPage.head(title: title, style: EmbeddedPages.comparisonCSS)
        h += extras.header
        h += "<div class=\"player\"><div class=\"stage\">\n"
        if !times.isEmpty {
            h +=
                "<canvas id=\"frame\" class=\"grid\" width=\"\(size.width)\" height=\"\(size.height)\" role=\"img\" aria-label=\"every variant at the scrubber's instant\"></canvas>\n"
        }
        h +=
            HTMLPage.fill(
                EmbeddedPages.comparisonControlsHTML,
                [
                    "lastFrame": "\(max(0, times.count - 1))",
                    "firstTime": String(format: "%.3f", times.first ?? 0)
                ]) + "\n"
        if !plots.isEmpty {
            h += "<h2>Properties</h2>\n"
            for (i, p) in plots.enumerated() {
                h += "<div class=\"plot\">" + HTMLPage.image(p.png, class: "plot-image", alt: "plot \(i + 1)")
                h += String(
                    format:
                        "<div class=\"marker\" data-x0=\"%.6f\" data-x1=\"%.6f\" data-t0=\"%.6f\" data-t1=\"%.6f\" style=\"left: %.4f%%\"></div></div>\n",
                    p.axis.x0, p.axis.x1, p.axis.t0, p.axis.t1, p.axis.x0 * 100)
            }
        }
        h +=
            "<h2>Summary</h2>\n<table><tr><th>variant</th><th>duration</th><th>last stop</th><th>mean diff</th><th>largest diff</th></tr>\n"
        for s in summaries {
            h +=
                "<tr><td>\(esc(s.label))</td><td>" + String(format: "%.3f s", s.duration) + "</td><td>"
                + (s.lastEvent.map { String(format: "%.3f s", $0) } ?? "–") + "</td><td>"
                + String(format: "%.2f %%</td><td>%.2f %%", s.meanDifference * 100, s.largestDifference * 100) + "</td></tr>\n"
            for p in s.properties {
                h += "<tr><td colspan=\"5\">" + p.lines.map(esc).joined(separator: "<br>") + "</td></tr>\n"
            }
        }
        h += "</table>\n"
        if !timeline.trace.isEmpty {
            h += "<h2>Events</h2>\n<ol id=\"trace\">\n"
            for e in timeline.trace {
                h += "<li data-t=\"" + String(format: "%.6f", e.time) + "\">" + esc(e.text) + "</li>\n"
            }
            h += "</ol>\n"
        }
        let data = PageData(
            pictures: (0..<store.pictureCount).map { i in pictureURL.map { $0(i) } ?? HTMLPage.dataURL(png: inline[i]) },
            frames: frames.map { f in [f.base] + f.parts.flatMap { [$0.picture, $0.x, $0.y] } },
            size: [size.width, size.height],
            times: times,
            fingers: timeline.fingers.map { f in f.map { [$0.x, $0.y] } })
        h += HTMLPage.data(data, id: "page-data") + HTMLPage.script(EmbeddedPages.comparisonJS) + extras.footer + "</body></html>\n"
        return h
    }
}

/// Keeps the composed frames for the page: every frame, or evenly spaced ones when there are
/// more than `limit` (the scrubber then steps through those), encoded in the background by a
/// `PageFrameStore`.
final class PageFramesSink: RenderSink, @unchecked Sendable {
    // Used on the calling thread only.
    private let limit: Int
    private var keep: Set<Int> = []
    private var plan: RenderPlan?
    let store = PageFrameStore()

    init(limit: Int = 240) { self.limit = max(2, limit) }

    func begin(_ plan: RenderPlan) throws {
        self.plan = plan
        let n = plan.frameCount
        keep = n <= limit ? Set(0..<n) : Set((0..<limit).map { Int((Double($0) * Double(n - 1) / Double(limit - 1)).rounded()) })
    }

    func consume(_ frame: PixelBuffer, index: Int, prepared: (any Sendable)?) throws {
        guard keep.contains(index), let plan else { return }
        store.append(frame, time: plan.time(ofFrame: index))
    }

    func finish() throws {}
    func cancel() { store.cancel() }
}
