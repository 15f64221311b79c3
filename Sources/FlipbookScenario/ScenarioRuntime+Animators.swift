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

extension ScenarioRuntime {
    /// `UIView.animateKeyframes` over a scenario's frames (timing-model.md 11.5).
    func performKeyframes(_ block: KeyframeBlock, frames: [KeyframeSpec], completion: [ScenarioAction]) {
        let touched = Set(frames.flatMap { $0.sets.map(\.layer) + $0.settings.map(\.layer) }).compactMap { layers[$0] }
        let saved = touched.map { ($0, $0.delegate) }
        for layer in touched { layer.delegate = viewStyleDelegate }
        var raw: UInt = 0
        switch block.curve {
        case "easeIn": raw |= UIView.AnimationOptions.curveEaseIn.rawValue
        case "easeOut": raw |= UIView.AnimationOptions.curveEaseOut.rawValue
        case "linear": raw |= UIView.AnimationOptions.curveLinear.rawValue
        default: break
        }
        var options = UIView.KeyframeAnimationOptions(rawValue: raw)
        switch block.mode {
        case "discrete": options.insert(.calculationModeDiscrete)
        case "paced": options.insert(.calculationModePaced)
        case "cubic": options.insert(.calculationModeCubic)
        case "cubicPaced": options.insert(.calculationModeCubicPaced)
        default: break
        }
        if block.repeats { options.insert(.repeat) }
        if block.autoreverses { options.insert(.autoreverse) }
        if block.beginFromCurrentState { options.insert(.beginFromCurrentState) }
        UIView.animateKeyframes(withDuration: block.duration, delay: block.delay, options: options, animations: { [unowned self] in
            for frame in frames {
                UIView.addKeyframe(withRelativeStartTime: frame.start, relativeDuration: frame.duration) {
                    for s in frame.settings { self.applySetting(s) }
                    for (id, kp, value) in frame.sets { self.layers[id]?.setValue(value.bridged, forKeyPath: kp.description) }
                }
            }
        }, completion: { [unowned self] _ in perform(completion) })
        for (layer, delegate) in saved { layer.delegate = delegate }
    }
}

extension ScenarioRuntime {
    /// Adds a CATransition to the layer (it pictures the layer now), then makes the changes at
    /// once: the transition animates from the old picture to the new (timing-model.md 7).
    func performTransition(_ spec: TransitionSpec, sets: [(layer: String, keyPath: LayerKeyPath, value: AnimatableValue)],
                           settings: [LayerSetting]) {
        guard let layer = layers[spec.layer] else { return }
        let transition = CATransition()
        transition.type = CATransitionType(rawValue: spec.type)
        transition.subtype = spec.subtype.map(CATransitionSubtype.init(rawValue:))
        transition.duration = spec.duration
        transition.timingFunction = CAMediaTimingFunction(name: Self.mediaTimingName(spec.curve))
        transition.startProgress = Float(spec.startProgress)
        transition.endProgress = Float(spec.endProgress)
        layer.add(transition, forKey: kCATransition)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for s in settings { applySetting(s) }
        for (id, kp, value) in sets { layers[id]?.setValue(value.bridged, forKeyPath: kp.description) }
        CATransaction.commit()
    }

    static func mediaTimingName(_ curve: String) -> CAMediaTimingFunctionName {
        switch curve {
        case "easeIn": return .easeIn
        case "easeOut": return .easeOut
        case "linear": return .linear
        default: return .easeInEaseOut
        }
    }
}
