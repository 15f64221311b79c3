import FlipbookCore
import FlipbookUIKit
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
            animator.continueAnimation(
                withTimingParameters: curve.map { UICubicTimingParameters(animationCurve: Self.animationCurve($0)) },
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
        UIView.animateKeyframes(
            withDuration: block.duration, delay: block.delay, options: options,
            animations: { [unowned self] in
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
    func performTransition(
        _ spec: TransitionSpec, sets: [(layer: String, keyPath: LayerKeyPath, value: AnimatableValue)],
        settings: [LayerSetting]
    ) {
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

extension ScenarioRuntime {
    /// A CAEmitterLayer from a scenario's settings; each cell's particle is a white shape
    /// drawn at 2× and tinted by the cell's colour.
    static func makeEmitter(_ spec: EmitterSpec) -> CAEmitterLayer {
        let e = CAEmitterLayer()
        e.emitterPosition = spec.position
        e.emitterSize = spec.size
        e.emitterShape = CAEmitterLayerEmitterShape(rawValue: spec.shape)
        e.emitterMode = CAEmitterLayerEmitterMode(rawValue: spec.mode)
        e.renderMode = CAEmitterLayerRenderMode(rawValue: spec.renderMode)
        e.lifetime = Float(spec.lifetime)
        e.velocity = Float(spec.velocity)
        e.scale = Float(spec.scale)
        e.spin = Float(spec.spin)
        e.seed = spec.seed
        e.emitterCells = spec.cells.map { c in
            let cell = CAEmitterCell()
            let n = c.numbers
            func f(_ k: String) -> Float? { n[k].map(Float.init) }
            func g(_ k: String) -> CGFloat? { n[k].map { CGFloat($0) } }
            cell.birthRate = f("birthRate") ?? 0
            cell.lifetime = f("lifetime") ?? 0
            cell.lifetimeRange = f("lifetimeRange") ?? 0
            cell.emissionLongitude = g("emissionLongitude") ?? 0
            cell.emissionRange = g("emissionRange") ?? 0
            cell.velocity = g("velocity") ?? 0
            cell.velocityRange = g("velocityRange") ?? 0
            cell.xAcceleration = g("xAcceleration") ?? 0
            cell.yAcceleration = g("yAcceleration") ?? 0
            cell.scale = g("scale") ?? 1
            cell.scaleRange = g("scaleRange") ?? 0
            cell.scaleSpeed = g("scaleSpeed") ?? 0
            cell.spin = g("spin") ?? 0
            cell.spinRange = g("spinRange") ?? 0
            cell.redRange = f("redRange") ?? 0
            cell.greenRange = f("greenRange") ?? 0
            cell.blueRange = f("blueRange") ?? 0
            cell.alphaRange = f("alphaRange") ?? 0
            cell.redSpeed = f("redSpeed") ?? 0
            cell.greenSpeed = f("greenSpeed") ?? 0
            cell.blueSpeed = f("blueSpeed") ?? 0
            cell.alphaSpeed = f("alphaSpeed") ?? 0
            cell.color = CGColor(red: c.color.red, green: c.color.green, blue: c.color.blue, alpha: c.color.alpha)
            cell.contents = particleImage(shape: c.particleShape, size: c.particleSize)
            return cell
        }
        return e
    }

    /// A white rectangle or ellipse at 2 px per point.
    static func particleImage(shape: String, size: CGSize) -> LayerImage {
        let w = max(1, Int((size.width * 2).rounded())), h = max(1, Int((size.height * 2).rounded()))
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                var inside = true
                if shape == "circle" {
                    let dx = (Double(x) + 0.5) / Double(w) - 0.5, dy = (Double(y) + 0.5) / Double(h) - 0.5
                    inside = dx * dx + dy * dy <= 0.25
                }
                if inside { for c in 0..<4 { rgba[(y * w + x) * 4 + c] = 255 } }
            }
        }
        return LayerImage(width: w, height: h, rgba: rgba, scale: 2)
    }
}
