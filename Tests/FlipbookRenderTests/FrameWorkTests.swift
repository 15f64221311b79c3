import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookRender
@testable import FlipbookUIKit

/// One frame's work is bounded across the whole scene (docs/limits.md, "One frame"): past a
/// bound, what is left of that kind is not drawn, and the render says which bound it met.
@Suite("one frame's work")
struct FrameWorkTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

    /// A `side`-point square stage holding a replicator of `count` copies of a red square
    /// `layer` of `layerSide` points at the origin; `layer` is returned to adjust.
    func replicated(side: Double, count: Int, layerSide: Double) -> (Stage, CAReplicatorLayer, CALayer) {
        let stage = Stage(size: CGSize(width: side, height: side), scale: 1)
        let r = CAReplicatorLayer()
        r.frame = CGRect(x: 0, y: 0, width: side, height: side)
        r.instanceCount = count
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: layerSide, height: layerSide)
        layer.backgroundColor = red
        r.addSublayer(layer)
        stage.rootLayer.addSublayer(r)
        return (stage, r, layer)
    }

    /// Draws the stage's frame once, returning the limits it ran into (`bounds`: smaller ones).
    func draw(_ stage: Stage, bounds: [FrameWork.Kind: Int] = [:]) throws -> [String] {
        let log = DrawLimitLog(bounds: bounds)
        _ = try FrameRasterizer.rasterize(stage.snapshot(), background: nil, limits: log)
        return log.messages
    }

    @Test("nested replicators asking for 1e18 copies draw the frame's copy budget, the first copies first, and say so")
    func nestedReplicators() throws {
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        var parent = stage.rootLayer
        for _ in 0..<3 {
            let r = CAReplicatorLayer()
            r.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            r.instanceCount = Int(1e18)
            r.instanceTransform = CATransform3DMakeTranslation(0.001, 0, 0)
            parent.addSublayer(r)
            parent = r
        }
        let dot = CALayer()
        dot.frame = CGRect(x: 10, y: 10, width: 5, height: 5)
        dot.backgroundColor = red
        parent.addSublayer(dot)
        stage.advance(to: 0)
        let messages = try draw(stage)
        #expect(messages == [FrameWork.Kind.copies.message(limit: CAReplicatorLayer.maximumCopiesPerFrame)])
        let px = try FrameRasterizer.rasterize(stage.snapshot(), background: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(px.rgb(12, 12) == [255, 0, 0], "the first copies are drawn")
    }

    @Test("a shape's path elements count against the frame: replicated large paths stop at the bound")
    func pathElements() throws {
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        let r = CAReplicatorLayer()
        r.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        r.instanceCount = 100
        let shape = CAShapeLayer()
        shape.frame = r.bounds
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        for i in 0..<40_000 { path.addLine(to: CGPoint(x: Double(i % 100), y: Double(i / 400))) }
        shape.path = path
        shape.strokeColor = red
        r.addSublayer(shape)
        stage.rootLayer.addSublayer(r)
        stage.advance(to: 0)
        // 100 copies × 40,001 elements = 4 M, past the 2 M a frame draws.
        #expect(try draw(stage) == [FrameWork.Kind.pathElements.message(limit: Limits.maximumPathElementsDrawnPerFrame)])
        r.instanceCount = 10
        stage.advance(to: 0.1)
        #expect(try draw(stage).isEmpty, "400 k elements are drawn without a word")
    }

    @Test(
        "shadows count the area they blur: a replicator of shadowed layers stops at the bound (a small one here: blurs are slow in debug)")
    func shadowArea() throws {
        let (stage, _, layer) = replicated(side: 200, count: 20, layerSide: 100)
        layer.shadowOpacity = 1
        layer.shadowRadius = 4
        stage.advance(to: 0)
        // Each shadow blurs the clip it is drawn in, the 200×200 canvas: 20 of them are 800 k pixels.
        #expect(try draw(stage, bounds: [.shadowPixels: 400_000]) == [FrameWork.Kind.shadowPixels.message(limit: 400_000)])
        #expect(try draw(stage, bounds: [.shadowPixels: 800_000]).isEmpty)
        #expect(FrameWork.Kind.shadowPixels.limit == Limits.maximumShadowPixelsPerFrame)
    }

    @Test("emitters share one particle count per frame: many emitters at their own cap stop at the frame's, with a Stage warning")
    func particlesAcrossEmitters() throws {
        let stage = Stage(size: CGSize(width: 200, height: 200), scale: 1)
        for _ in 0..<15 {
            let emitter = CAEmitterLayer()
            emitter.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            let cell = CAEmitterCell()
            cell.birthRate = 1e6
            cell.lifetime = 10
            cell.contents = EmitterTests.dot
            emitter.emitterCells = [cell]
            stage.rootLayer.addSublayer(emitter)
        }
        stage.advance(to: 0)
        stage.advance(to: 1)
        let counts = stage.snapshot().root.sublayers.map(\.particles.count)
        #expect(counts.reduce(0, +) == Limits.maximumParticlesDrawnPerFrame, "\(counts)")
        #expect(counts.first == EmitterSimulation.maximumParticles && counts.last == 0, "\(counts)")
        #expect(stage.warnings.contains { $0.contains("emitter particles alive in one frame") }, "\(stage.warnings)")
    }

    @Test("the pixels layers paint count against the frame: replicated large layers stop at the bound")
    func paintedPixels() throws {
        let (stage, r, layer) = replicated(side: 100, count: 50, layerSide: 100)
        stage.advance(to: 0)
        // 50 copies of 10,000 pixels each, besides the layers above them.
        let all = try needed(stage)
        #expect(try draw(stage, bounds: [.paintedPixels: all - 1]) == [FrameWork.Kind.paintedPixels.message(limit: all - 1)])
        r.instanceCount = 49
        stage.advance(to: 0.1)
        #expect(try all - needed(stage) == 10_000, "a copy is its 10,000 pixels")
        // A copy half off screen counts its visible half.
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // moved at once, not animated (10.3)
        layer.frame = CGRect(x: 50, y: 0, width: 100, height: 100)
        CATransaction.commit()
        stage.advance(to: 0.2)
        #expect(try all - needed(stage) == 10_000 + 49 * 5_000)
    }

    /// The smallest painted-pixel bound the frame fits in.
    func needed(_ stage: Stage) throws -> Int {
        var lo = 0, hi = 10_000_000
        while lo < hi {
            let mid = (lo + hi) / 2
            if try draw(stage, bounds: [.paintedPixels: mid]).isEmpty { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
