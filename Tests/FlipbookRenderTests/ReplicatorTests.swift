import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// CAReplicatorLayer pixels and timing, expected values worked from timing-model.md 12.5.
@Suite("replicator layer")
struct ReplicatorTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

    func square(_ frame: CGRect, _ color: CGColor) -> CALayer {
        let l = CALayer()
        l.frame = frame
        l.backgroundColor = color
        return l
    }

    @Test("copy i is drawn through instanceTransform applied i times (12.5 geometry)")
    func translatedCopies() throws {
        let px = try render(CGSize(width: 100, height: 20)) { stage in
            let r = CAReplicatorLayer()
            r.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
            r.instanceCount = 3
            r.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
            r.addSublayer(self.square(CGRect(x: 5, y: 5, width: 10, height: 10), self.red))
            stage.rootLayer.addSublayer(r)
        }
        // Copies at x = 5, 35, 65 (each 10 wide); nothing at 95 (only three copies).
        for x in [10, 40, 70] { #expect(px.rgb(x, 10) == [255, 0, 0]) }
        for x in [25, 55, 85, 96] { #expect(px.rgb(x, 10) == [255, 255, 255]) }
    }

    @Test("the instance transform turns about the replicator's anchor (12.5 geometry)")
    func rotationAboutAnchor() throws {
        let px = try render(CGSize(width: 100, height: 100)) { stage in
            let r = CAReplicatorLayer()
            r.frame = CGRect(x: 20, y: 20, width: 60, height: 60)  // centre (50, 50)
            r.instanceCount = 4
            r.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
            // A bar near the top edge of the replicator: 26…34 × 2…12 in its bounds.
            r.addSublayer(self.square(CGRect(x: 26, y: 2, width: 8, height: 10), self.red))
            stage.rootLayer.addSublayer(r)
        }
        // In canvas space the source covers 46…54 × 22…32; quarter turns about (50, 50) put
        // copies right (68…78 × 46…54), bottom (46…54 × 68…78) and left (22…32 × 46…54).
        for (x, y) in [(50, 27), (73, 50), (50, 73), (27, 50)] { #expect(px.rgb(x, y) == [255, 0, 0], "(\(x), \(y))") }
        #expect(px.rgb(50, 50) == [255, 255, 255])
    }

    @Test("colour multiplier: instanceColor plus i offsets, clamped (12.5 colour)")
    func colourMultiplier() throws {
        var state = LayerState()
        state.instanceColor = RGBA(red: 1, green: 0.5, blue: 0.2, alpha: 1)
        state.instanceRedOffset = -0.3
        state.instanceBlueOffset = 0.5
        state.instanceAlphaOffset = -0.6
        // Copy 2: red 1 − 0.6 = 0.4; green 0.5; blue 0.2 + 1.0 = 1.2 → 1; alpha 1 − 1.2 → 0.
        #expect(state.instanceColorMultiplier(at: 2) == RGBA(red: 1 - 0.6, green: 0.5, blue: 1, alpha: 0))
        #expect(state.instanceColorMultiplier(at: 0) == RGBA(red: 1, green: 0.5, blue: 0.2, alpha: 1))

        let px = try render(CGSize(width: 40, height: 20)) { stage in
            let r = CAReplicatorLayer()
            r.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
            r.instanceCount = 2
            r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
            r.instanceColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
            r.instanceGreenOffset = 0.5
            r.addSublayer(self.square(CGRect(x: 0, y: 0, width: 20, height: 20), self.white))
            stage.rootLayer.addSublayer(r)
        }
        // White × (1, 0.5, 0) = (255, 128, 0); the next copy's green is 0.5 + 0.5 = 1.
        let first = px.rgb(10, 10), second = px.rgb(30, 10)
        #expect(first[0] == 255 && abs(first[1] - 128) <= 1 && first[2] == 0)
        #expect(second == [255, 255, 0])
    }

    @Test("alpha offset fades later copies over the background (12.5 colour)")
    func alphaOffset() throws {
        let px = try render(CGSize(width: 40, height: 20)) { stage in
            let r = CAReplicatorLayer()
            r.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
            r.instanceCount = 2
            r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
            r.instanceAlphaOffset = -0.5
            r.addSublayer(self.square(CGRect(x: 0, y: 0, width: 20, height: 20), CGColor(red: 0, green: 0, blue: 0, alpha: 1)))
            stage.rootLayer.addSublayer(r)
        }
        // Copy 1: black at alpha 0.5 over white = 127 or 128.
        #expect(px.rgb(10, 10) == [0, 0, 0])
        #expect(abs(px.rgb(30, 10)[0] - 128) <= 1)
    }

    @Test("copy i runs i × instanceDelay behind, and may be before the animation began (12.5 time)")
    func instanceDelay() throws {
        let stage = Stage(size: CGSize(width: 10, height: 10), scale: 1)
        let r = CAReplicatorLayer()
        r.instanceCount = 4
        r.instanceDelay = 0.25
        let dot = CALayer()
        dot.opacity = 0.2
        r.addSublayer(dot)
        stage.rootLayer.addSublayer(r)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.0
        fade.duration = 1
        dot.add(fade, forKey: "fade")
        stage.advance(to: 0.6)
        let replicator = stage.snapshot().root.sublayers[0]
        // Copy i's local time is 0.6 − 0.25 i: opacity 1 − t for t ≥ 0, else the model's 0.2.
        #expect(abs(replicator.sublayers[0].state.opacity - 0.4) < 1e-9)
        let copies = replicator.replicas.map { $0[0].state.opacity }
        #expect(copies.count == 3)
        #expect(abs(copies[0] - 0.65) < 1e-9)
        #expect(abs(copies[1] - 0.9) < 1e-9)
        #expect(copies[2] == Double(Float(0.2)))  // 0.6 − 0.75 < 0: not begun (opacity is a Float)
    }

    @Test("nested replicators multiply their copies (12.5 nesting)")
    func nested() throws {
        let px = try render(CGSize(width: 60, height: 40)) { stage in
            let outer = CAReplicatorLayer()
            outer.frame = CGRect(x: 0, y: 0, width: 60, height: 40)
            outer.instanceCount = 2
            outer.instanceTransform = CATransform3DMakeTranslation(0, 20, 0)
            let inner = CAReplicatorLayer()
            inner.frame = CGRect(x: 0, y: 0, width: 60, height: 20)
            inner.instanceCount = 3
            inner.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
            inner.addSublayer(self.square(CGRect(x: 5, y: 5, width: 10, height: 10), self.red))
            outer.addSublayer(inner)
            stage.rootLayer.addSublayer(outer)
        }
        var drawn = 0
        for row in 0..<2 { for col in 0..<3 where px.rgb(10 + 20 * col, 10 + 20 * row) == [255, 0, 0] { drawn += 1 } }
        #expect(drawn == 6)
    }

    @Test("preservesDepth draws copies back to front by z; index order otherwise (12.5 order)")
    func depthOrder() throws {
        func top(preservesDepth: Bool) throws -> [Int] {
            let px = try render(CGSize(width: 20, height: 20)) { stage in
                let r = CAReplicatorLayer()
                r.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
                r.instanceCount = 2
                r.preservesDepth = preservesDepth
                // Copy 1 sits behind copy 0 (z −10) and is recoloured blue.
                r.instanceTransform = CATransform3DMakeTranslation(0, 0, -10)
                r.instanceRedOffset = -1
                r.instanceBlueOffset = -1
                r.instanceColor = CGColor(red: 1, green: 0, blue: 1, alpha: 1)
                r.addSublayer(self.square(CGRect(x: 0, y: 0, width: 20, height: 20), self.white))
                stage.rootLayer.addSublayer(r)
            }
            return px.rgb(10, 10)
        }
        // Copy 0 is magenta (1, 0, 1); copy 1 is (0, 0, 0). Index order: copy 1 on top.
        #expect(try top(preservesDepth: false) == [0, 0, 0])
        #expect(try top(preservesDepth: true) == [255, 0, 255])
    }

    @Test("bad counts draw nothing or at most the cap, never crash (12.5)")
    func badCounts() {
        #expect(CAReplicatorLayer.drawnCount(.nan) == 0)
        #expect(CAReplicatorLayer.drawnCount(-3) == 0)
        #expect(CAReplicatorLayer.drawnCount(2.9) == 2)
        #expect(CAReplicatorLayer.drawnCount(.infinity) == 10_000)
    }

    @Test("instanceCount and instanceTransform animate by key path (12.5)")
    func animatable() {
        let stage = Stage(size: CGSize(width: 10, height: 10), scale: 1)
        let r = CAReplicatorLayer()
        stage.rootLayer.addSublayer(r)
        let turn = CABasicAnimation(keyPath: "instanceTransform.rotation.z")
        turn.fromValue = 0.0
        turn.toValue = 1.0
        turn.duration = 1
        r.add(turn, forKey: "turn")
        stage.advance(to: 0.5)
        let state = stage.snapshot().root.sublayers[0].state
        #expect(abs(atan2(state.instanceTransform.m12, state.instanceTransform.m11) - 0.5) < 1e-9)
    }
}

@Suite("replicator and emitter limits")
struct CopyLimitTests {
    @Test("nested replicators stop at the per-frame copy budget instead of multiplying without end (12.5)")
    func nestedBudget() throws {
        let stage = Stage(size: CGSize(width: 50, height: 50), scale: 1)
        var parent = stage.rootLayer
        for _ in 0..<3 {
            let r = CAReplicatorLayer()
            r.instanceCount = 10_000
            r.instanceDelay = 0.001
            r.instanceTransform = CATransform3DMakeTranslation(0.01, 0, 0)
            parent.addSublayer(r)
            parent = r
        }
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 0, width: 1, height: 1)
        dot.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        parent.addSublayer(dot)
        stage.advance(to: 0.5)
        let snapshot = stage.snapshot()
        func replicaCount(_ l: LayerSnapshot) -> Int {
            l.replicas.count + l.sublayers.map(replicaCount).reduce(0, +) + l.replicas.flatMap { $0 }.map(replicaCount).reduce(0, +)
        }
        #expect(replicaCount(snapshot.root) <= CAReplicatorLayer.maximumCopiesPerFrame)
        let px = try FrameRasterizer.rasterize(snapshot, background: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(px.rgb(0, 0) != [255, 255, 255])
    }

    @Test("a hostile birth rate draws nothing rather than overflow (12.6)")
    func hugeBirthRate() {
        let stage = Stage(size: CGSize(width: 50, height: 50), scale: 1)
        let e = CAEmitterLayer()
        let cell = CAEmitterCell()
        cell.birthRate = .greatestFiniteMagnitude
        cell.lifetime = 10
        cell.contents = EmitterTests.dot
        e.emitterCells = [cell]
        e.birthRate = 1e30
        stage.rootLayer.addSublayer(e)
        stage.advance(to: 1)
        #expect(stage.snapshot().root.sublayers[0].particles.count <= 20_000)
    }
}
