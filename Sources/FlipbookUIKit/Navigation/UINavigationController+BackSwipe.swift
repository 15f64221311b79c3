import FlipbookCore
import Foundation

/// UIKit's own back swipe (timing-model.md 11.9, rule 6): a screen-edge pan from the left edge
/// that pops the top controller interactively with the push slide run backwards, following the
/// finger one to one; let go past half the width (or flung right faster than 300 pt/s [proj])
/// the pop finishes from there, otherwise it runs back and the stack is as it was. It begins
/// only with more than one controller on the stack and no transition under way. A delegate's
/// own pop animator runs instead, driven by the delegate's interaction controller when it
/// gives one (else not interactively).
final class NavigationBackSwipe: NSObject, UIGestureRecognizerDelegate {
    weak var navigationController: UINavigationController?
    let recognizer = UIScreenEdgePanGestureRecognizer()
    /// The interaction driving the pop under way, while the finger is down.
    private(set) var interaction: UIPercentDrivenInteractiveTransition?

    /// Flung right at least this fast, a short swipe still pops [proj].
    static let flingVelocity: CGFloat = 300

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
        super.init()
        recognizer.edges = .left
        recognizer.delegate = self
        recognizer.addTarget(self, action: NavigationBackSwipe.swiped(_:))
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let navigationController else { return false }
        return navigationController.viewControllers.count > 1 && navigationController.topViewController?.transitionCoordinator == nil
    }

    private func swiped(_ pan: UIScreenEdgePanGestureRecognizer) {
        guard let navigationController else { return }
        let width = max(1, navigationController.view.bounds.width)
        let progress = min(1, max(0, pan.translation(in: navigationController.view).x / width))
        switch pan.state {
        case .began:
            guard navigationController.viewControllers.count > 1 else { return }  // a delegate let it begin at the root
            let interaction = UIPercentDrivenInteractiveTransition()
            self.interaction = interaction
            navigationController.popViewController(animated: true)
            interaction.update(progress)
        case .changed:
            interaction?.update(progress)
        case .ended, .cancelled:
            guard let interaction else { return }
            self.interaction = nil
            let flung = pan.velocity(in: navigationController.view).x > Self.flingVelocity
            if pan.state == .ended && (progress > 0.5 || flung) { interaction.finish() } else { interaction.cancel() }
        default: break
        }
    }
}

/// The push slide run backwards as an animator, linear so that an interaction moves it with the
/// finger: the top view slides right off the screen while the one below comes in from a third
/// of the width to the left.
final class NavigationPopSlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        UINavigationController.transitionDuration
    }

    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        guard let from = transitionContext.view(forKey: .from), let to = transitionContext.view(forKey: .to),
            let toController = transitionContext.viewController(forKey: .to)
        else { return }
        let final = transitionContext.finalFrame(for: toController), width = transitionContext.containerView.bounds.width
        UIView.performWithoutAnimation {
            to.frame = final.offsetBy(dx: -width / 3, dy: 0)
            transitionContext.containerView.insertSubview(to, belowSubview: from)
        }
        UIView.animate(
            withDuration: UINavigationController.transitionDuration, delay: 0, options: [.curveLinear],
            animations: {
                to.frame = final
                from.frame.origin.x += width
            },
            completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
    }
}
