import BrowserTestSupport
import Foundation
import ProcessTestSupport
import Testing

/// Every animated format `render` writes opens in a browser: headless Chromium loads each file
/// in a page, draws its first frame into a canvas and reads the pixel at the centre.
@Suite("outputs in a browser")
struct FormatsInBrowserTests {
    /// A white canvas with a red square in the middle: the first frame's centre is red.
    let scene = """
        canvas: { width: 60, height: 40, scale: 1, background: "#ffffff" }
        duration: 0.5
        fps: 10
        layers:
          - { id: box, frame: [20, 10, 20, 20], backgroundColor: "#ff0000" }
        animations:
          fade: { keyPath: opacity, from: 1, to: 0.2, duration: 0.5, beginTime: 0.2 }
        script:
          - { at: 0, add: fade, to: box }

        """

    @Test("GIF, APNG, WebP, MP4 and WebM show their first frame in Chromium")
    func firstFrames() throws {
        let dir = freshFolder("flipbook-browser")
        let file = dir.appendingPathComponent("scene.yaml")
        try scene.write(to: file, atomically: true, encoding: .utf8)
        let names = ["a.gif", "a.apng", "a.webp", "a.mp4", "a.webm"]
        for name in names {
            let r = try CLI.run(["render", file.path, "-o", dir.appendingPathComponent(name).path])
            try #require(r.status == 0, "\(name): \(r.stderr)")
        }
        let page = """
            <!doctype html><meta charset="utf-8"><pre id="out"></pre><script>
            const out = document.getElementById('out');
            function draw(el, w, h) {
              const c = document.createElement('canvas'); c.width = w; c.height = h;
              const g = c.getContext('2d'); g.drawImage(el, 0, 0, w, h);
              return g.getImageData(w / 2, h / 2, 1, 1).data;
            }
            function report(name, el, w, h) {
              const d = draw(el, w, h);
              out.textContent += name + ' ' + d[0] + ',' + d[1] + ',' + d[2] + '\\n';
            }
            // A video's loadeddata can fire before its first frame is decoded into something
            // drawImage can read (a transparent canvas under load): seek to the start and draw
            // once the decoder says the frame is there, polling until it has pixels.
            function reportVideo(name, v) {
              let tries = 0, done = false;
              const attempt = () => {
                if (done) return;
                const d = draw(v, 60, 40);
                const blank = d[3] === 0 || d[0] + d[1] + d[2] === 0;
                if (blank && tries++ < 200) { setTimeout(attempt, 10); return; }
                done = true;
                report(name, v, 60, 40);
              };
              if (v.requestVideoFrameCallback) { v.requestVideoFrameCallback(attempt); }
              v.onseeked = attempt;
              v.currentTime = 0;
            }
            for (const name of ['a.gif', 'a.apng', 'a.webp']) {
              const img = new Image();
              img.onload = () => report(name, img, 60, 40);
              img.onerror = () => { out.textContent += name + ' error\\n'; };
              img.src = name;
            }
            for (const name of ['a.mp4', 'a.webm']) {
              const v = document.createElement('video');
              v.muted = true; v.preload = 'auto';
              v.onloadeddata = () => reportVideo(name, v);
              v.onerror = () => { out.textContent += name + ' error\\n'; };
              v.src = name;
            }
            </script>
            """
        let html = dir.appendingPathComponent("page.html")
        try page.write(to: html, atomically: true, encoding: .utf8)
        let dom = try Chromium.run([
            "--allow-file-access-from-files", "--autoplay-policy=no-user-gesture-required",
            "--virtual-time-budget=5000", "--dump-dom", html.absoluteString
        ])
        for name in names {
            // The report's lines sit in the <pre>: "NAME R,G,B".
            let line = dom.range(of: name + " ").map { found in
                String(dom[found.upperBound...].prefix { $0 != "\n" && $0 != "<" })
            }
            let rgb = line?.split(separator: ",").compactMap { Int($0) } ?? []
            // Red, within what H.264's and VP9's 4:2:0 colour leaves of it.
            #expect(rgb.count == 3 && rgb[0] > 200 && rgb[1] < 60 && rgb[2] < 60, "\(name): \(line ?? "no report")\n\(dom)")
        }
    }
}
