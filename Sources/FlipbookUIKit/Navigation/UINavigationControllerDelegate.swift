import FlipbookCore
import Foundation

/// Hears a navigation controller's pushes and pops and may animate them (UIKit's names).
public protocol UINavigationControllerDelegate: AnyObject {
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
    /// An animator for the push or pop (nil: UIKit's slide).
    func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)?
    func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)?
}

extension UINavigationControllerDelegate {
    public func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {}
    public func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {}
    public func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? { nil }
}

extension UINavigationController {
    /// A push or a pop.
    public enum Operation: Int, Sendable {
        case none, push, pop
    }

    /// Runs the delegate's animator for a push or pop, if it gives one (driven by the delegate's
    /// interaction controller when it gives one): the two views in a container under the bar,
    /// the arriving one's final frame the content's; `finish` when the animator completes, with
    /// whether it did (false: cancelled). False when there is no animator (UIKit's slide runs).
    func runDelegateTransition(
        from: UIViewController, to: UIViewController, forward: Bool, contentFrame: CGRect, finish: @escaping (Bool) -> Void
    ) -> Bool {
        guard
            let animator = delegate?.navigationController(
                self, animationControllerFor: forward ? .push : .pop, from: from, to: to),
            let fromView = from.viewIfLoaded
        else { return false }
        let interaction = delegate?.navigationController(self, interactionControllerFor: animator)
        runContainedTransition(
            animator, from: from, fromView: fromView, to: to, finalFrame: contentFrame, below: navigationBar,
            interaction: interaction, finish: finish)
        return true
    }
}
