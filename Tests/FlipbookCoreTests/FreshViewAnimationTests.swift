import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// Views built and animated in the same turn, before the first `advance`: UIKit animates them
/// whatever their layer's commit state (timing-model.md 11.1); only stand-alone layers' implicit
/// actions need a committed layer (10.3).
@Suite("fresh views animate (timing-model.md 10.3, 11.1)")
struct FreshViewAnimationTests {
    /// A stage and a view added to it, with nothing committed yet.
    func freshToast(alpha: CGFloat = 0) -> (Stage, UIView) {
        let stage = Stage(size: CGSize(width: 100, height: 100))
        let toast = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 20))
        toast.alpha = alpha
        stage.rootView.addSubview(toast)
        return (stage, toast)
    }

    func opacity(_ view: UIView) -> Double { Double(view.layer.presentation()?.opacity ?? -1) }

    @Test("the toast idiom fades in from time 0: opacity 0.5 half-way, linear (11.1)")
    func toast() {
        let (stage, toast) = freshToast()
        UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear, animations: { toast.alpha = 1 })
        stage.advance(to: 0)
        expectClose(opacity(toast), 0, 1e-9, "at 0")
        stage.advance(to: 0.25)
        expectClose(opacity(toast), 0.5, 1e-9, "half-way")
        stage.advance(to: 0.5)
        expectClose(opacity(toast), 1, 1e-9, "at the end")
        #expect(toast.alpha == 1, "the model takes the new value at once")
    }

    @Test("the default curve is ease-in-ease-out from time 0 (11.1)")
    func defaultCurve() {
        let (stage, toast) = freshToast()
        UIView.animate(withDuration: 0.3) { toast.alpha = 1 }
        stage.advance(to: 0.15)
        // easeInEaseOut is symmetric: half the value at half the time.
        expectClose(opacity(toast), 0.5, 1e-6, "value")
        let anim = toast.layer.animation(forKey: "opacity")
        let c1 = anim?.timingFunction?.controlPoints[1] ?? .zero
        expectClose([Double(c1.x), Double(c1.y)], [0.42, 0], 1e-6, "easeInEaseOut's first control point")
    }

    @Test("a delay holds the old value, then the block runs (11.1)")
    func delay() {
        let (stage, toast) = freshToast()
        UIView.animate(withDuration: 0.4, delay: 0.2, options: .curveLinear, animations: { toast.alpha = 1 })
        stage.advance(to: 0.1)
        expectClose(opacity(toast), 0, 1e-9, "held during the delay")
        stage.advance(to: 0.4)
        expectClose(opacity(toast), 0.5, 1e-9, "value")
    }

    @Test("repeat and autoreverse run from time 0 (11.1)")
    func repeatAutoreverse() {
        let (stage, toast) = freshToast()
        UIView.animate(withDuration: 0.2, delay: 0, options: [.curveLinear, .repeat, .autoreverse], animations: { toast.alpha = 1 })
        stage.advance(to: 0.1)
        expectClose(opacity(toast), 0.5, 1e-9, "going")
        stage.advance(to: 0.3)
        expectClose(opacity(toast), 0.5, 1e-9, "coming back")
        stage.advance(to: 0.4)
        expectClose(opacity(toast), 0, 1e-9, "back at the start of the second cycle")
    }

    @Test("additive position and transform changes animate from time 0 (11.1)")
    func additive() {
        let (stage, toast) = freshToast(alpha: 1)
        UIView.animate(
            withDuration: 1, delay: 0, options: .curveLinear,
            animations: {
                toast.center = CGPoint(x: 30, y: 120)
                toast.transform = CGAffineTransform(scaleX: 2, y: 2)
            })
        stage.advance(to: 0.5)
        let p = toast.layer.presentation()!
        expectClose(Double(p.position.y), 70, 1e-9, "y half-way from 20 to 120")
        expectClose(Double(p.value(forKeyPath: "transform.scale.x") as! CGFloat), 1.5, 1e-9, "value")
    }

    @Test("spring blocks animate a fresh view (8.4, 11.2)")
    func spring() {
        let (stage, toast) = freshToast(alpha: 1)
        UIView.animate(
            withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [],
            animations: {
                toast.center.x = 130
            })
        stage.advance(to: 0.05)
        let x = Double(toast.layer.presentation()!.position.x)
        #expect(x > 30 && x < 130, "moving at 0.05 s: \(x)")
        stage.advance(to: 0.5)
        expectClose(Double(toast.layer.presentation()!.position.x), 130, 0.2, "value")
    }

    @Test("nested blocks inherit the outer duration for a fresh view (11.1)")
    func nested() {
        let (stage, toast) = freshToast()
        let other = UIView(frame: .zero)
        stage.rootView.addSubview(other)
        UIView.animate(
            withDuration: 1, delay: 0, options: .curveLinear,
            animations: {
                toast.alpha = 1
                UIView.animate(withDuration: 0.1, delay: 0, options: .curveLinear, animations: { other.alpha = 0 })
            })
        stage.advance(to: 0.5)
        expectClose(opacity(toast), 0.5, 1e-9, "value")
        expectClose(opacity(other), 0.5, 1e-9, "the inner block runs for the outer 1 s")
    }

    @Test("a completion chain started before the first frame keeps its steps apart (11.1)")
    func completionChain() {
        let (stage, toast) = freshToast()
        var finishedAt: [Double] = []
        UIView.animate(
            withDuration: 0.25, delay: 0, options: .curveLinear, animations: { toast.alpha = 1 },
            completion: { done in
                #expect(done)
                finishedAt.append(CACurrentMediaTime())
                UIView.animate(
                    withDuration: 0.25, delay: 0, options: .curveLinear, animations: { toast.alpha = 0 },
                    completion: { _ in
                        finishedAt.append(CACurrentMediaTime())
                    })
            })
        stage.advance(to: 0.125)
        expectClose(opacity(toast), 0.5, 1e-9, "first step")
        stage.advance(to: 0.375)
        expectClose(opacity(toast), 0.5, 1e-9, "second step")
        stage.advance(to: 1)
        #expect(finishedAt.count == 2)
        expectClose(finishedAt, [0.25, 0.5], 1e-9, "value")
    }

    @Test("a stand-alone layer configured in the transaction that created it does not animate (10.3)")
    func standAloneLayer() {
        let stage = Stage(size: CGSize(width: 100, height: 100))
        let layer = CALayer()
        layer.opacity = 0
        stage.rootLayer.addSublayer(layer)
        layer.opacity = 1
        // Not even inside a UIView block: the view's delegate is what animates there.
        UIView.animate(withDuration: 0.5) { layer.opacity = 0.5 }
        #expect(layer.animationKeys() == nil || layer.animationKeys()!.isEmpty)
        stage.advance(to: 0.1)
        #expect(layer.presentation()?.opacity == 0.5)
        // Once committed, the same change animates implicitly.
        layer.opacity = 1
        #expect(layer.animation(forKey: "opacity") != nil)
    }

    @Test("an explicit animation added before the first advance begins at time 0 (1.8, 3.1)")
    func explicitAdd() {
        let stage = Stage(size: CGSize(width: 100, height: 100))
        let layer = CALayer()
        stage.rootLayer.addSublayer(layer)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        layer.add(fade, forKey: "fade")
        #expect(layer.presentation() == nil, "no presentation before the first commit (3.3)")
        stage.advance(to: 0)
        expectClose(Double(layer.presentation()!.opacity), 0, 1e-9, "presentation at time 0")
        stage.advance(to: 0.5)
        expectClose(Double(layer.presentation()!.opacity), 0.5, 1e-9, "value")
    }

    @Test("a CATransaction completion set before the first advance fires when its animation ends (10.1)")
    func transactionCompletion() {
        let stage = Stage(size: CGSize(width: 100, height: 100))
        let layer = CALayer()
        stage.rootLayer.addSublayer(layer)
        var firedAt: Double?
        CATransaction.begin()
        CATransaction.setCompletionBlock { firedAt = CACurrentMediaTime() }
        let move = CABasicAnimation(keyPath: "position.x")
        move.toValue = 50
        move.duration = 0.3
        layer.add(move, forKey: "move")
        CATransaction.commit()
        stage.advance(to: 1)
        #expect(firedAt == 0.3)
    }

    final class Chain: NSObject, CAAnimationDelegate {
        var stops: [Double] = []
        let layer: CALayer
        init(layer: CALayer) { self.layer = layer }
        func start() {
            let step = CABasicAnimation(keyPath: "opacity")
            step.fromValue = 0
            step.toValue = 1
            step.duration = 0.2
            step.delegate = self
            layer.add(step, forKey: "step")
        }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            stops.append(CACurrentMediaTime())
            if stops.count < 3 { start() }
        }
    }

    @Test("a chain from animationDidStop started before the first advance runs step by step (3.2)")
    func delegateChain() {
        let stage = Stage(size: CGSize(width: 100, height: 100))
        let layer = CALayer()
        stage.rootLayer.addSublayer(layer)
        let chain = Chain(layer: layer)
        chain.start()
        stage.advance(to: 0.3)
        expectClose(Double(layer.presentation()!.opacity), 0.5, 1e-9, "second step half-way")
        stage.advance(to: 1)
        expectClose(chain.stops, [0.2, 0.4, 0.6], 1e-9, "value")
    }
}
