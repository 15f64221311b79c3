import FlipbookCore
import Foundation

/// Drives a custom transition by a gesture's progress (timing-model.md 11.9, rule 5): the
/// animator's animations start frozen at their beginning (the container's clock stopped,
/// QA1673); `update` moves them to a fraction of the way; `finish` lets them run on from there;
/// `cancel` runs them back to the start, then the transition ends cancelled.
open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
    /// The animator's duration.
    open var duration: CGFloat { CGFloat(transition?.transitionDuration ?? 0) }
    /// How far the transition is, 0 to 1.
    open private(set) var percentComplete: CGFloat = 0
    /// How fast the rest plays after `finish` or `cancel` (1: the animator's own pace).
    open var completionSpeed: CGFloat = 1
    /// Kept for code that sets it: the rest plays on the animator's own curves.
    open var completionCurve = UIView.AnimationCurve.easeInOut
    /// False: the transition plays on at once, as if finished straight away.
    open var wantsInteractiveStart = true

    private var transition: ViewControllerTransition?

    public override init() { super.init() }

    /// Called by UIKit: freezes the container's clock and lets the animator add its animations.
    open func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
        guard let transition = transitionContext as? ViewControllerTransition else { return }
        self.transition = transition
        let layer = transition.containerView.layer
        (layer.speed, layer.timeOffset, layer.beginTime) = (0, 0, 0)
        transition.drivesContainerClock = true
        // Committed now (the run loop turn's transaction flushed), with the clock at 0, so the
        // animations begin at 0 in the container's time even if `update` follows in this turn.
        CATransaction.begin()
        transition.startAnimator()
        CATransaction.commit()
        CATransaction.flush()
        update(percentComplete)
        if !wantsInteractiveStart { finish() }
    }

    /// Moves the frozen animations to `percentComplete` of the way.
    open func update(_ percentComplete: CGFloat) {
        self.percentComplete = percentComplete.isFinite ? min(max(percentComplete, 0), 1) : 0
        guard let transition, transition.isInteractive else { return }
        transition.containerView.layer.timeOffset = Double(self.percentComplete) * transition.transitionDuration
        transition.updateInteractiveTransition(self.percentComplete)
    }

    /// Holds the transition where it is (after `finish` or `cancel` started it moving again).
    open func pause() {
        guard let transition else { return }
        transition.pauseInteractiveTransition()
        let layer = transition.containerView.layer
        let now = layer.convertTime(Stage.current?.now ?? 0, from: nil)
        (layer.speed, layer.timeOffset, layer.beginTime) = (0, now, 0)
    }

    /// Plays the rest of the transition from where it is; the animator then completes it.
    open func finish() {
        guard let transition else { return }
        transition.finishInteractiveTransition()
        let layer = transition.containerView.layer
        let paused = layer.timeOffset, speed = Self.speed(completionSpeed)
        let parentNow = layer.superlayer?.convertTime(Stage.current?.now ?? 0, from: nil) ?? Stage.current?.now ?? 0
        // QA1673's resume at `speed`: local time continues from `paused` (timing-model.md 1.9).
        (layer.speed, layer.timeOffset, layer.beginTime) = (Float(speed), 0, parentNow - paused / speed)
        self.transition = nil
    }

    /// Plays the transition back to its start, then ends it cancelled: the views keep where they
    /// began and the animator's completion sees `transitionWasCancelled`.
    open func cancel() {
        guard let transition, let stage = Stage.current ?? transition.containerView.layer.stage else { return }
        transition.cancelInteractiveTransition()
        self.transition = nil
        rewind(transition, on: stage, from: stage.now)
    }

    private static func speed(_ s: CGFloat) -> Double { s.isFinite && s > 0.01 ? Double(s) : 1 }

    /// One display refresh at a time (60 Hz), the frozen clock goes back to 0.
    private func rewind(_ transition: ViewControllerTransition, on stage: Stage, from time: Double) {
        let step = 1 / CADisplayLink.refreshRate, speed = Self.speed(completionSpeed)
        stage.schedule(at: time + step, label: "interactive transition cancel") { [weak stage] in
            let layer = transition.containerView.layer
            layer.timeOffset = max(0, layer.timeOffset - step * speed)
            self.percentComplete = transition.transitionDuration > 0 ? CGFloat(layer.timeOffset / transition.transitionDuration) : 0
            guard layer.timeOffset <= 0 else {
                if let stage { self.rewind(transition, on: stage, from: time + step) }
                return
            }
            Self.keepStartValues(in: layer)
        }
    }

    /// Makes every animated value in the tree its start value (what the frozen animations show
    /// at 0) and removes the animations, which tells their completions `finished = false`.
    private static func keepStartValues(in root: CALayer) {
        var layers = [root]
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        while let layer = layers.popLast() {
            layers += layer.sublayers ?? []
            guard let keys = layer.animationKeys(), let shown = layer.presentation() else { continue }
            for key in keys {
                guard let path = (layer.animation(forKey: key) as? CAPropertyAnimation)?.keyPath else { continue }
                layer.setValue(shown.value(forKeyPath: path), forKeyPath: path)
            }
            layer.removeAllAnimations()
        }
        CATransaction.commit()
    }
}
