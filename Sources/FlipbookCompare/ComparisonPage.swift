import Flipbook
import FlipbookGolden
import Foundation

/// `flipbook compare --html` and `flipbook preview`: one self-contained page with the composed
/// grid under a time scrubber that moves every variant together (and a marker along each plot's
/// time axis), play/pause at the scene's own speed (0.25×–2×, looping or not), frame stepping
/// (buttons, ← →), the plots, the summary table, the event trace (the entries up to the
/// scrubber's instant marked) and the scripted finger as a marker. `#t=1.25` in the address
/// opens it at that instant (`#t=1.25&play` playing); the address follows the scrubber. Tested in
/// headless Chromium, like the golden report.
enum ComparisonPage {
    struct Plot {
        var png: [UInt8]
        /// Where the plot's time axis starts and ends, as fractions of the image's width, and
        /// the times there.
        var axis: (x0: Double, x1: Double, t0: Double, t1: Double)
    }

    /// The page's extras: the event trace, and where the finger is at each frame (fractions of
    /// the composed frame's width and height; nil while no finger touches).
    struct Timeline {
        var trace: [(time: Double, text: String)] = []
        var fingers: [(x: Double, y: Double)?] = []
    }

    static func html(title: String, summaries: [VariantComparison.Summary], frames: [(time: Double, png: [UInt8])], plots: [Plot],
                     timeline: Timeline = Timeline(), frameURL: ((Int) -> String)? = nil,
                     extras: VariantComparison.PageExtras = .init()) -> String {
        let esc = HTMLPage.escape
        var h = HTMLPage.head(title: title, style: """
        .player { background: #fff; border-radius: 10px; padding: 16px; box-shadow: 0 1px 3px #0002; display: inline-block; }
        .player img { display: block; image-rendering: pixelated; border: 1px solid #c7c7cc; max-width: 100%; }
        .stage { position: relative; display: inline-block; overflow: hidden; }
        #finger { position: absolute; width: 28px; height: 28px; margin: -14px 0 0 -14px; border-radius: 50%;
          background: #007aff55; border: 2px solid #007aff; display: none; pointer-events: none; }
        #trace { font: 12px ui-monospace, monospace; max-height: 220px; overflow: auto; background: #fff; padding: 8px 12px;
          border: 1px solid #e5e5ea; border-radius: 8px; }
        #trace li { color: #8e8e93; list-style: none; } #trace li.past { color: #1c1c1e; }
        #trace li.now { color: #1c1c1e; font-weight: 600; background: #fff3bf; }
        .controls { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; margin-top: 10px; } .controls label { white-space: nowrap; }
        #scrubber { width: 420px; } #time { font-variant-numeric: tabular-nums; min-width: 90px; }
        .plot { position: relative; display: inline-block; margin: 12px 12px 0 0; }
        .plot img { display: block; border: 1px solid #c7c7cc; background: #fff; }
        .marker { position: absolute; top: 0; bottom: 0; width: 2px; margin-left: -1px; background: #ff3b30; opacity: 0.8; }
        table { border-collapse: collapse; background: #fff; margin-top: 12px; }
        td, th { padding: 4px 10px; border-bottom: 1px solid #e5e5ea; text-align: right; font-variant-numeric: tabular-nums; }
        td:first-child, th:first-child { text-align: left; }
        """)
        h += extras.header
        h += "<div class=\"player\"><div class=\"stage\">\n"
        if let first = frames.first {
            if let frameURL {
                h += "<img id=\"frame\" class=\"grid\" alt=\"every variant at the scrubber's instant\" src=\"\(esc(frameURL(0)))\">\n"
            } else {
                h += HTMLPage.image(first.png, class: "grid", alt: "every variant at the scrubber's instant", id: "frame") + "\n"
            }
        }
        h += """
        <div id="finger" title="the scripted finger"></div></div>
        <div class="controls"><button id="play" type="button">Play</button>
        <button id="previous" type="button" title="previous frame (←)">◀︎</button>
        <input id="scrubber" type="range" min="0" max="\(max(0, frames.count - 1))" value="0" step="1">
        <button id="next" type="button" title="next frame (→)">▶︎</button>
        <output id="time">t = \(String(format: "%.3f", frames.first?.time ?? 0)) s</output>
        <label>speed <select id="speed"><option>0.25</option><option>0.5</option><option selected>1</option><option>1.5</option>
        <option>2</option></select>×</label>
        <label><input id="loop" type="checkbox" checked> loop</label></div></div>

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
        if !timeline.trace.isEmpty {
            h += "<h2>Events</h2>\n<ol id=\"trace\">\n"
            for e in timeline.trace {
                h += "<li data-t=\"" + String(format: "%.6f", e.time) + "\">" + esc(e.text) + "</li>\n"
            }
            h += "</ol>\n"
        }
        let fingers = timeline.fingers.map { f in f.map { String(format: "[%.5f,%.5f]", $0.x, $0.y) } ?? "null" }.joined(separator: ",")
        let urls = frames.indices.map { i in
            "\"" + (frameURL.map { HTMLPage.escape($0(i)) } ?? HTMLPage.dataURL(png: frames[i].png)) + "\""
        }.joined(separator: ",\n")
        let times = frames.map { String(format: "%.6f", $0.time) }.joined(separator: ",")
        h += """
        <script>
        const frames = [\(urls)];
        const times = [\(times)];
        const fingers = [\(fingers)];
        const img = document.getElementById('frame');
        const scrubber = document.getElementById('scrubber');
        const label = document.getElementById('time');
        const finger = document.getElementById('finger');
        const playButton = document.getElementById('play');
        const markers = Array.from(document.querySelectorAll('.marker'));
        const events = Array.from(document.querySelectorAll('#trace li'));
        let current = 0;
        function show(i) {
          i = Math.max(0, Math.min(frames.length - 1, i));
          current = i;
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
          const f = fingers[i];
          finger.style.display = f ? 'block' : 'none';
          if (f) { finger.style.left = (100 * f[0]) + '%'; finger.style.top = (100 * f[1]) + '%'; }
          let last = -1;
          events.forEach((e, k) => { const past = +e.dataset.t <= times[i] + 1e-9; e.className = past ? 'past' : ''; if (past) last = k; });
          if (last >= 0) events[last].className = 'now';
          history.replaceState(null, '', '#t=' + times[i].toFixed(3) + (timer ? '&play' : ''));
        }
        // Playing follows the scene's clock: the frame shown is the last one at or before
        // (elapsed time × speed), so it runs at real speed whatever the frame rate.
        let timer = null, startedAt = 0, startTime = 0;
        function pause() { if (timer) { clearInterval(timer); timer = null; } playButton.textContent = 'Play'; show(current); }
        function play() {
          if (timer) return;
          if (current >= frames.length - 1) current = 0;
          playButton.textContent = 'Pause';
          startedAt = performance.now(); startTime = times[current];
          timer = setInterval(() => {
            const speed = +document.getElementById('speed').value;
            let t = startTime + (performance.now() - startedAt) / 1000 * speed;
            const end = times[times.length - 1];
            if (t > end) {
              if (!document.getElementById('loop').checked) { show(frames.length - 1); pause(); return; }
              startedAt = performance.now(); startTime = times[0]; t = times[0];
            }
            let i = current > 0 && times[current] <= t ? current : 0;
            while (i + 1 < times.length && times[i + 1] <= t + 1e-9) i++;
            if (i !== current) show(i);
          }, 15);
        }
        playButton.addEventListener('click', () => timer ? pause() : play());
        document.getElementById('speed').addEventListener('change', () => { if (timer) { startedAt = performance.now(); startTime = times[current]; } });
        scrubber.addEventListener('input', () => { pause(); show(+scrubber.value); });
        document.getElementById('previous').addEventListener('click', () => { pause(); show(current - 1); });
        document.getElementById('next').addEventListener('click', () => { pause(); show(current + 1); });
        document.addEventListener('keydown', (e) => {
          if (e.key === 'ArrowLeft') { pause(); show(current - 1); }
          else if (e.key === 'ArrowRight') { pause(); show(current + 1); }
          else if (e.key === ' ') { e.preventDefault(); timer ? pause() : play(); }
        });
        // #t=1.25 opens the page at the frame nearest that instant; &play starts it playing.
        const asked = /t=([0-9.]+)/.exec(location.hash);
        const playing = /[#&]play/.test(location.hash);
        let best = 0;
        if (asked) {
          const t = +asked[1];
          times.forEach((x, i) => { if (Math.abs(x - t) < Math.abs(times[best] - t)) best = i; });
        }
        show(best);
        if (playing) play();
        // Frames served one by one: fetch the rest in the background so playing never waits.
        if (!frames[0].startsWith('data:')) {
          let next = 0;
          const preload = () => { for (let k = 0; k < 8 && next < frames.length; k++) { const im = new Image(); im.src = frames[next++]; }
            if (next < frames.length) setTimeout(preload, 30); };
          preload();
        }
        </script>
        \(extras.footer)</body></html>

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
