import Flipbook
import Foundation
import ProcessTestSupport
import Testing

@Suite("the flipbook command")
struct CommandLineTests {
    let demo = packageRoot.appendingPathComponent("scenarios/demo.yaml").path
    let bad = packageRoot.appendingPathComponent("Tests/FlipbookScenarioTests/Fixtures/bad-scenarios/unknown-key.yaml").path

    func tmp() -> URL { freshFolder("flipbook-cli") }

    @Test("render writes the GIF and filmstrip and exits 0")
    func render() throws {
        let dir = tmp()
        let r = try CLI.run([
            "render", demo, "-o", dir.appendingPathComponent("d.gif").path,
            "--filmstrip", dir.appendingPathComponent("d.png").path, "--fps", "10"
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("d.gif").path))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("d.png").path))
        #expect(r.stderr.isEmpty, "no progress output when CI=true")
    }

    @Test("--filmstrip-frames, --filmstrip-times and --filmstrip-columns shape the filmstrip; bad values exit 2")
    func filmstripOptions() throws {
        let dir = tmp()
        let six = dir.appendingPathComponent("six.png").path, two = dir.appendingPathComponent("two.png").path
        #expect(try CLI.run(["render", demo, "--filmstrip", six, "--filmstrip-frames", "6", "--filmstrip-columns", "6"]).status == 0)
        #expect(try CLI.run(["render", demo, "--filmstrip", two, "--filmstrip-times", "0.1,175ms"]).status == 0)
        func width(_ path: String) throws -> Int {
            let d = try Data(contentsOf: URL(fileURLWithPath: path))
            return Int(d[16]) << 24 | Int(d[17]) << 16 | Int(d[18]) << 8 | Int(d[19])
        }
        // 320 px frames as 160 px thumbnails, 8 px apart.
        #expect(try width(six) == 6 * 168 + 8)
        #expect(try width(two) == 2 * 168 + 8)
        #expect(try CLI.run(["render", demo, "--filmstrip", two, "--filmstrip-times", "0.1,soon"]).status == 2)
        #expect(try CLI.run(["render", demo, "--filmstrip", two, "--filmstrip-times", "9"]).status == 2)
        #expect(try CLI.run(["render", demo, "--filmstrip", two, "--filmstrip-frames", "0"]).status == 2)
        #expect(try CLI.run(["render", demo, "--filmstrip-frames", "3"]).status == 2)
    }

    @Test("test records, passes, fails with exit 1 and a located message, and refuses bad usage with exit 2")
    func goldenTest() throws {
        let dir = tmp()
        let scene = dir.appendingPathComponent("dots.yaml")
        try FileManager.default.copyItem(atPath: demo, toPath: scene.path)
        let golden = dir.appendingPathComponent("golden").path, artifacts = dir.appendingPathComponent("art").path
        let never = try CLI.run(["test", scene.path, "--golden-dir", golden, "--artifacts", artifacts])
        #expect(never.status == 1, "CI=true: a missing golden fails: \(never.stdout)")
        #expect(never.stdout.contains("no goldens in"))
        let record = try CLI.run(["test", scene.path, "--golden-dir", golden, "--record", "missing"])
        #expect(record.status == 0 && record.stdout.contains("● dots: recorded"), "\(record.stdout)")
        let pass = try CLI.run(["test", scene.path, "--golden-dir", golden])
        #expect(pass.status == 0 && pass.stdout.contains("golden: 1 passed, 0 failed, 0 recorded"), "\(pass.stdout)")
        // Slow the pulse: frames and trace move.
        let text = try String(contentsOf: scene, encoding: .utf8).replacingOccurrences(of: "pulse: 0.35", with: "pulse: 0.4")
        try text.write(to: scene, atomically: true, encoding: .utf8)
        let fail = try CLI.run(["test", scene.path, "--golden-dir", golden, "--artifacts", artifacts])
        #expect(fail.status == 1)
        // A CI log reads top to bottom: the heading, the cause (the trace) before the frames it
        // explains, the first failing frame, the rest folded, how to accept, in one stream.
        let lines = fail.stdout.split(separator: "\n").map(String.init)
        let heading = lines.firstIndex(of: "✘ dots") ?? -1
        let frame = lines.firstIndex { $0.contains("dots: frame ") && $0.contains("% of pixels differ") } ?? -1
        let trace = lines.firstIndex { $0.contains("dots: the event trace differs at line 3") } ?? -1
        let folded = lines.firstIndex { $0.contains("more failing frame") && $0.contains("each in report.html") } ?? -1
        let accept = lines.firstIndex { $0.contains("if the change is intended: flipbook test \(scene.path) --record failed") } ?? -1
        #expect(heading >= 0 && heading < trace && trace < frame && frame < folded && folded < accept, "\(fail.stdout)")
        #expect(lines.filter { $0.contains("dots: frame ") }.count == 1, "one frame line; the rest folded: \(fail.stdout)")
        #expect(FileManager.default.fileExists(atPath: artifacts + "/report.html"))
        #expect(FileManager.default.fileExists(atPath: artifacts + "/dots/frame-002-diff.png"))
        let report = try String(contentsOfFile: artifacts + "/report.html", encoding: .utf8)
        let traceAt = report.range(of: "the event trace differs")?.lowerBound,
            foldAt = report.range(of: "more failing frames</summary>")?.lowerBound
        #expect(traceAt != nil && foldAt != nil && traceAt! < foldAt!, "the report puts the cause first and folds the frames")
        #expect(try CLI.run(["test", scene.path, "--shard", "3/2"]).status == 2)
        #expect(try CLI.run(["test", scene.path, "--record", "sometimes"]).status == 2)
        #expect(try CLI.run(["test", dir.appendingPathComponent("nope").path]).status == 2)
        let bad = dir.appendingPathComponent("bad.yaml")
        try "canvas: { width: 10 }\n".write(to: bad, atomically: true, encoding: .utf8)
        #expect(try CLI.run(["test", bad.path, "--golden-dir", golden]).status == 2)
    }

    @Test("goldens belong to the project, found from the scenario's folder: the same from any working directory")
    func goldensFromTheScenariosFolder() throws {
        let project = tmp().appendingPathComponent("proj")
        let scenes = project.appendingPathComponent("scenarios/seeds")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        let scene = scenes.appendingPathComponent("dots.yaml")
        try FileManager.default.copyItem(atPath: demo, toPath: scene.path)
        let elsewhere = tmp()
        let record = try CLI.run(["test", scene.path, "--record", "missing"], in: elsewhere)
        #expect(record.status == 0, "\(record.stdout)")
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("golden/dots/manifest.json").path))
        #expect(!FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("golden").path), "no second set here")
        let again = try CLI.run(["test", scene.path], in: elsewhere, environment: ["CI": "true"])
        #expect(again.status == 0 && again.stdout.contains("1 passed"), "\(again.stdout)")
        let inside = try CLI.run(["test", "scenarios/seeds/dots.yaml"], in: project, environment: ["CI": "true"])
        #expect(inside.status == 0, "\(inside.stdout)")
        // Two projects at once need --golden-dir.
        let other = tmp().appendingPathComponent("other/scenarios")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: demo, toPath: other.appendingPathComponent("more.yaml").path)
        let mixed = try CLI.run(["test", scene.path, other.appendingPathComponent("more.yaml").path], in: elsewhere)
        #expect(mixed.status == 2 && mixed.stderr.contains("--golden-dir"), "\(mixed.stderr)")
    }

    @Test("an error in the input shows no usage (parsing errors: FlipbookCLITests)")
    func inputErrorWithoutUsage() throws {
        let missing = try CLI.run(["render", "/nonexistent/scene.yaml", "-o", tmp().appendingPathComponent("x.gif").path])
        #expect(missing.status == 2 && !missing.stderr.contains("Usage:") && missing.stderr.contains("scene.yaml"), "\(missing.stderr)")
    }

    @Test("compare writes a grid GIF and prints a summary; an unknown variant exits 2")
    func compare() throws {
        let out = tmp().appendingPathComponent("c.gif").path
        let r = try CLI.run(["compare", demo, "--variants", "default,slow", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("slow ") && r.stdout.contains("default "), "\(r.stdout)")
        // The grid: two cells of the scene's frame side by side, one frame per frame of the longer variant.
        let scenario = try ScenarioLoader.load(file: demo)
        let slow = try ScenarioLoader.load(file: demo, variant: "slow")
        let canvas = scenario.canvas
        let cell = (Int((canvas.width * canvas.scale).rounded()), Int((canvas.height * canvas.scale).rounded()))
        let grid = try GIFReader.read(URL(fileURLWithPath: out))
        let size = VariantGrid.size(of: cell, count: 2, layout: .row)
        #expect(grid.frames.first?.width == size.width && grid.frames.first?.height == size.height)
        #expect(grid.frames.count == Stage.frameCount(duration: max(scenario.duration, slow.duration), fps: scenario.fps))
        let unknown = try CLI.run(["compare", demo, "--variants", "default,fast", "-o", out])
        #expect(unknown.status == 2 && unknown.stderr.contains("'fast' is not a variant"), "\(unknown.stderr)")
    }

    @Test("bad input exits 2 with FILE:LINE:COLUMN and leaves an earlier output alone")
    func badInput() throws {
        let dir = tmp()
        let out = dir.appendingPathComponent("keep.gif")
        try Data("earlier".utf8).write(to: out)
        let r = try CLI.run(["render", bad, "-o", out.path])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("\(bad):4:1: error: unknown key 'durration'"), "\(r.stderr)")
        #expect(try Data(contentsOf: out) == Data("earlier".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["keep.gif"])
    }

    @Test("validate exits 0 for good files and 2 for bad ones; a missing file is an input error")
    func validate() throws {
        #expect(try CLI.run(["validate", demo]).status == 0)
        #expect(try CLI.run(["validate", demo, bad]).status == 2)
        let missing = try CLI.run(["render", "/no/such/file.yaml"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("/no/such/file.yaml:1:1: error: no such file"))
    }

    @Test("the program exits 2 on a usage error and 0 on help (what each says: FlipbookCLITests)")
    func usageExitCodes() throws {
        #expect(try CLI.run(["render"]).status == 2)
        #expect(try CLI.run(["frobnicate"]).status == 2)
        #expect(try CLI.run(["help", "render"]).status == 0)
        #expect(try CLI.run(["--version"]).status == 0)
    }

    @Test("still writes one PNG at the given time")
    func still() throws {
        let out = tmp().appendingPathComponent("s.png")
        let r = try CLI.run(["still", demo, "--at", "175ms", "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        // The instant's pixels, exactly as the Swift API draws the scene at 0.175 s.
        let scenario = try ScenarioLoader.load(file: demo)
        let runtime = ScenarioRuntime(scenario: scenario)
        runtime.stage.advance(to: 0.175)
        let expected = try FrameRasterizer.rasterize(runtime.stage.snapshot(), background: scenario.canvas.background)
        #expect(try PNGCodec.read(out) == expected)
        #expect(try CLI.run(["still", demo, "--at", "soon"]).status == 2)
    }

    @Test("inspect prints the trace and samples CSV")
    func inspect() throws {
        let trace = try CLI.run(["inspect", demo, "--until", "0.4"])
        #expect(trace.status == 0)
        #expect(trace.stdout.contains("0.3500 stop dot1 pulse finished=true"))
        #expect(trace.stdout.contains("0.3500 start dot2 pulse"))
        let csv = try CLI.run(["inspect", demo, "--sample", "dot1.opacity", "--fps", "10", "--until", "0.2"])
        #expect(csv.stdout.split(separator: "\n").first == "time,dot1.opacity")
        #expect(csv.stdout.split(separator: "\n").count == 4)
        #expect(try CLI.run(["inspect", demo, "--sample", "nobody.opacity"]).status == 2)
    }

    @Test("--sample and --plot take a scroll view's contentOffset.y, the name scenario files document (13.1)")
    func contentOffsetByItsName() throws {
        let (dir, scene) = try tablePull(fps: 60, duration: 0.5, drag: 60)
        let sampled = try CLI.run([
            "inspect", scene.path, "--sample", "table.contentOffset.y", "--sample", "table.bounds.origin.y", "--until", "0.4"
        ])
        #expect(sampled.status == 0, "\(sampled.stderr)")
        let rows = sampled.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        #expect(rows.count == 25 && rows.allSatisfy { $0.count == 3 && $0[1] == $0[2] }, "\(sampled.stdout)")
        // 0.4 s: the whole 60 pt of finger through the rubber band (d = 200): −28.5 pt.
        #expect(rows.last.map { abs(Double($0[1])! + (1 - 1 / (60 * 0.55 / 200 + 1)) * 200) < 1e-3 } == true, "\(rows.last ?? [])")
        let plotted = try CLI.run([
            "compare", scene.path, "-o", dir.appendingPathComponent("c.gif").path,
            "--plot", "table.contentOffset.y", "--json"
        ])
        #expect(plotted.status == 0, "\(plotted.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("c-plot.png").path))
    }

    @Test("--sample and --plot take a scroll view's contentInset.top: 0, then the header's height while refreshing (13.5)")
    func contentInsetByItsName() throws {
        let (dir, scene) = try tablePull(
            fps: 10, duration: 1, drag: 120, refresh: "refresh: { headerHeight: 20, refreshing: { endsAfter: 5 } }")
        let r = try CLI.run(["inspect", scene.path, "--sample", "table.contentInset.top"])
        #expect(r.status == 0, "\(r.stderr)")
        let insets = r.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init)[1] }
        #expect(insets.first == "0" && insets.last == "20", "\(r.stdout)")
        let plotted = try CLI.run([
            "compare", scene.path, "-o", dir.appendingPathComponent("c.gif").path, "--plot", "table.contentInset.top", "--json"
        ])
        #expect(
            plotted.status == 0 && plotted.stdout.contains("\"property\" : \"table.contentInset.top\""),
            "\(plotted.stdout) \(plotted.stderr)")
    }

    /// A 100 × 200 pt table of 25 rows pulled `drag` pt from 0.1 s over 0.3 s (linear), then let go,
    /// written to a fresh folder.
    func tablePull(fps: Int, duration: Double, drag: Int, refresh: String = "") throws -> (dir: URL, scene: URL) {
        let dir = freshFolder("flipbook-pull")
        let scene = dir.appendingPathComponent("pull.yaml")
        try """
        canvas: { width: 100, height: 200, scale: 1 }
        fps: \(fps)
        duration: \(duration)
        layers:
          - { id: table, type: table, frame: [0, 0, 100, 200], rows: { template: "Row {n}", count: 25 } }
        \(refresh)
        touches:
          - { at: 0.1, down: true }
          - { drag: \(drag), duration: 0.3, curve: linear }
          - { release: true }
        """.write(to: scene, atomically: true, encoding: .utf8)
        return (dir, scene)
    }
}
