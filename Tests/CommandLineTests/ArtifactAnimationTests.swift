import BrowserTestSupport
import Flipbook
import Foundation
import ProcessTestSupport
import Testing

/// `test --artifacts` also writes each failing scenario's whole render as it is now, in the
/// format asked, and the report plays it.
@Suite("artifact animations")
struct ArtifactAnimationTests {
    let demo = packageRoot.appendingPathComponent("scenarios/demo.yaml").path

    /// A failing copy of the demo: goldens recorded, then the pulse slowed.
    func failingSuite() throws -> (scene: URL, golden: String, dir: URL) {
        let dir = freshFolder("flipbook-artifact-animation")
        let scene = dir.appendingPathComponent("dots.yaml")
        try FileManager.default.copyItem(atPath: demo, toPath: scene.path)
        let golden = dir.appendingPathComponent("golden").path
        #expect(try CLI.run(["test", scene.path, "--golden-dir", golden, "--record", "missing"]).status == 0)
        let text = try String(contentsOf: scene, encoding: .utf8).replacingOccurrences(of: "pulse: 0.35", with: "pulse: 0.4")
        try text.write(to: scene, atomically: true, encoding: .utf8)
        return (scene, golden, dir)
    }

    @Test("the default is an exact APNG of every frame; --artifact-animation webp writes WebP; the report embeds it")
    func formats() throws {
        let (scene, golden, dir) = try failingSuite()
        defer { try? FileManager.default.removeItem(at: dir) }
        let runtime = ScenarioRuntime(scenario: try ScenarioLoader.load(file: scene.path))
        let frames = runtime.scenario.frameCount
        for (format, media) in [("apng", "image/apng"), ("webp", "image/webp")] {
            let artifacts = dir.appendingPathComponent("art-\(format)")
            var args = ["test", scene.path, "--golden-dir", golden, "--artifacts", artifacts.path]
            if format != "apng" { args += ["--artifact-animation", format] }
            let r = try CLI.run(args)
            #expect(r.status == 1, "\(r.stdout)")
            let file = artifacts.appendingPathComponent("dots/actual.\(format)")
            let decoded = try RecordingReader.read(file)
            #expect(decoded.frames.count == frames, "\(format): \(decoded.frames.count) frames")
            // Exact: the last frame is the scene's own at that time.
            let still = dir.appendingPathComponent("last-\(format).png")
            let t = String(Double(frames - 1) / runtime.scenario.fps)
            #expect(try CLI.run(["still", scene.path, "--at", t, "-o", still.path]).status == 0)
            #expect(decoded.frames.last?.rgba == (try PNGCodec.read(still)).rgba, "\(format): last frame exact")
            let report = try String(contentsOf: artifacts.appendingPathComponent("report.html"), encoding: .utf8)
            #expect(report.contains("<img class=\"animation\"") && report.contains("src=\"data:\(media);base64,"), "\(format)")
            #expect(
                try Self.animationSize(inReportAt: artifacts) == "\(decoded.width)x\(decoded.height)",
                "\(format): Chromium plays the report's animation")
        }
    }

    /// The size Chromium decodes the report's embedded animation at ("WxH"), from the page
    /// itself: a script appended to a copy reports the image's natural size once it loads.
    static func animationSize(inReportAt artifacts: URL) throws -> String {
        let report = try String(contentsOf: artifacts.appendingPathComponent("report.html"), encoding: .utf8)
        let probe = """
            <pre id="probe"></pre><script>
            const img = document.querySelector('img.animation');
            const say = (s) => { document.getElementById('probe').textContent = 'size=' + s + ';'; };
            if (img.complete) say(img.naturalWidth + 'x' + img.naturalHeight);
            else { img.onload = () => say(img.naturalWidth + 'x' + img.naturalHeight); img.onerror = () => say('error'); }
            </script>
            """
        let page = artifacts.appendingPathComponent("probe.html")
        try (report + probe).write(to: page, atomically: true, encoding: .utf8)
        let dom = try Chromium.run(["--virtual-time-budget=3000", "--dump-dom", page.absoluteString])
        guard let start = dom.range(of: "size="), let end = dom[start.upperBound...].firstIndex(of: ";") else { return "no report" }
        return String(dom[start.upperBound..<end])
    }

    @Test("none writes no animation; a format that is not one is refused with the list")
    func noneAndBad() throws {
        let (scene, golden, dir) = try failingSuite()
        defer { try? FileManager.default.removeItem(at: dir) }
        let artifacts = dir.appendingPathComponent("art")
        let r = try CLI.run(["test", scene.path, "--golden-dir", golden, "--artifacts", artifacts.path, "--artifact-animation", "none"])
        #expect(r.status == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: artifacts.appendingPathComponent("dots").path)
        #expect(!files.contains { $0.hasPrefix("actual.") }, "\(files)")
        let bad = try CLI.run(["test", scene.path, "--golden-dir", golden, "--artifact-animation", "tiff"])
        #expect(
            bad.status == 2 && bad.stderr.contains("--artifact-animation must be one of: gif, apng, webp, mp4, webm, none"), "\(bad.stderr)"
        )
    }
}
