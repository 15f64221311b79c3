import Flipbook
import Foundation

/// Prints benchmark figures (docs/benchmarks.md). Not a test: numbers, not pass/fail.
/// Usage: flipbook-bench [engine] [render] [png] [table] [thumbnail] [decode] [autolayout] [offsets] [dynamics]
let arguments = Set(CommandLine.arguments.dropFirst())
let runAll = arguments.isEmpty

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s[s.count / 2]
}

/// One frame of N layers with 3 active animations each: the time to evaluate every
/// presentation value, and the time to build the full snapshot.
func engineBenchmark(layers n: Int) {
    let stage = Stage(size: CGSize(width: 375, height: 667), scale: 2)
    var all: [CALayer] = []
    for i in 0..<n {
        let l = CALayer()
        l.frame = CGRect(x: Double(i % 37) * 10, y: Double(i / 37 % 66) * 10, width: 8, height: 8)
        l.backgroundColor = UIColor.gray.cgColor
        stage.rootLayer.addSublayer(l)
        let move = CABasicAnimation(keyPath: "position.x")
        move.byValue = 20
        move.duration = 1
        move.repeatCount = .infinity
        move.autoreverses = true
        move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.values = [1, 0.3, 1]
        fade.keyTimes = [0, 0.5, 1]
        fade.duration = 0.8
        fade.repeatCount = .infinity
        let scale = CABasicAnimation(keyPath: "transform.scale")
        scale.fromValue = 1
        scale.toValue = 1.5
        scale.duration = 0.6
        scale.repeatCount = .infinity
        l.add(move, forKey: "move")
        l.add(fade, forKey: "fade")
        l.add(scale, forKey: "scale")
        all.append(l)
    }
    // The first advance commits every layer and fires 3·N animationDidStart events.
    let firstAdvance = seconds { stage.advance(to: 0.1) }
    var evalTimes: [Double] = [], snapTimes: [Double] = [], advanceTimes: [Double] = []
    var t = 0.1
    for _ in 0..<30 {
        t += 1.0 / 60
        advanceTimes.append(seconds { stage.advance(to: t) })
        evalTimes.append(seconds { for l in all { _ = l.presentationState(at: t) } })
        snapTimes.append(seconds { _ = stage.snapshot() })
    }
    print(
        String(
            format:
                "engine: %6d layers × 3 animations: evaluate %.3f ms, snapshot %.3f ms, advance %.3f ms per frame (median of 30); first advance %.1f ms",
            n, median(evalTimes) * 1000, median(snapTimes) * 1000, median(advanceTimes) * 1000, firstAdvance * 1000))
}

if runAll || arguments.contains("engine") {
    engineBenchmark(layers: 1_000)
    engineBenchmark(layers: 10_000)
}

/// Phases of rendering a scenario: advancing and snapshotting, rasterizing (one thread),
/// and GIF encoding, per frame.
func renderBenchmark(_ path: String) throws {
    let scenario = try ScenarioLoader.load(file: path)
    let runtime = ScenarioRuntime(scenario: scenario)
    let stage = runtime.stage
    let count = scenario.frameCount
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "flipbook-bench-\(ProcessInfo.processInfo.processIdentifier).gif")
    let gif = try GIFWriter(
        url: url, width: Int(scenario.canvas.width * scenario.canvas.scale),
        height: Int(scenario.canvas.height * scenario.canvas.scale))
    var tSnap = 0.0, tRaster = 0.0, tGIF = 0.0
    let delays = GIFWriter.delays(count: count, fps: scenario.fps)
    for k in 0..<count {
        var snap: FrameSnapshot?
        tSnap += seconds {
            stage.advance(to: Double(k) / scenario.fps)
            snap = stage.snapshot()
        }
        var px: PixelBuffer?
        tRaster += seconds { px = try? FrameRasterizer.rasterize(snap!, background: scenario.canvas.background) }
        tGIF += seconds { try? gif.add(px!, delay: delays[k]) }
    }
    tGIF += seconds { try? gif.finish() }
    try? FileManager.default.removeItem(at: url)
    let n = Double(count)
    print(
        String(
            format: "render: %@: %d frames; per frame: advance+snapshot %.3f ms, rasterize %.3f ms, GIF %.3f ms",
            (path as NSString).lastPathComponent, count, tSnap / n * 1000, tRaster / n * 1000, tGIF / n * 1000))
}

if runAll || arguments.contains("render") {
    for scene in ["scenarios/bench-pulse3.yaml", "scenarios/bench-wave.yaml"] {
        do { try renderBenchmark(scene) } catch { print("render: \(scene): \(error)") }
    }
}

/// PNG frames: our zlib writer at several levels against Cairo's own writer, on the wave
/// scene's frames (one thread, ms per frame and bytes per frame).
func pngBenchmark(_ path: String) throws {
    let scenario = try ScenarioLoader.load(file: path)
    let runtime = ScenarioRuntime(scenario: scenario)
    let stage = runtime.stage
    var frames: [PixelBuffer] = []
    for k in stride(from: 0, to: scenario.frameCount, by: max(1, scenario.frameCount / 12)) {
        stage.advance(to: Double(k) / scenario.fps)
        frames.append(try FrameRasterizer.rasterize(stage.snapshot(), background: scenario.canvas.background))
    }
    withExtendedLifetime(runtime) {}
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
        "flipbook-png-bench-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    func size(_ url: URL) -> Int { (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0 }
    var bytes = 0
    let cairo = seconds {
        for (i, f) in frames.enumerated() {
            let u = dir.appendingPathComponent("c\(i).png")
            try? PNGCodec.writeThroughCairo(f, to: u)
            bytes += size(u)
        }
    }
    print(
        String(
            format: "png: %@: Cairo's writer %.1f ms/frame, %d bytes/frame", (path as NSString).lastPathComponent,
            cairo / Double(frames.count) * 1000, bytes / frames.count))
    for level: Int32 in [1, 2, 3, 6] {
        var total = 0
        let t = seconds { for f in frames { total += (try? PNGCodec.encode(f, level: level))?.count ?? 0 } }
        print(
            String(
                format: "png: %@: zlib level %d %.1f ms/frame, %d bytes/frame", (path as NSString).lastPathComponent,
                level, t / Double(frames.count) * 1000, total / frames.count))
    }
}

if runAll || arguments.contains("png") {
    do { try pngBenchmark("scenarios/bench-wave.yaml") } catch { print("png: \(error)") }
}

/// A table scrolled for 10 s at 60 fps: 10,000 rows flicked through end to end against a
/// one-screen table moved by the same amounts inside its bounce range. Only the rows on screen
/// exist, so the per-frame cost (advance + snapshot + rasterize, one thread) should match.
func tableBenchmark(rows: Int, sweep: Bool) {
    final class Rows: NSObject, UITableViewDataSource {
        let count: Int
        init(count: Int) { self.count = count }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = "Row \(indexPath.row)"
            return cell
        }
    }
    let stage = Stage(size: CGSize(width: 320, height: 480), scale: 2)
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
    let source = Rows(count: rows)
    table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    table.dataSource = source
    stage.rootView.addSubview(table)
    var tAdvance = 0.0, tRaster = 0.0
    let setup = seconds { stage.advance(to: 0) }
    let frames = 600
    let span = max(0, Double(rows) * 44 - 480)
    for k in 1...frames {
        let t = Double(k) / 60
        // A sweep travels through every row (44,000 pt/s for 10,000 rows: every cell is
        // replaced every frame); otherwise the content sways 40 pt, as a one-screen table can.
        let y = sweep ? span * Double(k) / Double(frames) : 40 * sin(Double(k) / 10)
        var snap: FrameSnapshot?
        tAdvance += seconds {
            table.contentOffset.y = y
            stage.advance(to: t)
            snap = stage.snapshot()
        }
        tRaster += seconds { _ = try? FrameRasterizer.rasterize(snap!) }
    }
    withExtendedLifetime(source) {}
    print(
        String(
            format:
                "table: %6d rows, %@, 10 s at 60 fps: per frame advance+snapshot %.3f ms, rasterize %.3f ms; setup %.1f ms; %d subviews",
            rows, sweep ? "swept end to end" : "swaying 40 pt", tAdvance / Double(frames) * 1000, tRaster / Double(frames) * 1000,
            setup * 1000, table.subviews.count))
}

if runAll || arguments.contains("dynamics") {
    for count in [10, 100, 400] { dynamicsBenchmark(count: count) }
}

if runAll || arguments.contains("table") {
    tableBenchmark(rows: 11, sweep: false)
    tableBenchmark(rows: 10_000, sweep: false)
    tableBenchmark(rows: 10_000, sweep: true)
}

/// Auto Layout: a screen of 100 views held by 500 constraints, solved from nothing, then one
/// constant changed and solved again each frame (what an animated drawer costs), against 16.7 ms.
func autoLayoutBenchmark() {
    let stage = Stage(size: CGSize(width: 375, height: 667), scale: 2)
    let root = stage.rootView
    var previous: UIView = root
    var moving: NSLayoutConstraint?
    let first = seconds {
        for i in 0..<100 {
            let v = UIView()
            v.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(v)
            let top = v.topAnchor.constraint(equalTo: i == 0 ? root.topAnchor : previous.bottomAnchor, constant: 1)
            if i == 0 { moving = top }
            NSLayoutConstraint.activate([
                v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: CGFloat(i % 7)),
                v.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor), top,
                v.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5, constant: CGFloat(i % 5)),
                v.heightAnchor.constraint(equalToConstant: 5)
            ])
            previous = v
        }
        stage.advance(to: 0)
    }
    var times: [Double] = []
    for k in 1...120 {
        times.append(
            seconds {
                moving?.constant = CGFloat(k % 40)
                stage.advance(to: Double(k) / 60)
            })
    }
    print(
        String(
            format:
                "autolayout: 100 views, 500 constraints: first solve and layout %.2f ms; a constant changed, solved and laid out again: median %.3f ms a frame (budget 16.7 ms)",
            first * 1000, median(times) * 1000))
}

if runAll || arguments.contains("autolayout") { autoLayoutBenchmark() }

/// Making a 373 × 220 frame (the recording row's crop) small enough for compare's offset
/// refinement (116 × 69): Cairo's averaging filter against `areaAveraged` (ms per frame, median
/// of 15 runs of 40 frames).
func thumbnailBenchmark() throws {
    var rng = SystemRandomNumberGenerator()
    let frame = PixelBuffer(
        width: 373, height: 220, premultipliedARGB: (0..<373 * 220).map { _ in 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &rng) }
    )
    var cairo: [Double] = [], averaged: [Double] = []
    for _ in 0..<15 {
        cairo.append(seconds { for _ in 0..<40 { _ = try? frame.resized(width: 116, height: 69) } } / 40)
        averaged.append(seconds { for _ in 0..<40 { _ = frame.areaAveraged(width: 116, height: 69) } } / 40)
    }
    print(
        String(
            format: "thumbnail: 373×220 → 116×69: Cairo's filter %.3f ms, areaAveraged %.3f ms", median(cairo) * 1000,
            median(averaged) * 1000))
}

if runAll || arguments.contains("thumbnail") {
    do { try thumbnailBenchmark() } catch { print("thumbnail: \(error)") }
}

/// Golden frames decoded as a failing `flipbook test` decodes them (golden/demo's 22 PNGs,
/// 320×120): ms per frame, median of 15 passes.
func decodeBenchmark() {
    let dir = "golden/demo"
    let files = (try? FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".png") }.sorted()) ?? []
    let bytes = files.compactMap { FileManager.default.contents(atPath: dir + "/" + $0).map { Array($0) } }
    guard !bytes.isEmpty else { return print("decode: no PNGs in \(dir) (run from the repository)") }
    var times: [Double] = []
    for _ in 0..<15 { times.append(seconds { for b in bytes { _ = try? PNGCodec.decode(b, name: "frame") } } / Double(bytes.count)) }
    print(String(format: "decode: %d golden frames of %@: %.3f ms a frame", bytes.count, dir, median(times) * 1000))
}

if runAll || arguments.contains("decode") { decodeBenchmark() }

if arguments.contains("offsets") {
    do { try offsetBenchmark(casesPerScene: 50) } catch { print("offsets: \(error)") }
}
