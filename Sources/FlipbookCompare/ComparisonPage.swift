import Flipbook
import FlipbookGolden
import Foundation

/// `flipbook compare --html`: one self-contained page with the composed grid under a time
/// scrubber that moves every variant together (and a marker along each plot's time axis), a
/// play button, the plots and the summary table. `#t=1.25` in the address opens it at that
/// instant. Tested in headless Chromium, like the golden report.
enum ComparisonPage {
    struct Plot {
        var png: [UInt8]
        /// Where the plot's time axis starts and ends, as fractions of the image's width, and
        /// the times there.
        var axis: (x0: Double, x1: Double, t0: Double, t1: Double)
    }

    static func html(title: String, summaries: [VariantComparison.Summary], frames: [(time: Double, png: [UInt8])], plots: [Plot]) -> String
    {
        let esc = HTMLPage.escape
        var h = HTMLPage.head(title: title, style: """
        .player { background: #fff; border-radius: 10px; padding: 16px; box-shadow: 0 1px 3px #0002; display: inline-block; }
        .player img { display: block; image-rendering: pixelated; border: 1px solid #c7c7cc; max-width: 100%; }
        .controls { display: flex; gap: 12px; align-items: center; margin-top: 10px; }
        #scrubber { width: 420px; } #time { font-variant-numeric: tabular-nums; min-width: 90px; }
        .plot { position: relative; display: inline-block; margin: 12px 12px 0 0; }
        .plot img { display: block; border: 1px solid #c7c7cc; background: #fff; }
        .marker { position: absolute; top: 0; bottom: 0; width: 2px; margin-left: -1px; background: #ff3b30; opacity: 0.8; }
        table { border-collapse: collapse; background: #fff; margin-top: 12px; }
        td, th { padding: 4px 10px; border-bottom: 1px solid #e5e5ea; text-align: right; font-variant-numeric: tabular-nums; }
        td:first-child, th:first-child { text-align: left; }
        """)
        h += "<div class=\"player\">\n"
        if let first = frames.first {
            h += HTMLPage.image(first.png, class: "grid", alt: "every variant at the scrubber's instant", id: "frame") + "\n"
        }
        h += """
        <div class="controls"><button id="play" type="button">Play</button>
        <input id="scrubber" type="range" min="0" max="\(max(0, frames.count - 1))" value="0" step="1">
        <output id="time">t = \(String(format: "%.3f", frames.first?.time ?? 0)) s</output></div></div>

        """
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
            h += "<tr><td>\(esc(s.label))</td><td>" + String(format: "%.3f s", s.duration) + "</td><td>"
                + (s.lastEvent.map { String(format: "%.3f s", $0) } ?? "–") + "</td><td>"
                + String(format: "%.2f %%</td><td>%.2f %%", s.meanDifference * 100, s.largestDifference * 100) + "</td></tr>\n"
            for p in s.properties {
                h += "<tr><td colspan=\"5\">" + p.lines.map(esc).joined(separator: "<br>") + "</td></tr>\n"
            }
        }
        h += "</table>\n"
        let urls = frames.map { "\"" + HTMLPage.dataURL(png: $0.png) + "\"" }.joined(separator: ",\n")
        let times = frames.map { String(format: "%.6f", $0.time) }.joined(separator: ",")
        h += """
        <script>
        const frames = [\(urls)];
        const times = [\(times)];
        const img = document.getElementById('frame');
        const scrubber = document.getElementById('scrubber');
        const label = document.getElementById('time');
        const markers = Array.from(document.querySelectorAll('.marker'));
        function show(i) {
          i = Math.max(0, Math.min(frames.length - 1, i));
          scrubber.value = i;
          scrubber.setAttribute('aria-valuenow', i);
          scrubber.setAttribute('aria-valuetext', times[i].toFixed(3) + ' s');
          if (img) img.src = frames[i];
          label.textContent = 't = ' + times[i].toFixed(3) + ' s';
          for (const m of markers) {
            const x0 = +m.dataset.x0, x1 = +m.dataset.x1, t0 = +m.dataset.t0, t1 = +m.dataset.t1;
            const f = t1 > t0 ? (times[i] - t0) / (t1 - t0) : 0;
            m.style.left = (100 * (x0 + (x1 - x0) * f)).toFixed(4) + '%';
          }
        }
        scrubber.addEventListener('input', () => show(+scrubber.value));
        let timer = null;
        document.getElementById('play').addEventListener('click', (e) => {
          if (timer) { clearInterval(timer); timer = null; e.target.textContent = 'Play'; return; }
          e.target.textContent = 'Pause';
          const step = times.length > 1 ? (times[times.length - 1] - times[0]) / (times.length - 1) : 0.1;
          timer = setInterval(() => show((+scrubber.value + 1) % frames.length), 1000 * step);
        });
        // #t=1.25 opens the page at the frame nearest that instant.
        const asked = /t=([0-9.]+)/.exec(location.hash);
        if (asked) {
          const t = +asked[1];
          let best = 0;
          times.forEach((x, i) => { if (Math.abs(x - t) < Math.abs(times[best] - t)) best = i; });
          show(best);
        }
        </script>
        </body></html>

        """
        return h
    }
}

/// Keeps the composed frames for the page: every frame, or evenly spaced ones when there are
/// more than `limit` (the scrubber then steps through those).
final class PageFramesSink: RenderSink, @unchecked Sendable {
    // Used on the calling thread only.
    private let limit: Int
    private var keep: Set<Int> = []
    private var plan: RenderPlan?
    private(set) var frames: [(time: Double, png: [UInt8])] = []

    init(limit: Int = 240) { self.limit = max(2, limit) }

    func begin(_ plan: RenderPlan) throws {
        self.plan = plan
        let n = plan.frameCount
        keep = n <= limit ? Set(0..<n) : Set((0..<limit).map { Int((Double($0) * Double(n - 1) / Double(limit - 1)).rounded()) })
    }

    func consume(_ frame: PixelBuffer, index: Int, prepared: (any Sendable)?) throws {
        guard keep.contains(index), let plan else { return }
        frames.append((plan.time(ofFrame: index), try PNGEncoder.encodeCompact(frame)))
    }

    func finish() throws {}
    func cancel() { frames = [] }
}
