import FlipbookCore
import Foundation

extension UIView {
    /// Options of `UIView.animate` (timing-model.md 11.1).
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        /// The timing function the curve bits select.
        var timingFunction: CAMediaTimingFunction {
            switch (rawValue >> 16) & 0xF {
            case 1: return CAMediaTimingFunction(name: .easeIn)
            case 2: return CAMediaTimingFunction(name: .easeOut)
            case 3: return CAMediaTimingFunction(name: .linear)
            default: return CAMediaTimingFunction(name: .easeInEaseOut)
            }
        }
        var hasCurve: Bool { (rawValue >> 16) & 0xF != 0 }
    }

    /// Animates the changes made in `animations` (timing-model.md 11.1).
    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        runBlock(
            UIViewAnimationState(duration: duration, delay: delay, options: options, spring: nil),
            animations: animations, completion: completion)
    }

    public static func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// A spring animation solved as UIKit does (timing-model.md 8.4).
    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval,
        usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
        options: AnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let spring = UIKitSpring.parameters(duration: duration, dampingRatio: dampingRatio, velocity: velocity)
        runBlock(
            UIViewAnimationState(duration: duration, delay: delay, options: options, spring: spring),
            animations: animations, completion: completion)
    }

    /// The iOS 17 spring: perceptual duration and bounce (timing-model.md 8.3).
    public static func animate(
        springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0,
        initialSpringVelocity velocity: CGFloat = 0, delay: TimeInterval = 0,
        options: AnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let probe = CASpringAnimation(perceptualDuration: duration, bounce: bounce)
        let spring = UIKitSpring(
            stiffness: probe.stiffness, damping: probe.damping, velocity: velocity,
            allowsOverdamping: true, duration: probe.settlingDuration)
        runBlock(
            UIViewAnimationState(duration: spring.duration, delay: delay, options: options, spring: spring),
            animations: animations, completion: completion)
    }

    /// Whether code runs inside a `UIView.animate` block that animates (not
    /// `performWithoutAnimation`).
    static var insideAnimationBlock: Bool { (TransactionContext.current.viewAnimationStack.last?.duration ?? 0) > 0 }

    /// Runs `animations` without animating anything.
    public static func performWithoutAnimation(_ actions: () -> Void) {
        let ctx = TransactionContext.current
        ctx.viewAnimationStack.append(UIViewAnimationState(duration: 0, delay: 0, options: [], spring: nil))
        actions()
        ctx.viewAnimationStack.removeLast()
    }

    private static func runBlock(_ requested: UIViewAnimationState, animations: () -> Void, completion: ((Bool) -> Void)?) {
        let ctx = TransactionContext.current
        var state = requested
        // A nested block inherits the outer duration and curve unless told otherwise (11.1).
        if let outer = ctx.viewAnimationStack.last, outer.duration > 0 {
            if !state.options.contains(.overrideInheritedDuration) { state.duration = outer.duration }
            if !state.options.contains(.overrideInheritedCurve) && state.spring == nil {
                state.timingFunction = outer.timingFunction
            }
        }
        let group = CompletionGroup { finished in completion?(finished) }
        state.completion = group
        ctx.viewAnimationStack.append(state)
        animations()
        ctx.viewAnimationStack.removeLast()
        group.seal(at: ctx.now, stage: ctx.activeStage)
    }
}

/// The settings of one `UIView.animate` block.
struct UIViewAnimationState {
    var duration: Double
    var delay: Double
    var options: UIView.AnimationOptions
    var spring: UIKitSpring?
    var timingFunction: CAMediaTimingFunction
    var completion: CompletionGroup?
    /// A property animator recording the block (its animations follow the animator, 11.4).
    var recorder: AnimatorRecorder?
    /// An `animateKeyframes` block collecting keyframes (11.5).
    var keyframes: KeyframeRecorder?

    init(duration: Double, delay: Double, options: UIView.AnimationOptions, spring: UIKitSpring?) {
        self.duration = duration.isFinite ? duration : 0
        self.delay = delay.isFinite ? max(0, delay) : 0
        self.options = options
        self.spring = spring
        timingFunction = options.timingFunction
    }
}

/// Spring constants for a UIKit spring block.
struct UIKitSpring {
    var stiffness: Double
    var damping: Double
    var velocity: Double
    var allowsOverdamping: Bool
    var duration: Double

    /// Solves ω0 so that the sine envelope has fallen to 0.001 at the duration (timing-model.md 8.4).
    static func parameters(duration: Double, dampingRatio: Double, velocity v0: Double) -> UIKitSpring {
        let zeta = min(max(dampingRatio.isFinite ? dampingRatio : 1, Double(Float.ulpOfOne)), 1)
        let d = min(max(duration.isFinite ? duration : 0.01, 0.01), 10)
        let v = v0.isFinite ? v0 : 0
        let eps = 0.001
        var w = 5 / d
        for _ in 0..<12 {
            let f: Double, df: Double
            if zeta < 1 {
                let a = (1 - zeta * zeta).squareRoot()
                let e = exp(-zeta * w * d)
                let num = zeta * w - v
                let sign: Double = num >= 0 ? 1 : -1
                f = sign * num / (w * a) * e - eps
                df = sign * e / a * (v / (w * w) - zeta * d * num / w)
            } else {
                let e = exp(-w * d)
                let sign: Double = w - v >= 0 ? 1 : -1
                f = (1 + (w - v) * d) * e - eps * sign
                df = -d * d * (w - v) * e
            }
            guard df != 0, df.isFinite else { break }
            let next = w - f / df
            guard next.isFinite else { break }
            w = next
        }
        return UIKitSpring(stiffness: w * w, damping: 2 * zeta * w, velocity: v, allowsOverdamping: false, duration: d)
    }

    /// ω0 of the solved spring.
    var naturalFrequency: Double { stiffness.squareRoot() }
}

/// The action a view returns inside an animation block: it builds UIKit's animation once the
/// new model value is known (timing-model.md 11.1).
final class UIViewAnimationAction: CAAction {
    let state: UIViewAnimationState
    let property: LayerProperty
    let oldModel: AnimatableValue
    let oldPresentation: AnimatableValue

    init(state: UIViewAnimationState, property: LayerProperty, oldModel: AnimatableValue, oldPresentation: AnimatableValue) {
        self.state = state
        self.property = property
        self.oldModel = oldModel
        self.oldPresentation = oldPresentation
    }

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        let new = layer.modelState[property]
        let additive: [(String, AnimatableValue, AnimatableValue)]
        switch (property, oldModel, new) {
        case (.bounds, .rect(let o), .rect(let n)):
            additive = [
                ("bounds.origin", .point(CGPoint(x: o.origin.x - n.origin.x, y: o.origin.y - n.origin.y)), .point(.zero)),
                ("bounds.size", .size(CGSize(width: o.width - n.width, height: o.height - n.height)), .size(.zero))
            ]
        case (.position, _, _):
            additive = [("position", ValueMath.subtract(oldModel, new), .point(.zero))]
        case (.transform, .transform(let o), .transform(let n)):
            // old − new for transforms: the animated matrix that, concatenated with the new
            // model, gives the old one.
            additive = [("transform", .transform(CATransform3DConcat(o, CATransform3DInvert(n))), .transform(CATransform3DIdentity))]
        default:
            additive = []
        }
        if let keyframes = state.keyframes {
            let from = state.options.contains(.beginFromCurrentState) ? oldPresentation : oldModel
            keyframes.record(layer: layer, property: property, from: from, to: new)
            return
        }
        if let recorder = state.recorder {
            record(in: recorder, layer: layer, additive: additive, new: new)
            return
        }
        if !additive.isEmpty {
            for (keyPath, from, to) in additive {
                let anim = makeAnimation(keyPath: keyPath)
                anim.fromValue = from.bridged
                anim.toValue = to.bridged
                anim.isAdditive = true
                add(anim, to: layer, key: keyPath)
            }
        } else {
            let anim = makeAnimation(keyPath: property.rawValue)
            let from = state.options.contains(.beginFromCurrentState) ? oldPresentation : oldModel
            anim.fromValue = from.bridged
            anim.toValue = new.bridged
            add(anim, to: layer, key: property.rawValue)
        }
    }

    /// The same animations, driven by a property animator instead of the clock.
    private func record(
        in recorder: AnimatorRecorder, layer: CALayer,
        additive: [(String, AnimatableValue, AnimatableValue)], new: AnimatableValue
    ) {
        var made: [(key: String, animation: AnimatorDrivenAnimation)] = []
        func make(_ keyPath: String, _ from: AnimatableValue, _ to: AnimatableValue, isAdditive: Bool) {
            let anim = AnimatorDrivenAnimation(keyPath: keyPath)
            anim.fromValue = from.bridged
            anim.toValue = to.bridged
            anim.isAdditive = isAdditive
            anim.duration = 1
            anim.repeatCount = .infinity
            anim.fillMode = .both
            anim.isRemovedOnCompletion = false
            var unique = "animator." + keyPath
            var n = 1
            while layer.animation(forKey: unique) != nil {
                n += 1
                unique = "animator.\(keyPath)-\(n)"
            }
            made.append((unique, anim))
        }
        if additive.isEmpty {
            make(property.rawValue, oldPresentation, new, isAdditive: false)
        } else {
            for (keyPath, from, to) in additive { make(keyPath, from, to, isAdditive: true) }
        }
        recorder.animator.addTrack(
            layer: layer, property: property, oldModel: oldModel, animations: made,
            startFraction: recorder.startFraction)
    }

    private func makeAnimation(keyPath: String) -> CABasicAnimation {
        let anim: CABasicAnimation
        if let s = state.spring {
            let spring = CASpringAnimation(keyPath: keyPath)
            spring.mass = 1
            spring.stiffness = s.stiffness
            spring.damping = s.damping
            spring.initialVelocity = s.velocity
            spring.allowsOverdamping = s.allowsOverdamping
            spring.duration = s.duration
            anim = spring
        } else {
            anim = CABasicAnimation(keyPath: keyPath)
            anim.duration = state.duration
            anim.timingFunction = state.timingFunction
        }
        anim.fillMode = .both
        if state.options.contains(.repeat) { anim.repeatCount = .infinity }
        if state.options.contains(.autoreverse) { anim.autoreverses = true }
        return anim
    }

    private func add(_ anim: CABasicAnimation, to layer: CALayer, key: String) {
        let ctx = TransactionContext.current
        if state.delay > 0 { anim.beginTime = layer.convertTime(ctx.now, from: nil) + state.delay }
        // Overlapping UIKit animations of one key add up instead of replacing each other.
        var unique = key
        var n = 1
        while layer.animation(forKey: unique) != nil {
            n += 1
            unique = "\(key)-\(n)"
        }
        layer.attach(anim, forKey: unique, extraGroups: state.completion.map { [$0] } ?? [])
        if !state.options.contains(.allowUserInteraction) { (layer.delegate as? UIView)?.blockInteraction(whileAnimating: unique) }
    }
}
