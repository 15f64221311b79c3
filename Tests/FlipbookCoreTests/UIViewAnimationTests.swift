import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

func stageWithView(frame: CGRect = CGRect(x: 0, y: 0, width: 10, height: 10)) -> (Stage, UIView) {
    let stage = Stage(size: CGSize(width: 200, height: 200))
    let view = UIView(frame: frame)
    stage.rootView.addSubview(view)
    stage.advance(to: 0)
    return (stage, view)
}

@Suite("UIView animations (timing-model.md 11)")
struct UIViewAnimationTests {
    @Test("curve options map to timing functions and the option bits are UIKit's (11.1)")
    func options() {
        for v in SemanticsVector.category("uiview_animation") {
            if let names = v.input["names"] as? [String] {
                let raw = v.expected["rawValues"] as! [String: Any]
                let table: [String: UIView.AnimationOptions] = [
                    "layoutSubviews": .layoutSubviews, "allowUserInteraction": .allowUserInteraction,
                    "beginFromCurrentState": .beginFromCurrentState, "repeat": .repeat, "autoreverse": .autoreverse,
                    "overrideInheritedDuration": .overrideInheritedDuration, "overrideInheritedCurve": .overrideInheritedCurve,
                    "allowAnimatedContent": .allowAnimatedContent, "showHideTransitionViews": .showHideTransitionViews,
                    "overrideInheritedOptions": .overrideInheritedOptions, "curveEaseInOut": .curveEaseInOut,
                    "curveEaseIn": .curveEaseIn, "curveEaseOut": .curveEaseOut, "curveLinear": .curveLinear
                ]
                for n in names { #expect(Double(table[n]!.rawValue) == num(raw[n]), "\(n)") }
                continue
            }
            // duration 0.3, delay 0.2, called at 10.0, one property from 0 to 1.
            let stage = Stage(size: CGSize(width: 10, height: 10))
            let view = UIView(frame: .zero)
            view.alpha = 0
            stage.rootView.addSubview(view)
            stage.advance(to: num(v.input["callTime"])!)
            let curve = (v.input["curve"] as! String).components(separatedBy: "(").first!
            let options: UIView.AnimationOptions =
                ["curveEaseIn": .curveEaseIn, "curveEaseOut": .curveEaseOut, "curveLinear": .curveLinear][curve] ?? []
            UIView.animate(
                withDuration: num(v.input["duration"])!, delay: num(v.input["delay"])!, options: options,
                animations: {
                    view.alpha = 1
                })
            let anim = view.layer.animation(forKey: "opacity")!
            CATransaction.flush()
            expectClose(anim.beginTime, num(v.expected["beginTime"])!, 1e-9, "\(v.id) beginTime")
            #expect(anim.fillMode.rawValue == v.expected["fillMode"] as! String)
            let cp = anim.timingFunction!.controlPoints
            expectClose([cp[1].x, cp[1].y, cp[2].x, cp[2].y], nums(v.expected["timingControlPoints"])!, 1e-6, "\(v.id) curve")
            let progress = v.expected["progressAtParentTimes"] as! [String: Any]
            for (t, p) in progress.sorted(by: { Double($0.key)! < Double($1.key)! }) {
                stage.advance(to: Double(t)!)
                expectClose(Double(view.layer.presentation()!.opacity), num(p)!, 1e-6, "\(v.id) at \(t)")
            }
        }
    }

    /// Vector `uikit.additive_ios8`: the model jumps to the new value and an additive animation
    /// runs from old − new to 0; a second block started midway adds its own (11.1).
    @Test("position changes are additive: overlapping animations add up (11.1, uikit.additive_ios8)")
    func additive() throws {
        let v = try #require(SemanticsVector.all.first { $0.id == "uikit.additive_ios8" })
        let old = num(v.input["oldPositionY"])!, new = num(v.input["newPositionY"])!
        let second = num(v.input["secondAnimationAt"])!, secondTarget = num(v.input["secondTargetY"])!
        let duration = num(v.input["duration"])!
        let (stage, view) = stageWithView(frame: CGRect(x: 0, y: old - 5, width: 10, height: 10))
        #expect(Double(view.center.y) == old)
        UIView.animate(withDuration: duration, delay: 0, options: .curveLinear, animations: { view.center.y = new })
        func check(_ animation: CAAnimation?, _ expected: Any?, _ what: String) {
            let e = expected as! [String: Any]
            let a = animation as? CABasicAnimation
            #expect(a?.isAdditive == (e["additive"] as? Bool), "\(v.id) \(what) additive")
            expectClose(Double((a?.fromValue as? CGPoint)?.y ?? .nan), num(e["fromValue"])!, v.tolerance, "\(v.id) \(what) fromValue")
            expectClose(Double((a?.toValue as? CGPoint)?.y ?? .nan), num(e["toValue"])!, v.tolerance, "\(v.id) \(what) toValue")
        }
        check(view.layer.animation(forKey: "position"), v.expected["firstAnimation"], "first")
        var finished: [Bool] = []
        stage.advance(to: second)
        expectClose(view.layer.presentation()!.position.y, num(v.expected["presentationAt_t=0.5"])!, v.tolerance, "\(v.id) t=0.5")
        UIView.animate(
            withDuration: duration, delay: 0, options: .curveLinear, animations: { view.center.y = secondTarget },
            completion: { finished.append($0) })
        let keys = view.layer.animationKeys() ?? []
        #expect(keys.count == 2)
        check(keys.last.flatMap { view.layer.animation(forKey: $0) }, v.expected["secondAnimation"], "second")
        for t in [1.0, 1.5] {
            stage.advance(to: t)
            let expected = num(v.expected["presentationAt_t=\(t)"])!
            expectClose(view.layer.presentation()!.position.y, expected, v.tolerance, "\(v.id) t=\(t)")
        }
        #expect(finished == [true])
    }

    @Test("the completion runs once, when every animation of the block has stopped (11.1)")
    func completion() {
        let (stage, view) = stageWithView()
        var calls: [(Double, Bool)] = []
        UIView.animate(
            withDuration: 0.3,
            animations: {
                view.alpha = 0.5
                view.backgroundColor = .red
            }, completion: { calls.append((CACurrentMediaTime(), $0)) })
        stage.advance(to: 0.2)
        #expect(calls.isEmpty)
        stage.advance(to: 1)
        #expect(calls.count == 1 && calls[0].0 == 0.3 && calls[0].1)
    }

    @Test("a block that changes nothing completes at the commit; duration 0 applies without animation (11.1)")
    func immediateCompletion() {
        let (stage, view) = stageWithView()
        stage.advance(to: 0.2)
        var at: Double?
        UIView.animate(withDuration: 0.3, animations: {}, completion: { _ in at = CACurrentMediaTime() })
        stage.advance(to: 0.25)
        #expect(at == 0.2)
        var zeroDone: Bool?
        UIView.animate(withDuration: 0, animations: { view.alpha = 0.1 }, completion: { zeroDone = $0 })
        #expect(view.layer.animationKeys() == nil)
        stage.advance(to: 0.3)
        #expect(zeroDone == true)
    }

    @Test("removing a block's animation reports finished = false (11.1)")
    func interrupted() {
        let (stage, view) = stageWithView()
        var result: Bool?
        UIView.animate(withDuration: 1, animations: { view.alpha = 0 }, completion: { result = $0 })
        stage.advance(to: 0.5)
        view.layer.removeAllAnimations()
        stage.advance(to: 0.6)
        #expect(result == false)
    }

    @Test("a completion that starts the next block chains seamlessly (seed 002's letters)")
    func chainedBlocks() {
        let (stage, view) = stageWithView()
        var starts: [Double] = []
        func step(_ n: Int) {
            guard n < 4 else { return }
            starts.append(CACurrentMediaTime())
            UIView.animate(
                withDuration: 0.1,
                animations: {
                    view.transform = CGAffineTransform(rotationAngle: .pi / 4)
                },
                completion: { _ in
                    UIView.animate(withDuration: 0.05, animations: { view.transform = .identity }, completion: { _ in step(n + 1) })
                })
        }
        step(0)
        stage.advance(to: 1)
        expectClose(starts, [0, 0.15, 0.3, 0.45], 1e-9, "chain starts")
        stage.advance(to: 0.05)
    }

    @Test("transform animates about the anchor, additively, reaching the new value (11.1)")
    func transformBlock() {
        let (stage, view) = stageWithView()
        UIView.animate(
            withDuration: 0.2, delay: 0, options: .curveLinear,
            animations: {
                view.transform = CGAffineTransform(scaleX: 1.5, y: 1.5)
            })
        stage.advance(to: 0.1)
        let t = view.layer.presentation()!.transform
        #expect(abs(t.m11 - 1.25) < 1e-6 && abs(t.m22 - 1.25) < 1e-6)
        stage.advance(to: 0.3)
        #expect(view.layer.presentation()!.transform.m11 == 1.5)
    }

    @Test("the spring variant builds a CASpringAnimation solved from duration and damping (8.4, 11.2)")
    func spring() {
        let (stage, view) = stageWithView()
        UIView.animate(
            withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0, options: [],
            animations: { view.center.x = 100 })
        let s = view.layer.animation(forKey: "position") as! CASpringAnimation
        #expect(abs(s.stiffness - 387.2746) < 1e-3)
        #expect(abs(s.damping - 27.5510) < 1e-3)
        #expect(s.duration == 0.5)
        stage.advance(to: 0.5)
        #expect(abs(view.layer.presentation()!.position.x - 100) < 1e-9)
    }

    @Test("a label's textColor changes at once inside a block, as in UIKit; its transform animates")
    func labelColour() {
        let stage = Stage(size: CGSize(width: 100, height: 100))
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        stage.rootView.addSubview(label)
        stage.advance(to: 0)
        UIView.animate(
            withDuration: 0.5,
            animations: {
                label.textColor = .red
                label.transform = CGAffineTransform(rotationAngle: .pi / 4)
            })
        #expect(label.layer.animationKeys() == ["transform"])
        stage.advance(to: 0.1)
        #expect((label.layer.presentation() as? CATextLayer)?.foregroundColor == UIColor.red.cgColor)
    }

    @Test("repeat and autoreverse options set the animation's timing (11.1)")
    func repeatAutoreverse() {
        let (_, view) = stageWithView()
        UIView.animate(withDuration: 0.4, delay: 0, options: [.repeat, .autoreverse], animations: { view.alpha = 0 })
        let a = view.layer.animation(forKey: "opacity")!
        #expect(a.repeatCount == .infinity && a.autoreverses)
    }

    @Test("nested blocks inherit duration and curve unless overridden (11.1)")
    func nested() {
        let (_, view) = stageWithView()
        let other = UIView(frame: .zero)
        view.addSubview(other)
        CATransaction.flush()
        UIView.animate(
            withDuration: 0.8, delay: 0, options: .curveEaseIn,
            animations: {
                UIView.animate(withDuration: 0.2, animations: { view.alpha = 0.5 })
                UIView.animate(withDuration: 0.2, delay: 0, options: .overrideInheritedDuration, animations: { other.alpha = 0.5 })
            })
        #expect(view.layer.animation(forKey: "opacity")?.duration == 0.8)
        #expect(view.layer.animation(forKey: "opacity")?.timingFunction == CAMediaTimingFunction(name: .easeIn))
        #expect(other.layer.animation(forKey: "opacity")?.duration == 0.2)
    }
}
