import FlipbookCore
import Foundation

extension ScenarioRuntime {
    /// The named animator, made (inactive) on first use with its block recorded.
    func animator(named name: String) -> UIViewPropertyAnimator? {
        if let made = animators[name] { return made }
        guard let spec = scenario.animators[name] else { return nil }
        let timing: any UITimingCurveProvider
        if let ratio = spec.damping {
            timing = UISpringTimingParameters(dampingRatio: CGFloat(ratio))
        } else if let p = spec.controlPoints, p.count == 4 {
            timing = UICubicTimingParameters(controlPoint1: CGPoint(x: p[0], y: p[1]), controlPoint2: CGPoint(x: p[2], y: p[3]))
        } else {
            timing = UICubicTimingParameters(animationCurve: Self.animationCurve(spec.curve))
        }
        let animator = UIViewPropertyAnimator(duration: spec.duration, timingParameters: timing)
        animator.scrubsLinearly = spec.scrubsLinearly
        animator.pausesOnCompletion = spec.pausesOnCompletion
        animator.addAnimations { [unowned self] in
            // The block runs when the animator first becomes active: the layers answer actions
            // as views do for its length, then get their own delegates back.
            let touched = Set(spec.sets.map(\.layer) + spec.settings.map(\.layer)).compactMap { layers[$0] }
            let saved = touched.map { ($0, $0.delegate) }
            for layer in touched { layer.delegate = viewStyleDelegate }
            for s in spec.settings { applySetting(s) }
            for (id, kp, value) in spec.sets { layers[id]?.setValue(value.bridged, forKeyPath: kp.description) }
            for (layer, delegate) in saved { layer.delegate = delegate }
        }
        let completion = spec.completion
        if !completion.isEmpty {
            animator.addCompletion { [unowned self] position in
                stage.record("animator \(name) finished at \(position)")
                perform(completion)
            }
        }
        animators[name] = animator
        return animator
    }

    func perform(_ call: AnimatorCall, on name: String) {
        guard let animator = animator(named: name) else { return }
        switch call {
        case .start(let delay): animator.startAnimation(afterDelay: delay)
        case .pause: animator.pauseAnimation()
        case .continue(let curve, let factor):
            animator.continueAnimation(withTimingParameters: curve.map { UICubicTimingParameters(animationCurve: Self.animationCurve($0)) },
                                       durationFactor: CGFloat(factor))
        case .reverse(let reversed): animator.isReversed = reversed
        case .stop: animator.stopAnimation(true)
        case .finish(let position):
            animator.stopAnimation(false)
            animator.finishAnimation(at: position)
        case .fraction(let f): animator.fractionComplete = CGFloat(f)
        }
    }

    static func animationCurve(_ name: String) -> UIView.AnimationCurve {
        switch name {
        case "easeIn": return .easeIn
        case "easeOut": return .easeOut
        case "linear": return .linear
        default: return .easeInOut
        }
    }
}
