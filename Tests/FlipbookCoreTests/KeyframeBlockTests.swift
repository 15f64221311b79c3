import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// UIView.animateKeyframes, with values worked from timing-model.md 11.5.
@Suite("UIView keyframe blocks (timing-model.md 11.5)")
struct KeyframeBlockTests {
    let linear = UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)

    func opacity(_ view: UIView) -> Double { Double(view.layer.presentation()!.opacity) }

    @Test("keyframes hold, then reach each value as their window ends (11.5 first rule)")
    func windows() {
        let (stage, view) = stageWithView()
        var finished: Bool?
        UIView.animateKeyframes(
            withDuration: 1, delay: 0, options: linear,
            animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.alpha = 0 }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.alpha = 1 }
                UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.5) { view.center.x = 105 }
            }, completion: { finished = $0 })
        #expect(view.center.x == 105 && view.alpha == 1)
        for (t, alpha, x) in [(0.25, 0.5, 5.0), (0.5, 0.0, 55.0), (0.75, 0.5, 105.0)] {
            stage.advance(to: t)
            #expect(abs(opacity(view) - alpha) < 1e-6, "alpha at \(t)")
            #expect(abs(view.layer.presentation()!.position.x - x) < 1e-9, "x at \(t)")
        }
        stage.advance(to: 1.1)
        #expect(finished == true)
    }

    @Test("without curve bits the whole animation eases in and out (11.5 pacing)")
    func defaultCurve() {
        let (stage, view) = stageWithView()
        UIView.animateKeyframes(
            withDuration: 1, delay: 0, options: [],
            animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.center.x = 105 }
            })
        stage.advance(to: 0.25)
        // ease-in-ease-out at 0.25 is well below 0.25 (it is 0.1291…; Float control points).
        let x = view.layer.presentation()!.position.x
        #expect(abs(x - (5 + 100 * 0.12909)) < 0.05)
    }

    @Test("discrete keyframes jump when they start (11.5 calculation mode)")
    func discrete() {
        let (stage, view) = stageWithView()
        let options = linear.union(.calculationModeDiscrete)
        UIView.animateKeyframes(
            withDuration: 1, delay: 0, options: options,
            animations: {
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.2) { view.center.x = 105 }
            })
        stage.advance(to: 0.45)
        #expect(view.layer.presentation()!.position.x == 5)
        stage.advance(to: 0.55)
        #expect(view.layer.presentation()!.position.x == 105)
    }

    @Test("a keyframe that starts before the previous one ends starts at that end (11.5)")
    func overlapping() {
        let (stage, view) = stageWithView()
        UIView.animateKeyframes(
            withDuration: 1, delay: 0, options: linear,
            animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.6) { view.alpha = 0 }
                UIView.addKeyframe(withRelativeStartTime: 0.4, relativeDuration: 0.4) { view.alpha = 1 }
            })
        // Key times 0, 0.6, 0.8 (the second window moved to 0.6…0.8), values 1, 0, 1.
        stage.advance(to: 0.3)
        #expect(abs(opacity(view) - 0.5) < 1e-6)
        stage.advance(to: 0.7)
        #expect(abs(opacity(view) - 0.5) < 1e-6)
    }

    @Test("option bits are Apple's")
    func optionBits() {
        #expect(UIView.KeyframeAnimationOptions.calculationModeDiscrete.rawValue == 1024)
        #expect(UIView.KeyframeAnimationOptions.calculationModeCubicPaced.rawValue == 4096)
        #expect(UIView.KeyframeAnimationOptions.overrideInheritedOptions.rawValue == 512)
    }
}
