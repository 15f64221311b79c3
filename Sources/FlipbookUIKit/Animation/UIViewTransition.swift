import FlipbookCore
import Foundation

extension UIView {
    /// Changes `view` in `animations` and animates from its old picture to the new one with
    /// the transition in `options` (timing-model.md 7.3).
    public static func transition(
        with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
        animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        runTransition(on: view, duration: duration, options: options, changes: { animations?() }, completion: completion)
    }

    /// Replaces `fromView` with `toView` in their superview (or hides one and shows the other with
    /// `.showHideTransitionViews`), animating the superview's picture (timing-model.md 7.3).
    public static func transition(
        from fromView: UIView, to toView: UIView, duration: TimeInterval,
        options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil
    ) {
        guard let container = fromView.superview else {
            // Nothing holds the old view: UIKit swaps nothing visible; just finish.
            completion?(true)
            return
        }
        runTransition(
            on: container, duration: duration, options: options,
            changes: {
                if options.contains(.showHideTransitionViews) {
                    fromView.isHidden = true
                    toView.isHidden = false
                } else {
                    if toView.superview !== container { container.insertSubview(toView, aboveSubview: fromView) }
                    fromView.removeFromSuperview()
                }
            }, completion: completion)
    }

    private static func runTransition(
        on view: UIView, duration: TimeInterval, options: AnimationOptions,
        changes: () -> Void, completion: ((Bool) -> Void)?
    ) {
        let ctx = TransactionContext.current
        let transition = CATransition()
        switch (options.rawValue >> 20) & 0xF {
        case 1:
            transition.type = .flip
            transition.subtype = .fromLeft
        case 2:
            transition.type = .flip
            transition.subtype = .fromRight
        case 6:
            transition.type = .flip
            transition.subtype = .fromTop
        case 7:
            transition.type = .flip
            transition.subtype = .fromBottom
        case 3, 4:
            // Page curls are not drawn: a cross-dissolve stands in (timing-model.md 7.3).
            view.layer.stage?.warnOnce("page curl", "page-curl transitions are drawn as cross-dissolves")
            transition.type = .fade
        default: transition.type = .fade
        }
        transition.picture = view.layer.snapshot(at: ctx.now)
        performWithoutAnimation(changes)
        guard duration > 0, duration.isFinite else {
            if let completion { finish(completion, at: ctx.now) }
            return
        }
        transition.duration = duration
        transition.timingFunction = options.timingFunction
        transition.fillMode = .both
        let group = CompletionGroup { finished in completion?(finished) }
        view.layer.attach(transition, forKey: kCATransition, extraGroups: [group])
        if !options.contains(.allowUserInteraction) { view.blockInteraction(whileAnimating: kCATransition) }
        group.seal(at: ctx.now, stage: ctx.activeStage)
    }

    private static func finish(_ completion: @escaping (Bool) -> Void, at time: Double) {
        let group = CompletionGroup { finished in completion(finished) }
        group.seal(at: time, stage: TransactionContext.current.activeStage)
    }
}
