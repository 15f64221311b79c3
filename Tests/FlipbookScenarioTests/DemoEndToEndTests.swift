import Flipbook
import Foundation
import ProcessTestSupport
import Testing

@Suite("demo scenario end to end")
struct DemoEndToEndTests {
    static let demo = packageRoot.appendingPathComponent("scenarios/demo.yaml").path

    @Test("every scenario in scenarios/ and its folders loads")
    func allScenariosLoad() throws {
        let dir = packageRoot.appendingPathComponent("scenarios")
        let files = (FileManager.default.enumerator(atPath: dir.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".yaml") }
        #expect(files.contains("loaders/orbit.yaml"))
        for f in files {
            do {
                let scenario = try ScenarioLoader.load(file: dir.appendingPathComponent(f).path)
                // Something to draw, something to compare: layers, frames, and its goldens in golden/.
                #expect(!scenario.layers.isEmpty && scenario.frameCount >= 1, "\(f)")
                let name = URL(fileURLWithPath: f).deletingPathExtension().lastPathComponent
                #expect(
                    FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("golden/\(name)/manifest.json").path),
                    "\(f) has goldens")
            } catch {
                Issue.record("\(f): \(error)")
            }
        }
    }

    @Test("demo.yaml renders to a GIF with the right frames, delays, size and colours")
    func renderDemo() throws {
        let scenario = try ScenarioLoader.load(file: Self.demo)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let gifURL = out.appendingPathComponent("demo.gif"), stripURL = out.appendingPathComponent("demo.png")
        let runtime = ScenarioRuntime(scenario: scenario)
        let result = try runtime.render(outputs: RenderOutputs(animation: gifURL, filmstrip: stripURL))
        #expect(result.frameCount == 63)  // round(2.1 s × 30 fps)

        let gif = try GIFReader.read(gifURL)
        #expect(gif.frames.count == 63)
        #expect(gif.width == 320 && gif.height == 120, "\(gif.width)×\(gif.height)")  // 160×60 pt at 2x
        #expect(gif.delays.reduce(0, +) == 210)
        #expect(Array(gif.delays.prefix(3)) == [3, 3, 4])
        #expect(gif.loopCount == 0)

        // dot1's centre is at (50, 30) pt = (100, 60) px. At frame 0 it is light grey (200);
        // half way through its 0.35 s pulse (t = 0.175 s, between frames 5 and 6) it is near
        // (60, 60, 60); at frame 5 (t = 0.1667) the colour is 200 − 140 × 0.1667/0.175.
        let start = gif.frames[0].pixel(x: 100, y: 60)
        #expect(start.r == 200 && start.g == 200 && start.b == 200)
        let mid = gif.frames[5].pixel(x: 100, y: 60)
        let expected = 200.0 - 140.0 * (5.0 / 30.0) / 0.175
        #expect(abs(Double(mid.r) - expected) <= 2, "dot1 at frame 5 is \(mid), expected ≈ \(expected)")
        // The pulse scales the dot 1.5×: at frame 5 a pixel 6.5 pt from the centre is inked,
        // at frame 0 it is background.
        #expect(gif.frames[0].pixel(x: 113, y: 60).r == 254)
        #expect(gif.frames[5].pixel(x: 113, y: 60).r < 200)
        // dot2 takes over after 0.35 s: at t = 0.525 (frame 16 ≈ 0.533) dot2 is dark, dot1 is back.
        #expect(gif.frames[16].pixel(x: 160, y: 60).r < 100)
        #expect(gif.frames[16].pixel(x: 100, y: 60).r == 200)
        #expect(FileManager.default.fileExists(atPath: stripURL.path))
    }

    @Test("the bytes do not depend on the thread count")
    func deterministicAcrossThreads() throws {
        let scenario = try ScenarioLoader.load(file: Self.demo)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-threads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var outputs: [Data] = []
        for threads in [1, 3, 8] {
            let url = dir.appendingPathComponent("t\(threads).gif")
            _ = try ScenarioRuntime(scenario: scenario).render(outputs: RenderOutputs(animation: url), threads: threads)
            outputs.append(try Data(contentsOf: url))
        }
        #expect(outputs[0] == outputs[1] && outputs[1] == outputs[2])
    }

    @Test("the slow variant doubles the pulse")
    func variant() throws {
        let slow = try ScenarioLoader.load(file: Self.demo, variant: "slow")
        let runtime = ScenarioRuntime(scenario: slow)
        runtime.stage.advance(to: 0.5)
        // With a 0.7 s pulse, dot2 has not started at 0.5 s.
        #expect(runtime.layers["dot2"]?.animationKeys() == nil)
        #expect(runtime.layers["dot1"]?.animation(forKey: "pulse")?.duration == 0.7)
    }

    @Test("the chain loops 1 → 2 → 3 → 1 with seamless stop and start times")
    func chainTrace() throws {
        let runtime = ScenarioRuntime(scenario: try ScenarioLoader.load(file: Self.demo))
        runtime.stage.advance(to: 1.2)
        let starts = runtime.stage.trace.filter { $0.kind == .animationDidStart }.map { ($0.layer ?? "", $0.time) }
        #expect(starts.map(\.0) == ["dot1", "dot2", "dot3", "dot1"])
        for (i, s) in starts.enumerated() { #expect(abs(s.1 - 0.35 * Double(i)) < 1e-9) }
    }
}
