import Flipbook
import Foundation
import Testing

@testable import FlipbookGolden

/// A small scenario in a fresh folder, with its goldens beside it.
struct Sandbox {
    let dir: URL
    var goldens: URL { dir.appendingPathComponent("golden") }
    var store: GoldenStore { GoldenStore(root: goldens) }

    init() {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    /// Writes `name.yaml`: a square at `x` in `color`, moving right, a chain at 0.3 s (or `chainAt`).
    @discardableResult
    func scenario(_ name: String, x: Double = 10, color: String = "#3060c0", pulse: Double = 0.3, golden: String = "") -> String {
        let yaml = """
            canvas: { width: 80, height: 40, scale: 1, background: "#ffffff" }
            duration: 0.6
            fps: 30
            layers:
              - { id: box, frame: [\(x), 10, 20, 20], backgroundColor: "\(color)" }
            animations:
              slide: { keyPath: position.x, by: 30, duration: \(pulse) }
            script:
              - { at: 0, add: slide, to: box, tag: first }
            chains:
              - { whenStops: first, add: slide, to: box, tag: second }
            \(golden)
            """
        let url = dir.appendingPathComponent("\(name).yaml")
        try? yaml.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func suite(_ mode: RecordMode, tolerance: GoldenSuite.ToleranceRule = .scenario) -> GoldenSuite {
        GoldenSuite(store: store, record: mode, tolerance: tolerance, jobs: 2, threads: 2)
    }
}

@Suite("golden tests")
struct GoldenSuiteTests {
    @Test("recording then comparing the same render passes; goldens hold frames at 10 per second plus the end, a trace and a manifest")
    func identicalPasses() throws {
        let box = Sandbox()
        let file = box.scenario("square")
        #expect(box.suite(.missing).run([file]).map(\.status) == [.recorded])
        let folder = box.store.folder(for: "square")
        let manifest = try box.store.load("square").manifest
        #expect(manifest.times == [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6])
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("frame-006.png").path))
        #expect(
            try String(contentsOf: folder.appendingPathComponent("trace.txt"), encoding: .utf8).contains(
                "0.3000 stop box slide finished=true"))
        let again = box.suite(.never).run([file])
        #expect(again.map(\.status) == [.passed], "\(again.map(\.messages))")
        #expect(again[0].frames.count == 7 && again[0].frames.allSatisfy { $0.passed && $0.difference.isIdentical })
    }

    /// The square recorded, then moved 1 pt to the right and compared: every frame fails.
    static func movedSquare() -> (box: Sandbox, outcome: ScenarioOutcome) {
        let box = Sandbox()
        let file = box.scenario("square")
        _ = box.suite(.missing).run([file])
        box.scenario("square", x: 11)
        return (box, box.suite(.never).run([file])[0])
    }

    @Test("a 1 pt move fails naming the frame, its time, the share, the largest distance and where")
    func movedFails() throws {
        let (_, o) = Self.movedSquare()
        #expect(o.status == .failed)
        let first = try #require(o.messages.first)
        #expect(first.hasPrefix("square: frame 0 (t = 0.000 s): "), "\(first)")
        #expect(
            first.contains("% of pixels differ (40 of 3200)") && first.contains("largest distance 0.641 at (10, 10) pt [10, 10 px]")
                && first.contains("within x 10…31, y 10…30 pt [x 10…30, y 10…29 px]"), "\(first)")
        // At 2 px a point, positions read in the scene's points with the image's pixels beside.
        let d = FrameDifference(
            differingPixels: 9, totalPixels: 100, largestDistance: 0.5, largestAt: (155, 21),
            bounds: (x: 146, y: 18, width: 52, height: 28), sizeMismatch: false)
        #expect(
            GoldenSuite.describe("s", index: 1, time: 0.1, d, scale: 2).hasSuffix(
                "at (77.5, 10.5) pt [155, 21 px], within x 73…99, y 9…23 pt [x 146…197, y 18…45 px]"))
        #expect(o.frames.filter { !$0.passed }.count == 7)
    }

    @Test("a failing frame's expected picture is the golden PNG as recorded, its actual and difference decode to the frame's")
    func expectedPictureIsTheGolden() throws {
        let (box, o) = Self.movedSquare()
        let art = box.dir.appendingPathComponent("art")
        try GoldenArtifacts(root: art).write([o], orphans: [])
        let folder = art.appendingPathComponent(GoldenArtifacts.folderName(for: "square"))
        for f in o.frames where !f.passed {
            let name = String(format: "frame-%03d", f.index)
            let golden = try Data(contentsOf: box.store.folder(for: "square").appendingPathComponent("\(name).png"))
            #expect(try Data(contentsOf: folder.appendingPathComponent("\(name)-expected.png")) == golden, "\(name)")
            #expect(try PNGCodec.read(folder.appendingPathComponent("\(name)-actual.png")) == f.actual)
            let e = try #require(f.expected), a = try #require(f.actual)
            #expect(try PNGCodec.read(folder.appendingPathComponent("\(name)-diff.png")) == ImageComparison.diffImage(e, a))
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("strip.png").path))
    }

    @Test("pictures started early are the pictures write would have made, and write waits for them")
    func picturesStartedEarly() throws {
        let (box, o) = Self.movedSquare()
        let early = box.dir.appendingPathComponent("early"), late = box.dir.appendingPathComponent("late")
        let pending = GoldenArtifacts(root: early).startPictures(of: o.name, frames: o.frames)
        try GoldenArtifacts(root: early).write([o], orphans: [], animationsWhenDone: { [:] }, picturesStarted: [o.name: pending])
        try GoldenArtifacts(root: late).write([o], orphans: [])
        let names = try FileManager.default.contentsOfDirectory(atPath: late.appendingPathComponent("square").path).sorted()
        #expect(names.count == 7 * 3 + 1, "\(names)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: early.appendingPathComponent("square").path).sorted() == names)
        for name in names {
            #expect(
                try Data(contentsOf: early.appendingPathComponent("square/\(name)"))
                    == Data(contentsOf: late.appendingPathComponent("square/\(name)")), "\(name)")
        }
        #expect(
            try Data(contentsOf: early.appendingPathComponent("report.html"))
                == Data(contentsOf: late.appendingPathComponent("report.html")))
    }

    @Test("a 5 % colour change fails exactly, and passes a tolerance whose threshold is above it")
    func colourChange() throws {
        let box = Sandbox()
        let file = box.scenario("square", color: "#3060c0")
        _ = box.suite(.missing).run([file])
        box.scenario("square", color: "#3265ca")  // each channel about 5 % brighter
        let exact = box.suite(.never).run([file])[0]
        #expect(exact.status == .failed)
        let d = try #require(exact.frames.first?.difference)
        #expect(d.largestDistance > 0.02 && d.largestDistance < 0.1, "\(d.largestDistance)")
        let loose = box.suite(.never, tolerance: .override(GoldenSpec.Tolerance(threshold: 0.1, share: 0))).run([file])[0]
        #expect(loose.status == .passed, "\(loose.messages)")
        let tight = box.suite(.never, tolerance: .override(GoldenSpec.Tolerance(threshold: 0.01, share: 0.05))).run([file])[0]
        #expect(tight.status == .failed, "400 of 3200 pixels (12.5 %) is more than a 5 % share")
    }

    @Test("a chain that fires one frame late fails on the trace even where the pixels agree")
    func timingShift() throws {
        let box = Sandbox()
        let file = box.scenario("square", pulse: 0.3)
        _ = box.suite(.missing).run([file])
        box.scenario("square", pulse: 0.3 + 1.0 / 30)
        let o = box.suite(.never).run([file])[0]
        #expect(o.status == .failed)
        let trace = try #require(o.traceDifference)
        #expect(trace.contains("expected \"0.3000 stop box slide finished=true\", got \"0.3333 stop box slide finished=true\""), "\(trace)")
    }

    @Test("record modes: never fails on a missing golden, all re-records, failed re-records only failures")
    func recordModes() throws {
        let box = Sandbox()
        let a = box.scenario("a"), b = box.scenario("b")
        let never = box.suite(.never).run([a, b])
        #expect(never.map(\.status) == [.missing, .missing])
        #expect(never[0].messages.first?.contains("record them with `flipbook test --record missing") == true)
        #expect(!FileManager.default.fileExists(atPath: box.goldens.path), "never writes nothing")
        #expect(box.suite(.missing).run([a, b]).map(\.status) == [.recorded, .recorded])
        #expect(box.suite(.missing).run([a, b]).map(\.status) == [.passed, .passed])
        box.scenario("b", x: 20)
        #expect(box.suite(.failed).run([a, b]).map(\.status) == [.passed, .rerecorded])
        #expect(box.suite(.never).run([a, b]).map(\.status) == [.passed, .passed], "the re-recorded golden now matches")
        #expect(box.suite(.all).run([a, b]).map(\.status) == [.recorded, .recorded])
        #expect(try RecordMode.resolve(nil, environment: ["CI": "true"]) == .never)
        #expect(try RecordMode.resolve(nil, environment: [:]) == .missing)
        #expect(try RecordMode.resolve(nil, environment: ["CI": "true", "FLIPBOOK_RECORD": "all"]) == .all)
        #expect(try RecordMode.resolve("failed", environment: ["FLIPBOOK_RECORD": "all"]) == .failed)
        #expect(throws: GoldenError.self) { try RecordMode.resolve("sometimes", environment: [:]) }
    }

    @Test(
        "whenAFrameFails and whenFramesFail hear of a scenario whose frames fail, once, with its scenario (and frames); not of passing or re-recorded ones"
    )
    func framesFailHook() throws {
        final class Heard: @unchecked Sendable {
            let lock = NSLock()
            var names: [String] = []
            func add(_ name: String) { lock.withLock { names.append(name) } }
        }
        let box = Sandbox()
        let a = box.scenario("a"), b = box.scenario("b")
        _ = box.suite(.missing).run([a, b])
        box.scenario("b", x: 20)
        let heard = Heard(), early = Heard()
        var suite = box.suite(.never)
        suite.whenAFrameFails = { name, file, _ in
            #expect(file == b)
            early.add(name)
        }
        suite.whenFramesFail = { name, file, scenario, frames in
            #expect(file == b && scenario.duration == 0.6)
            #expect(frames.count == 7 && frames.contains { !$0.passed && $0.expected != nil && $0.actual != nil })
            heard.add(name)
        }
        #expect(suite.run([a, b]).map(\.status) == [.passed, .failed])
        #expect(heard.names == ["b"] && early.names == ["b"], "each hook once, for the failing scenario only")
        var rerecording = box.suite(.failed)
        rerecording.whenFramesFail = { name, _, _, _ in heard.add(name) }
        #expect(rerecording.run([a, b]).map(\.status) == [.passed, .rerecorded])
        #expect(heard.names == ["b"], "a scenario re-recorded is not reported failed")
    }

    @Test("a golden frame known by its checksums is not decoded; a wrong pixel checksum given makes it decode")
    func checksumGiven() throws {
        let box = Sandbox()
        let file = box.scenario("square")
        _ = box.suite(.missing).run([file])
        let recorded = try box.store.load("square")
        let scenario = try ScenarioLoader.load(file: file)
        let runtime = ScenarioRuntime(scenario: scenario)
        runtime.stage.advance(to: 0)
        let frame = try FrameRasterizer.rasterize(runtime.stage.snapshot(), background: scenario.canvas.background)
        let bytes = try recorded.frameFile(0)
        #expect(recorded.matchesWithoutDecoding(0, frame, file: bytes) == true)
        #expect(recorded.matchesWithoutDecoding(0, frame, file: bytes, pixelChecksum: GoldenManifest.pixelChecksum(frame)) == true)
        #expect(recorded.matchesWithoutDecoding(0, frame, file: bytes, pixelChecksum: "00000000 80x40") == nil)
    }

    @Test("shards partition the suite exactly, for any count")
    func shards() {
        let files = (0..<23).map { "s\($0).yaml" }
        for n in 1...7 {
            let parts = (1...n).map { GoldenSuite.shard(files, index: $0, count: n) }
            #expect(parts.flatMap { $0 }.sorted() == files.sorted())
            #expect(parts.map(\.count).reduce(0, +) == files.count)
            #expect(parts.map(\.count).max()! - parts.map(\.count).min()! <= 1)
        }
    }

    @Test("shards balanced by cost: each file once, the longest-processing-time rule, the same on every machine")
    func shardsByCost() {
        let files = (0..<9).map { "s\($0).yaml" }
        let costs: [Double] = [60, 1, 1, 1, 1, 1, 1, 1, 3]
        let parts = (1...3).map { GoldenSuite.shard(files, index: $0, count: 3, costs: costs) }
        #expect(parts.flatMap { $0 }.sorted() == files.sorted())
        // The 60 s scene alone (by count it would share its shard with two others); 5 s in each of the others.
        #expect(parts[0] == ["s0.yaml"])
        #expect(parts[1] == ["s4.yaml", "s6.yaml", "s8.yaml"] && parts[2] == ["s1.yaml", "s2.yaml", "s3.yaml", "s5.yaml", "s7.yaml"])
        // Equal costs: names break ties, so every machine cuts the same shards.
        let equal = (1...4).map { GoldenSuite.shard(files, index: $0, count: 4, costs: Array(repeating: 2, count: 9)) }
        #expect(equal.flatMap { $0 }.sorted() == files.sorted() && equal.map(\.count).max()! - equal.map(\.count).min()! <= 1)
        for n in 1...6 {
            let random = files.indices.map { Double(($0 * 37) % 11) }
            let split = (1...n).map { GoldenSuite.shard(files, index: $0, count: n, costs: random) }
            #expect(split.flatMap { $0 }.sorted() == files.sorted(), "every file in exactly one of \(n) shards")
        }
    }

    @Test("costs: recorded times, else instants × pixels at the timed scenes' rate, else the median")
    func shardCosts() {
        let box = Sandbox()
        let small = box.scenario("small"), big = box.scenario("big")
        let bigText = (try? String(contentsOfFile: big, encoding: .utf8)) ?? ""
        try? bigText.replacingOccurrences(of: "width: 80, height: 40", with: "width: 160, height: 80").write(
            toFile: big, atomically: true, encoding: .utf8)
        let broken = box.dir.appendingPathComponent("broken.yaml").path
        try? "canvas: [".write(toFile: broken, atomically: true, encoding: .utf8)
        let timings = SceneTimings(seconds: ["small": 0.5])
        let costs = GoldenSuite.costs(of: [small, big, broken], timings: timings)
        #expect(costs[0] == 0.5)
        // big has four times small's pixels at the same instants: four times its time.
        #expect(abs(costs[1] - 2) < 1e-9, "\(costs)")
        #expect(costs[2] == 2, "a file that cannot be read costs the median")
        #expect(GoldenSuite.costs(of: [small, big], timings: SceneTimings(seconds: ["small": 1, "big": 3])) == [1, 3])
    }

    @Test("orphan golden folders and a manifest from another machine are reported")
    func orphansAndEnvironment() throws {
        let box = Sandbox()
        let a = box.scenario("a"), gone = box.scenario("gone")
        _ = box.suite(.missing).run([a, gone])
        #expect(box.suite(.never).orphans(among: [a]) == ["gone"])
        // Another machine: a different Cairo and font file.
        let url = box.store.folder(for: "a").appendingPathComponent("manifest.json")
        var manifest = try JSONDecoder().decode(GoldenManifest.self, from: Data(contentsOf: url))
        manifest.libraries["cairo"] = "1.14.0"
        manifest.fonts[0].checksum = "crc32:00000000 size:1"
        try JSONEncoder().encode(manifest).write(to: url)
        let o = box.suite(.never).run([a])[0]
        #expect(o.environmentNotes.first?.hasPrefix("cairo differs: recorded with 1.14.0, here ") == true, "\(o.environmentNotes)")
        #expect(o.environmentNotes.contains { $0.hasPrefix("font Liberation Sans differs: recorded with") })
    }

    @Test("a scenario's golden settings: fps, named instants and its tolerance")
    func scenarioSettings() throws {
        let box = Sandbox()
        let file = box.scenario("tuned", golden: "golden: { fps: 5, at: [0.35], tolerance: { threshold: 0.2, share: 0.5 } }")
        _ = box.suite(.missing).run([file])
        #expect(try box.store.load("tuned").manifest.times == [0, 0.2, 0.35, 0.4, 0.6])
        box.scenario("tuned", x: 11, golden: "golden: { fps: 5, at: [0.35], tolerance: { threshold: 0.2, share: 0.5 } }")
        #expect(box.suite(.never).run([file])[0].status == .passed, "within its own tolerance")
        #expect(box.suite(.never, tolerance: .exact).run([file])[0].status == .failed, "--exact ignores the scenario's tolerance")
        let strict = GoldenSpec.Tolerance(threshold: 0, share: 0)
        #expect(box.suite(.never, tolerance: .override(strict)).run([file])[0].status == .failed, "an override replaces it")
    }
}

@Suite("the tolerance model")
struct ToleranceModelTests {
    func solid(_ rgba: [UInt8], count: Int = 16) -> PixelBuffer {
        PixelBuffer(width: 4, height: count / 4, rgba: Array((0..<count).flatMap { _ in rgba }))
    }

    @Test("YIQ distances on known pairs (pixelmatch's model)")
    func knownPairs() {
        let black = solid([0, 0, 0, 255]), white = solid([255, 255, 255, 255])
        #expect(ImageComparison.compare(black, black).isIdentical)
        let bw = ImageComparison.compare(white, black)
        // White against black: Y differs by 255, I and Q not at all: sqrt(0.5053 · 255² / 35215).
        #expect(
            abs(bw.largestDistance - (0.5053 * 255.0 * 255.0 / 35215).squareRoot()) < 1e-6 && bw.differingPixels == 16 && bw.share == 1,
            "\(bw.largestDistance)")
        // Transparent is white: a clear pixel and a white one do not differ.
        #expect(ImageComparison.compare(white, solid([0, 0, 0, 0])).largestDistance == 0)
        // Mid grey against white: the Y difference alone, sqrt(0.5053) · 127.5 / sqrt(35215).
        let grey = ImageComparison.compare(white, solid([128, 128, 128, 255]))
        let expected = (0.5053 * 127.0 * 127.0 / 35215).squareRoot()
        #expect(abs(grey.largestDistance - expected) < 1e-6, "\(grey.largestDistance) vs \(expected)")
        // A threshold above the distance lets it pass; below, it counts.
        let t = GoldenSpec.Tolerance(threshold: expected + 0.01, share: 0)
        #expect(ImageComparison.compare(white, solid([128, 128, 128, 255]), tolerance: t).passes(t))
        let u = GoldenSpec.Tolerance(threshold: expected - 0.01, share: 0)
        #expect(!ImageComparison.compare(white, solid([128, 128, 128, 255]), tolerance: u).passes(u))
        // Sizes that differ never pass.
        #expect(!ImageComparison.compare(white, PixelBuffer(width: 2, height: 2, rgba: Array(repeating: 255, count: 16))).passes(t))
    }

    @Test("a one-pixel change reports its box and place, however loose the share")
    func smallChangeLocated() {
        var pixels = Array(repeating: UInt8(255), count: 20 * 20 * 4)
        let i = (7 * 20 + 13) * 4
        pixels[i] = 0
        pixels[i + 1] = 0
        let d = ImageComparison.compare(
            PixelBuffer(width: 20, height: 20, rgba: Array(repeating: 255, count: 1600)),
            PixelBuffer(width: 20, height: 20, rgba: pixels))
        #expect(d.differingPixels == 1 && d.largestAt == (13, 7))
        #expect(d.bounds.map { [$0.x, $0.y, $0.width, $0.height] } == [13, 7, 1, 1])
        #expect(d.passes(GoldenSpec.Tolerance(threshold: 0, share: 0.01)), "1 of 400 is within 1 %…")
        #expect(d.largestDistance > 0.5, "…but the report still shows a large distance at (13, 7)")
    }

    @Test("anti-aliased edge pixels can be ignored")
    func antialiasing() throws {
        func circle(_ dx: Double) throws -> PixelBuffer {
            let stage = Stage(size: CGSize(width: 40, height: 40), scale: 1)
            let dot = CAShapeLayer()
            dot.path = UIBezierPath(ovalIn: CGRect(x: 8 + dx, y: 8, width: 24, height: 24)).cgPath
            stage.rootLayer.addSublayer(dot)
            stage.advance(to: 0)
            return try FrameRasterizer.rasterize(stage.snapshot(), background: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        }
        let a = try circle(0), b = try circle(0.3)
        let strict = ImageComparison.compare(a, b, tolerance: GoldenSpec.Tolerance(threshold: 0.05, share: 0))
        let lenient = ImageComparison.compare(a, b, tolerance: GoldenSpec.Tolerance(threshold: 0.05, share: 0, ignoreAntialiasing: true))
        #expect(strict.differingPixels > 0)
        #expect(lenient.differingPixels < strict.differingPixels, "\(lenient.differingPixels) vs \(strict.differingPixels)")
    }
}

/// The helpers that put page files and data together (HTMLPage, Pages/).
@Suite("page assembly")
struct PageAssemblyTests {
    @Test("data for a page's script cannot end its script element early")
    func dataStaysInItsScript() throws {
        let html = HTMLPage.data(["</script><script>alert(1)</script>"], id: "d")
        #expect(html.hasPrefix("<script id=\"d\" type=\"application/json\">") && html.hasSuffix("</script>\n"))
        #expect(html.components(separatedBy: "</script>").count == 2, "\(html)")
        let json = html.dropFirst("<script id=\"d\" type=\"application/json\">".count).dropLast("</script>\n".count)
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String] == ["</script><script>alert(1)</script>"])
    }

    @Test("a page's data has its keys sorted and every </ escaped, at the ends too")
    func dataIsDeterministic() {
        struct Keys: Encodable {
            var zebra = 1, apple = 2, mango = "</"
        }
        #expect(
            HTMLPage.data(Keys(), id: "k")
                == "<script id=\"k\" type=\"application/json\">{\"apple\":2,\"mango\":\"<\\/\",\"zebra\":1}</script>\n")
        #expect(HTMLPage.escapingClosingTags(Data("</a</".utf8)) == Array("<\\/a<\\/".utf8))
        #expect(HTMLPage.escapingClosingTags(Data("<".utf8)) == Array("<".utf8))
        #expect(HTMLPage.escapingClosingTags(Data()) == [])
    }

    @Test("templates are filled by name; the embedded page files are there")
    func fill() {
        #expect(HTMLPage.fill("<b>{{a}}</b>{{b}}", ["a": "1", "b": "2"]) == "<b>1</b>2")
        #expect(HTMLPage.head(title: "t", style: "").contains("body {") && EmbeddedPages.reportJS.contains("swipe-slider"))
    }
}
