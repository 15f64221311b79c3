import FlipbookCore
import Foundation

/// One transition between two controllers: the context its animator gets, and the coordinator
/// the controllers in it see (`transitionCoordinator`). Animations added alongside run as one
/// view animation of the animator's duration, started right after the animator's own.
final class ViewControllerTransition: UIViewControllerContextTransitioning, UIViewControllerTransitionCoordinator,
    UIViewControllerTransitionCoordinatorContext
{
    let containerView: UIView
    let isAnimated: Bool
    let presentationStyle: UIModalPresentationStyle
    private let from: UIViewController
    private let to: UIViewController
    private let views: [UITransitionContextViewKey: UIView]
    private let frames: [ObjectIdentifier: (initial: CGRect, final: CGRect)]
    private var alongside:
        [(
            animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
            completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
        )] = []
    private var finished: ((Bool) -> Void)?
    private var animator: (any UIViewControllerAnimatedTransitioning)?
    private(set) var transitionDuration: TimeInterval = 0

    init(
        container: UIView, from: UIViewController, to: UIViewController, views: [UITransitionContextViewKey: UIView],
        frames: [(UIViewController, initial: CGRect, final: CGRect)], animated: Bool, style: UIModalPresentationStyle
    ) {
        containerView = container
        self.from = from
        self.to = to
        self.views = views
        var byController: [ObjectIdentifier: (initial: CGRect, final: CGRect)] = [:]
        for (controller, initial, final) in frames { byController[ObjectIdentifier(controller)] = (initial, final) }
        self.frames = byController
        isAnimated = animated
        presentationStyle = style
    }

    /// Runs `animator` (its duration first, then its animation, then what was added alongside),
    /// or hands the transition to `interaction`, which starts the animator and drives it;
    /// `finished` runs once when the animator completes the transition.
    func run(
        _ animator: any UIViewControllerAnimatedTransitioning, interaction: (any UIViewControllerInteractiveTransitioning)? = nil,
        finished: @escaping (Bool) -> Void
    ) {
        self.animator = animator
        self.finished = finished
        transitionDuration = max(0, animator.transitionDuration(using: self))
        guard let interaction else { return startAnimator() }
        isInteractive = true
        self.interaction = interaction
        interaction.startInteractiveTransition(self)
    }

    /// Asks the animator to animate (an interactive driver calls it with the container frozen).
    func startAnimator() {
        animator?.animateTransition(using: self)
        runAlongside()
    }

    private var interaction: (any UIViewControllerInteractiveTransitioning)?
    /// Set by a percent-driven interaction that took over the container's clock, so the clock is
    /// given back when the transition ends.
    var drivesContainerClock = false

    private var startedAlongside = 0

    private func runAlongside() {
        let pending = alongside[startedAlongside...].compactMap(\.animation)
        startedAlongside = alongside.count
        guard !pending.isEmpty else { return }
        if isAnimated && transitionDuration > 0 {
            UIView.animate(withDuration: transitionDuration, delay: 0, options: [.curveEaseInOut]) { for block in pending { block(self) } }
        } else {
            UIView.performWithoutAnimation { for block in pending { block(self) } }
        }
    }

    // MARK: Context

    private(set) var isInteractive = false
    /// How far an interaction has driven the transition.
    private(set) var percentComplete: CGFloat = 0
    private(set) var transitionWasCancelled = false
    var isCancelled: Bool { transitionWasCancelled }
    var targetTransform: CGAffineTransform { .identity }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? from : key == .to ? to : nil
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? { views[key] }

    func initialFrame(for vc: UIViewController) -> CGRect { frames[ObjectIdentifier(vc)]?.initial ?? .zero }

    func finalFrame(for vc: UIViewController) -> CGRect { frames[ObjectIdentifier(vc)]?.final ?? .zero }

    func completeTransition(_ didComplete: Bool) {
        guard let finished else { return }
        self.finished = nil
        if drivesContainerClock {
            drivesContainerClock = false
            let layer = containerView.layer
            (layer.speed, layer.timeOffset, layer.beginTime) = (1, 0, 0)
        }
        interaction = nil
        isInteractive = false
        transitionWasCancelled = !didComplete
        finished(didComplete)
        for entry in alongside { entry.completion?(self) }
        alongside = []
        animator?.animationEnded(didComplete)
        animator = nil
    }

    func updateInteractiveTransition(_ percentComplete: CGFloat) { self.percentComplete = percentComplete }
    func finishInteractiveTransition() { isInteractive = false }
    func cancelInteractiveTransition() {
        isInteractive = false
        transitionWasCancelled = true
    }
    func pauseInteractiveTransition() { isInteractive = true }

    // MARK: Coordinator

    @discardableResult
    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        alongside.append((animation, completion))
        // Added while the animator runs (or after): started at once with the rest.
        if animator != nil { runAlongside() }
        return true
    }
}

/// UIKit's built-in presentation animation: the presented view slides up from below the
/// container (`.coverVertical`) or fades in (`.crossDissolve`), and back on dismissal, over
/// 0.5 s [proj: timing-model.md 11.9].
final class ModalTransitionAnimator: UIViewControllerAnimatedTransitioning {
    static let duration: TimeInterval = 0.5
    let presenting: Bool
    let style: UIModalTransitionStyle

    init(presenting: Bool, style: UIModalTransitionStyle) {
        self.presenting = presenting
        self.style = style
    }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { Self.duration }

    func animateTransition(using context: any UIViewControllerContextTransitioning) {
        let key: UITransitionContextViewControllerKey = presenting ? .to : .from
        guard let controller = context.viewController(forKey: key), let view = context.view(forKey: presenting ? .to : .from) else {
            context.completeTransition(true)
            return
        }
        let shown = presenting ? context.finalFrame(for: controller) : context.initialFrame(for: controller)
        let hidden = shown.offsetBy(dx: 0, dy: context.containerView.bounds.height - shown.minY)
        let fades = style != .coverVertical
        UIView.performWithoutAnimation {
            if presenting { context.containerView.addSubview(view) }
            view.frame = presenting && !fades ? hidden : shown
            if fades && presenting { view.alpha = 0 }
        }
        UIView.animate(
            withDuration: Self.duration, delay: 0, options: [.curveEaseInOut],
            animations: {
                if fades {
                    view.alpha = self.presenting ? 1 : 0
                } else {
                    view.frame = self.presenting ? shown : hidden
                }
            }, completion: { _ in context.completeTransition(true) })
    }
}

extension UIViewController {
    /// A container controller's animated change of child (a push, a pop, a tab): `animator` runs
    /// in a container view laid over this controller's view below `bar`, the leaving view in it
    /// and the arriving one's final frame `finalFrame`, driven by `interaction` when given; at
    /// the end the arriving view is put back below the bar (or, cancelled, the leaving one where
    /// it was), the container removed, and `finish` runs with whether it completed.
    func runContainedTransition(
        _ animator: any UIViewControllerAnimatedTransitioning, from: UIViewController, fromView: UIView, to: UIViewController,
        finalFrame: CGRect, below bar: UIView, interaction: (any UIViewControllerInteractiveTransitioning)? = nil,
        finish: @escaping (Bool) -> Void
    ) {
        let container = UIView(frame: view.bounds)
        let fromFrame = fromView.frame
        UIView.performWithoutAnimation {
            view.insertSubview(container, belowSubview: bar)
            to.view.removeFromSuperview()
            to.view.frame = finalFrame
            container.addSubview(fromView)
        }
        let transition = ViewControllerTransition(
            container: container, from: from, to: to, views: [.from: fromView, .to: to.view],
            frames: [(from, fromView.frame, .zero), (to, .zero, finalFrame)], animated: true, style: .none)
        from.presentationLinks.transition = transition
        to.presentationLinks.transition = transition
        transition.run(animator, interaction: interaction) { [weak self] completed in
            from.presentationLinks.transition = nil
            to.presentationLinks.transition = nil
            guard let self else { return }
            UIView.performWithoutAnimation {
                if completed {
                    self.view.insertSubview(to.view, belowSubview: bar)
                    to.view.frame = finalFrame
                } else {
                    to.view.removeFromSuperview()
                    self.view.insertSubview(fromView, belowSubview: bar)
                    fromView.frame = fromFrame
                }
            }
            if fromView.superview === container { fromView.removeFromSuperview() }
            container.removeFromSuperview()
            finish(completed)
        }
    }

    /// The nearest ancestor controller of type `T`.
    func ancestor<T: UIViewController>(of type: T.Type) -> T? {
        var current: UIViewController? = parent
        while let c = current {
            if let found = c as? T { return found }
            current = c.parent
        }
        return nil
    }
}
