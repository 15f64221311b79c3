import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// An action that records that it ran.
final class RecordingAction: CAAction {
    var runs: [String] = []
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) { runs.append(event) }
}

@Suite("transactions and implicit animations (timing-model.md 10)")
struct TransactionTests {
    /// y of the Bézier from (0, 0) to (1, 1) with control points p1, p2 where its x is `x`.
    static func cubicBezierY(atX x: Double, p1: (Double, Double), p2: (Double, Double)) -> Double {
        func b(_ s: Double, _ a: Double, _ c: Double) -> Double { 3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * c + s * s * s }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if b(mid, p1.0, p2.0) < x { lo = mid } else { hi = mid }
        }
        return b((lo + hi) / 2, p1.1, p2.1)
    }

    @Test("a stand-alone layer animates a property change for 0.25 s with the default curve (10.3)")
    func implicitAnimation() {
        let (stage, layer) = stageWithLayer { $0.opacity = 1 }
        stage.advance(to: 1)
        layer.opacity = 0
        let anim = layer.animation(forKey: "opacity") as? CABasicAnimation
        #expect(anim != nil)
        #expect(anim?.duration == 0.25)
        #expect(anim?.timingFunction == CAMediaTimingFunction(name: .default))
        #expect(layer.opacity == 0)
        stage.advance(to: 1.125)
        // The default curve is the cubic Bézier (0.25, 0.1), (0.25, 1) (10.3): half-way in time
        // is where its x is 0.5, found here by bisection on the curve written out.
        let expected = 1 - Self.cubicBezierY(atX: 0.5, p1: (0.25, 0.1), p2: (0.25, 1))
        #expect(abs(Double(layer.presentation()!.opacity) - expected) < 1e-6)
        stage.advance(to: 1.3)
        #expect(layer.presentation()!.opacity == 0)
    }

    @Test("the implicit from-value is the presentation value, so retargeting is smooth (10.3, 3.4)")
    func retarget() {
        let (stage, layer) = stageWithLayer { $0.position = CGPoint(x: 0, y: 0) }
        layer.position = CGPoint(x: 100, y: 0)
        stage.advance(to: 0.125)
        let mid = layer.presentation()!.position.x
        layer.position = CGPoint(x: 0, y: 0)
        let anim = layer.animation(forKey: "position") as? CABasicAnimation
        #expect((anim?.fromValue as? CGPoint)?.x == mid)
        #expect(layer.animationKeys() == ["position"])
    }

    @Test("no implicit animation when actions are disabled, on the root layer, for path, or before the first commit (10.3)")
    func noImplicit() {
        let stage = Stage(size: CGSize(width: 10, height: 10))
        let shape = CAShapeLayer()
        shape.opacity = 0.5  // never committed: no animation
        #expect(shape.animationKeys() == nil)
        stage.rootLayer.addSublayer(shape)
        stage.advance(to: 0)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        shape.opacity = 0.2
        CATransaction.commit()
        #expect(shape.animationKeys() == nil)
        shape.path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5)).cgPath
        #expect(shape.animationKeys() == nil)
        stage.rootLayer.opacity = 0.5
        #expect(stage.rootLayer.animationKeys() == nil)
        shape.opacity = 0.2  // same value: nothing
        #expect(shape.animationKeys() == nil)
    }

    @Test("a view's backing layer does not animate outside a block (10.3)")
    func viewLayerSnaps() {
        let stage = Stage(size: CGSize(width: 100, height: 100))
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        stage.rootView.addSubview(view)
        stage.advance(to: 0)
        view.alpha = 0.5
        view.layer.position = CGPoint(x: 50, y: 50)
        #expect(view.layer.animationKeys() == nil)
        // Sublayers added to a view's layer are stand-alone and do animate.
        let sub = CALayer()
        view.layer.addSublayer(sub)
        stage.advance(to: 0.1)
        sub.opacity = 0
        #expect(sub.animationKeys() == ["opacity"])
    }

    @Test("frame posts position and bounds; both share one begin time (10.3)")
    func framePostsTwoKeys() {
        let (stage, layer) = stageWithLayer { $0.frame = CGRect(x: 0, y: 0, width: 10, height: 10) }
        stage.advance(to: 0.5)
        layer.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
        #expect(layer.animationKeys() == ["position", "bounds"])
        CATransaction.flush()
        #expect(layer.animation(forKey: "position")?.beginTime == layer.animation(forKey: "bounds")?.beginTime)
        #expect(layer.animation(forKey: "bounds")?.beginTime == 0.5)
    }

    @Test("action search order: delegate, actions, class default; NSNull stops it (10.2)")
    func actionSearch() {
        let (_, layer) = stageWithLayer()
        let mine = RecordingAction()
        layer.actions = ["opacity": mine, "position": NSNull()]
        layer.opacity = 0.3
        #expect(mine.runs == ["opacity"])
        #expect(layer.animationKeys() == nil)
        layer.position = CGPoint(x: 5, y: 5)
        #expect(layer.animationKeys() == nil)
        #expect(layer.action(forKey: "bounds") is CABasicAnimation)
        #expect(layer.action(forKey: "position") == nil)
    }

    @Test("nested transactions see the enclosing settings until they set their own (10.1)")
    func nesting() {
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.begin()
        #expect(CATransaction.animationDuration() == 2)
        CATransaction.setAnimationDuration(3)
        CATransaction.setDisableActions(true)
        #expect(CATransaction.animationDuration() == 3)
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 2)
        #expect(CATransaction.disableActions() == false)
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 0.25)
    }

    @Test("the transaction's timing function goes to animations that have none (3.1)")
    func transactionTiming() {
        let (_, layer) = stageWithLayer()
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
        layer.add(fade(), forKey: "f")
        layer.opacity = 0.5
        CATransaction.commit()
        #expect(layer.animation(forKey: "f")?.timingFunction == CAMediaTimingFunction(name: .easeIn))
        #expect(layer.animation(forKey: "opacity")?.timingFunction == CAMediaTimingFunction(name: .easeIn))
    }

    @Test("the completion block runs when the transaction's animations have finished (10.1)")
    func completionBlock() {
        let (stage, layer) = stageWithLayer()
        var doneAt: Double?
        CATransaction.begin()
        CATransaction.setCompletionBlock { doneAt = CACurrentMediaTime() }
        layer.add(fade(0.5), forKey: "a")
        layer.add(fade(0.8), forKey: "b")
        CATransaction.commit()
        stage.advance(to: 0.7)
        #expect(doneAt == nil)
        stage.advance(to: 2)
        #expect(doneAt == 0.8)
    }

    @Test("with no animations, the completion block runs right after the commit (10.1)")
    func completionWithoutAnimations() {
        let (stage, _) = stageWithLayer()
        stage.advance(to: 0.4)
        var doneAt: Double?
        CATransaction.begin()
        CATransaction.setCompletionBlock { doneAt = CACurrentMediaTime() }
        CATransaction.commit()
        stage.advance(to: 0.5)
        #expect(doneAt == 0.4)
    }

    @Test("CACurrentMediaTime answers the callback's due time inside callbacks (1.1)")
    func mediaTimeInCallbacks() {
        let stage = Stage(size: CGSize(width: 1, height: 1))
        var seen: [Double] = []
        stage.schedule(at: 0.3) { seen.append(CACurrentMediaTime()) }
        stage.schedule(at: 0.1) { seen.append(CACurrentMediaTime()) }
        stage.advance(to: 1)
        #expect(seen == [0.1, 0.3])
        #expect(CACurrentMediaTime() == 1)
        stage.advance(to: 0.5)  // earlier: ignored
        #expect(stage.currentTime == 1)
    }
}
