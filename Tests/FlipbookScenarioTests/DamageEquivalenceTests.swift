import Flipbook
import Foundation
import ProcessTestSupport
import Testing

@testable import FlipbookRender

/// Every scenario in scenarios/ renders the same frames whether the loop redraws only what
/// changed or every row, and serially or on several threads (docs/architecture.md, "Damage").
@Suite("damage tracking on the scenarios")
struct DamageEquivalenceTests {
    /// Records a hash of each frame, in order, and keeps no frame.
    final class FrameHashes: RenderSink, @unchecked Sendable {
        var hashes: [Int] = []
        func consume(_ frame: PixelBuffer, index: Int, prepared: (any Sendable)?) throws {
            var h = Hasher()
            frame.premultipliedARGB.withUnsafeBytes { h.combine(bytes: $0) }
            hashes.append(h.finalize())
        }
        func finish() throws {}
        func cancel() {}
    }

    static let files: [String] = {
        let dir = packageRoot.appendingPathComponent("scenarios")
        let all = FileManager.default.enumerator(atPath: dir.path)?.allObjects as? [String] ?? []
        return all.filter { $0.hasSuffix(".yaml") }.sorted()
    }()

    @Test("bands or whole frames, one thread or two: the same frames", arguments: files)
    func sameFrames(file: String) throws {
        let path = packageRoot.appendingPathComponent("scenarios").appendingPathComponent(file).path
        let scenario = try ScenarioLoader.load(file: path)
        // 15 fps and at most 4 s keep the debug build quick; frames far apart change more.
        let fps = min(scenario.fps, 15), duration = min(scenario.duration, 4)
        func frames(_ redraw: LoopRedraw, _ threading: LoopThreading, threads: Int) throws -> [Int] {
            let runtime = ScenarioRuntime(scenario: scenario)
            let sink = FrameHashes()
            _ = try runtime.stage.renderFrames(
                duration: duration, fps: fps, sinks: [sink], background: scenario.canvas.background,
                threads: threads, progress: nil, threading: threading, redraw: redraw)
            return sink.hashes
        }
        let whole = try frames(.whole, .serial, threads: 1)
        #expect(whole.count == Stage.frameCount(duration: duration, fps: fps))
        let others: [(LoopRedraw, LoopThreading, Int)] = [
            (.damaged, .serial, 1), (.damaged, .parallel, 2), (.damaged, .parallel, 3),
            (.damaged, .switching, 2)
        ]
        for (redraw, threading, threads) in others {
            let got = try frames(redraw, threading, threads: threads)
            let first = zip(whole, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            #expect(
                got == whole, "\(file): \(redraw), \(threading) on \(threads) threads differs from whole frames at frame \(first ?? -1)")
        }
    }
}
