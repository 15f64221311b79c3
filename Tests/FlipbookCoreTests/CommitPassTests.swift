import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// What a commit does, as Core Animation does it: explicit transactions nested in the turn's
/// implicit one (timing-model.md 10.1), display after layout in the same commit (12.9), the
/// direction of `draw(in:)`'s context, and `transform.translation` given a point (4.1).
@Suite("commit pass")
struct CommitPassTests {
    /// Builds a sublayer in `display()` and sizes it in `layoutSublayers()`, as lottie-ios's
    /// engine sets its tree up.
    final class BuildingLayer: CALayer {
        let child = CALayer()
        override func display() {
            if child.superlayer == nil {
                addSublayer(child)
                setNeedsLayout()
            }
        }
        override func layoutSublayers() {
            super.layoutSublayers()
            child.frame = bounds
        }
    }

    @Test(
        "10.1: an explicit transaction inside the turn's implicit one commits with it, so a layer made in the turn still does not animate")
    func explicitNestedInImplicit() {
        let stage = Stage(size: CGSize(width: 50, height: 50))
        var made: CALayer?
        stage.schedule(at: 0.1) {
            let layer = CALayer()
            made = layer
            stage.rootLayer.addSublayer(layer)
            CATransaction.begin()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            CATransaction.commit()
            layer.opacity = 0.5
        }
        stage.advance(to: 0.2)
        guard let layer = made else {
            Issue.record("the callback did not run")
            return
        }
        #expect(layer.animationKeys() == nil, "the layer was first committed at the turn's end, with both changes")
        stage.schedule(at: 0.3) { layer.opacity = 1 }
        stage.advance(to: 0.35)
        #expect(layer.animationKeys() == ["opacity"], "once committed, a change animates")
    }

    @Test("10.1: an explicit transaction with no implicit one open commits at once")
    func explicitOutermostCommits() {
        let stage = Stage(size: CGSize(width: 50, height: 50))
        var made: CALayer?
        stage.schedule(at: 0.1) {
            CATransaction.begin()
            let layer = CALayer()
            made = layer
            stage.rootLayer.addSublayer(layer)
            CATransaction.commit()
            layer.opacity = 0.5
        }
        stage.advance(to: 0.2)
        #expect(made?.animationKeys() == ["opacity"], "committed by the explicit commit, then changed")
    }

    @Test("12.9: display runs at the commit, after layout, and sublayers it builds are laid out in the same commit without animating")
    func displayAtCommit() {
        let stage = Stage(size: CGSize(width: 50, height: 50))
        var made: BuildingLayer?
        stage.schedule(at: 0.1) {
            let layer = BuildingLayer()
            made = layer
            layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            stage.rootLayer.addSublayer(layer)
            layer.setNeedsDisplay()
        }
        stage.advance(to: 0.1)
        guard let layer = made else {
            Issue.record("the callback did not run")
            return
        }
        #expect(layer.child.superlayer === layer, "display ran at the turn's commit, before any frame was taken")
        #expect(layer.child.bounds.size == CGSize(width: 20, height: 20), "laid out in the same commit")
        #expect(layer.child.animationKeys() == nil, "a layer built and sized in one commit does not animate")
        #expect(!layer.needsDisplay())
    }

    @Test("CATransaction.flush lays out and displays what is pending, then commits")
    func flushCommits() {
        let stage = Stage(size: CGSize(width: 50, height: 50))
        let layer = BuildingLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        stage.rootLayer.addSublayer(layer)
        layer.setNeedsDisplay()
        CATransaction.flush()
        #expect(layer.child.bounds.size == CGSize(width: 8, height: 8) && layer.child.animationKeys() == nil)
        #expect(layer.child.presentation() != nil, "committed")
    }

    @Test(
        "contentsAreFlipped: true in UIKit's space, false under an odd number of geometry-flipped layers; draw(in:) gets a y-up context then"
    )
    func contentsFlipped() {
        final class Recorder: CALayer {
            var ctm = CGAffineTransform.identity
            override func draw(in ctx: CGContext) { ctm = ctx.ctm }
        }
        let outer = CALayer(), inner = Recorder()
        outer.addSublayer(inner)
        inner.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        inner.contentsScale = 2
        #expect(inner.contentsAreFlipped())
        inner.display()
        #expect(inner.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: -2, tx: 0, ty: 20), "flipped for UIKit's space")
        outer.isGeometryFlipped = true
        #expect(!inner.contentsAreFlipped())
        inner.display()
        #expect(inner.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0), "Core Graphics' own y-up space")
        inner.isGeometryFlipped = true
        #expect(inner.contentsAreFlipped())
    }

    @Test("4.1: transform.translation takes a CGPoint as the size of its two numbers")
    func translationFromPoint() throws {
        let stage = Stage(size: CGSize(width: 50, height: 50))
        let layer = CALayer()
        stage.rootLayer.addSublayer(layer)
        stage.advance(to: 0.1)
        let move = CAKeyframeAnimation(keyPath: "transform.translation")
        move.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 20)]
        move.duration = 1
        move.beginTime = 0
        layer.add(move, forKey: "move")
        stage.advance(to: 0.6)
        let t = try #require(layer.presentation()).transform
        #expect(abs(t.m41 - 5) < 1e-9 && abs(t.m42 - 10) < 1e-9)
    }
}
