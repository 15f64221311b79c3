import FlipbookCore
import FlipbookUIKit
import Foundation

/// Builds Core Animation objects from templates.
package enum AnimationFactory {
    public static func make(_ spec: AnimationSpec) -> CAAnimation {
        let anim: CAAnimation
        switch spec.kind {
        case .basic, .spring:
            let basic: CABasicAnimation
            if spec.kind == .spring {
                let s: CASpringAnimation
                if let pd = spec.perceptualDuration {
                    s = CASpringAnimation(perceptualDuration: pd, bounce: spec.bounce ?? 0)
                } else {
                    s = CASpringAnimation()
                }
                if let v = spec.mass { s.mass = v }
                if let v = spec.stiffness { s.stiffness = v }
                if let v = spec.damping { s.damping = v }
                if let v = spec.initialVelocity { s.initialVelocity = v }
                if let v = spec.allowsOverdamping { s.allowsOverdamping = v }
                basic = s
            } else {
                basic = CABasicAnimation()
            }
            basic.fromValue = spec.from?.bridged
            basic.toValue = spec.to?.bridged
            basic.byValue = spec.by?.bridged
            anim = basic
        case .keyframe:
            let k = CAKeyframeAnimation()
            // The values themselves: `bridged` gives `Any?`, which `as Any` wrapped in an Optional
            // that the animation's bridging then unwrapped through the runtime's slow casts.
            k.values = spec.values?.map { $0 as Any }
            k.keyTimes = spec.keyTimes?.map { NSNumber(value: $0) }
            k.timingFunctions = spec.timingFunctions?.map(\.function)
            if let m = spec.calculationMode { k.calculationMode = m }
            if let p = spec.path { k.path = pathFrom(p) }
            k.rotationMode = spec.rotationMode
            k.tensionValues = spec.tension?.map { NSNumber(value: $0) }
            k.continuityValues = spec.continuity?.map { NSNumber(value: $0) }
            k.biasValues = spec.bias?.map { NSNumber(value: $0) }
            anim = k
        case .group:
            let g = CAAnimationGroup()
            g.animations = spec.children.map(make)
            anim = g
        }
        if let p = anim as? CAPropertyAnimation {
            p.keyPath = spec.keyPath
            if let v = spec.additive { p.isAdditive = v }
            if let v = spec.cumulative { p.isCumulative = v }
            if let v = spec.valueFunction { p.valueFunction = CAValueFunction(name: v) }
        }
        if let v = spec.duration { anim.duration = v }
        if spec.durationIsSettling, let s = anim as? CASpringAnimation { s.duration = s.settlingDuration }
        if let v = spec.beginTime { anim.beginTime = v }
        if let v = spec.timeOffset { anim.timeOffset = v }
        if let v = spec.speed { anim.speed = Float(v) }
        if let v = spec.repeatCount { anim.repeatCount = v.isInfinite ? .infinity : Float(v) }
        if let v = spec.repeatDuration { anim.repeatDuration = v }
        if let v = spec.autoreverses { anim.autoreverses = v }
        if let v = spec.fillMode { anim.fillMode = v }
        if let v = spec.removedOnCompletion { anim.isRemovedOnCompletion = v }
        if let t = spec.timingFunction { anim.timingFunction = t.function }
        return anim
    }

    private static func pathFrom(_ elements: [PathElement]) -> CGPath {
        let m = CGMutablePath()
        for e in elements {
            switch e {
            case .moveTo(let p): m.move(to: p)
            case .lineTo(let p): m.addLine(to: p)
            case .quadCurveTo(let c, let p): m.addQuadCurve(to: p, control: c)
            case .curveTo(let c1, let c2, let p): m.addCurve(to: p, control1: c1, control2: c2)
            case .closeSubpath: m.closeSubpath()
            }
        }
        return m
    }
}
