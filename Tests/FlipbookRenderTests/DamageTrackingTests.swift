import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookRender
@testable import FlipbookUIKit

/// The render loop redraws only the rows that changed (docs/architecture.md, "Damage"); these
/// hold it to the pixels a whole-frame draw gives, on random scenes of everything band-safe.
@Suite("damage tracking")
struct DamageTrackingTests {
    static let white = RGBA(red: 1, green: 1, blue: 1, alpha: 1)
    static let seeds = 0..<UInt64(120)

    @Test("a band of rows redrawn over other pixels comes out as the whole frame draws those rows", arguments: seeds)
    func bandRedrawIsExact(seed: UInt64) throws {
        var r = SeededRandom(seed: seed)
        let scene = RandomSnapshots.scene(&r)
        #expect(BandSafety.allows(scene))
        let whole = try FrameRasterizer.rasterize(scene, background: Self.white)
        // Start from another scene's pixels, so nothing right is there by chance.
        var words = try FrameRasterizer.rasterize(RandomSnapshots.scene(&r), background: Self.white).premultipliedARGB
        let before = words
        let h = whole.height, w = whole.width
        let top = r.index(h), bottom = top + 1 + r.index(h - top)
        try FrameRasterizer.redraw(scene, rows: top..<bottom, in: &words, width: w, background: Self.white)
        let differing = (top..<bottom).filter { y in words[y * w..<(y + 1) * w] != whole.premultipliedARGB[y * w..<(y + 1) * w] }
        #expect(differing.isEmpty, "seed \(seed): rows \(differing.prefix(5)) of band \(top)..<\(bottom) differ from the whole frame")
        #expect(
            words[..<(top * w)] == before[..<(top * w)] && words[(bottom * w)...] == before[(bottom * w)...],
            "rows outside the band were touched")
    }

    @Test("the damage rows hold every pixel that differs between two snapshots", arguments: seeds)
    func damageHoldsEveryChange(seed: UInt64) throws {
        var r = SeededRandom(seed: seed)
        let old = RandomSnapshots.scene(&r)
        let new = RandomSnapshots.changed(old, &r)
        let a = try FrameRasterizer.rasterize(old, background: Self.white), b = try FrameRasterizer.rasterize(new, background: Self.white)
        let rows = try #require(DamageRows.between(old, new, height: a.height), "seed \(seed): a band-safe change was not bounded")
        let w = a.width
        let changed = (0..<a.height).filter { y in a.premultipliedARGB[y * w..<(y + 1) * w] != b.premultipliedARGB[y * w..<(y + 1) * w] }
        let outside = changed.filter { !rows.contains($0) }
        #expect(outside.isEmpty, "seed \(seed): rows \(outside.prefix(5)) changed outside the damage \(rows)")
    }

    @Test("a layer's box holds all its ink", arguments: seeds)
    func boxHoldsInk(seed: UInt64) throws {
        var r = SeededRandom(seed: seed)
        let layer = RandomSnapshots.layer(&r, depth: 0)
        var root = LayerSnapshot(state: LayerState())
        root.state.bounds = CGRect(origin: .zero, size: RandomSnapshots.size)
        root.state.position = CGPoint(x: RandomSnapshots.size.width / 2, y: RandomSnapshots.size.height / 2)
        root.sublayers = [layer]
        let scene = FrameSnapshot(time: 0, size: RandomSnapshots.size, scale: RandomSnapshots.scale, root: root)
        let pixels = try FrameRasterizer.rasterize(scene, background: nil)  // transparent: any ink shows
        let device = AffineMap(a: RandomSnapshots.scale, d: RandomSnapshots.scale)
        let rootMap = LayerExtents.map(of: root.state, parent: nil, parentMap: device)
        let box = try #require(LayerExtents.box(of: layer, parent: ParentTransform.of(root.state), parentMap: rootMap))
        var escaped: [(Int, Int)] = []
        for y in 0..<pixels.height {
            for x in 0..<pixels.width where pixels.premultipliedARGB[y * pixels.width + x] != 0 {
                if !box.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) { escaped.append((x, y)) }
            }
        }
        #expect(escaped.isEmpty, "seed \(seed): \(escaped.count) inked pixels outside \(box), e.g. \(escaped.prefix(3))")
    }

    /// Records where each frame's pixels live, keeping no frame.
    final class FrameAddresses: RenderSink, @unchecked Sendable {
        var seen = Set<Int>()
        func consume(_ frame: PixelBuffer, index: Int, prepared: (any Sendable)?) throws {
            frame.premultipliedARGB.withUnsafeBufferPointer { _ = seen.insert(Int(bitPattern: $0.baseAddress)) }
        }
        func finish() throws {}
        func cancel() {}
    }

    @Test(
        "a GIF render draws every frame in the same two buffers, serially, in parallel or switching: none is allocated or copied per frame",
        arguments: [LoopThreading.serial, .parallel, .switching])
    func noBufferPerFrame(threading: LoopThreading) throws {
        let gif = try GIFSink(url: temporaryDirectory().appendingPathComponent("square.gif"))
        let addresses = FrameAddresses()
        // Two threads: one draws while the GIF is coded on the other (two slots either way).
        let result = try movingSquareStage().renderFrames(
            duration: 0.5, fps: 30, sinks: [gif, addresses], background: Self.white,
            threads: threading == .serial ? 1 : 2, progress: nil, threading: threading,
            redraw: .damaged)
        #expect(result.frameCount == 15)
        #expect(addresses.seen.count == 2, "\(threading): \(addresses.seen.count) buffers for 15 frames")
    }

    @Test("what bands cannot draw exactly makes the whole frame redrawn")
    func unsafeContent() {
        var r = SeededRandom(seed: 7)
        let safe = RandomSnapshots.scene(&r)
        var gradient = safe, shadow = safe, image = safe, projected = safe
        gradient.root.sublayers[0].content = .gradient(GradientStyle(type: .axial))
        shadow.root.sublayers[0].state.hidden = false
        shadow.root.sublayers[0].state.opacity = 1
        shadow.root.sublayers[0].state.masksToBounds = false
        shadow.root.sublayers[0].state.shadowOpacity = 0.5
        image.root.sublayers[0].state.hidden = false
        image.root.sublayers[0].state.opacity = 1
        image.root.sublayers[0].state.contents = LayerImage(width: 1, height: 1, rgba: [0, 0, 0, 255])
        projected.root.sublayers[0].state.hidden = false
        projected.root.sublayers[0].state.opacity = 1
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        projected.root.sublayers[0].state.transform = CATransform3DRotate(perspective, 0.5, 0, 1, 0)
        gradient.root.sublayers[0].state.hidden = false
        gradient.root.sublayers[0].state.opacity = 1
        #expect(BandSafety.allows(safe))
        for (name, scene) in [("gradient", gradient), ("shadow", shadow), ("image", image), ("perspective", projected)] {
            #expect(!BandSafety.allows(scene), "\(name) allowed in bands")
        }
        // A changed layer whose ink is not bounded (a gradient) damages everything.
        var changed = gradient
        changed.root.sublayers[0].state.position.x += 5
        #expect(DamageRows.between(gradient, changed, height: 140) == nil)
        // The same snapshot damages nothing.
        #expect(DamageRows.between(safe, safe, height: 140) == 0..<0)
    }
}
