import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// CAEmitterLayer, with counts and positions worked from timing-model.md 12.6.
@Suite("emitter layer")
struct EmitterTests {
    static let dot = LayerImage(width: 2, height: 2, rgba: [UInt8](repeating: 255, count: 16))

    func emitter(rate: Float = 10, velocity: CGFloat = 100, range: CGFloat = 0, seed: UInt32 = 1) -> (Stage, CAEmitterLayer) {
        let stage = Stage(size: CGSize(width: 200, height: 200), scale: 1)
        let layer = CAEmitterLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        layer.emitterPosition = CGPoint(x: 50, y: 50)
        layer.seed = seed
        let cell = CAEmitterCell()
        cell.birthRate = rate
        cell.lifetime = 1
        cell.velocity = velocity
        cell.velocityRange = range
        cell.emissionRange = range > 0 ? .pi : 0
        cell.yAcceleration = 20
        cell.contents = Self.dot
        layer.emitterCells = [cell]
        stage.rootLayer.addSublayer(layer)
        stage.advance(to: 0)
        return (stage, layer)
    }

    func particles(_ stage: Stage) -> [ParticleSnapshot] { stage.snapshot().root.sublayers[0].particles }

    @Test("particle k is born at k / rate and lives its lifetime; motion is v·a + ½·g·a² (12.6)")
    func birthsAndMotion() {
        let (stage, _) = emitter()
        stage.advance(to: 2)
        let ps = particles(stage)
        // Born at 1.1 … 2.0 (the one born at 1.0 has just died).
        #expect(ps.count == 10)
        // The particle born at 1.5 (age 0.5): x = 50 + 100 · 0.5, y = 50 + ½ · 20 · 0.25.
        #expect(ps.contains { abs($0.position.x - 100) < 1e-6 && abs($0.position.y - 52.5) < 1e-6 })
        // Oldest first by default.
        #expect(ps.first!.position.x > ps.last!.position.x)
    }

    @Test("changing the layer's birthRate counts from that moment (12.6)")
    func rateChange() {
        let (stage, layer) = emitter()
        stage.schedule(at: 0.95) { layer.birthRate = 0 }
        stage.advance(to: 1.45)
        // Born at 0, 0.1, …, 0.9 (9.5 births by 0.95); alive at 1.45 if born after 0.45: 0.5 … 0.9.
        #expect(particles(stage).count == 5)
        stage.advance(to: 2)
        #expect(particles(stage).isEmpty)
    }

    @Test("the same seed gives the same particles; another seed others (12.6)")
    func seeds() {
        func positions(_ seed: UInt32) -> [CGPoint] {
            let (stage, _) = emitter(velocity: 80, range: 40, seed: seed)
            stage.advance(to: 1.5)
            return particles(stage).map(\.position)
        }
        #expect(positions(7) == positions(7))
        #expect(positions(7) != positions(8))
    }

    @Test("rendering is the same on one thread and on several")
    func threads() throws {
        let (stage, _) = emitter(velocity: 80, range: 40, seed: 3)
        var snaps: [FrameSnapshot] = []
        for i in 1...6 {
            stage.advance(to: Double(i) * 0.2)
            snaps.append(stage.snapshot())
        }
        let one = try FrameRasterizer.rasterize(snaps, background: nil, threads: 1)
        let many = try FrameRasterizer.rasterize(snaps, background: nil, threads: 4)
        #expect(one == many)
        #expect(one.last.map { $0.inkBoundsAnyAlpha } ?? false)
    }

    @Test("a cell without an image draws nothing; bad numbers draw nothing and do not crash")
    func badInput() {
        let (stage, layer) = emitter()
        layer.emitterCells?[0].contents = nil
        stage.advance(to: 1)
        #expect(particles(stage).isEmpty)
        let (stage2, layer2) = emitter()
        layer2.emitterCells?[0].lifetime = .infinity
        layer2.emitterCells?[0].birthRate = .nan
        stage2.advance(to: 1)
        #expect(particles(stage2).isEmpty)
    }
}

extension PixelBuffer {
    /// Whether any pixel has some alpha.
    var inkBoundsAnyAlpha: Bool {
        for y in 0..<height { for x in 0..<width where pixel(x: x, y: y).a > 0 { return true } }
        return false
    }
}
