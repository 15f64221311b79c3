import FlipbookCore
import Foundation

/// How a presented controller is shown (UIKit's names). On a Stage (an iPhone), `.automatic`,
/// `.pageSheet`, `.formSheet` and `.popover` show a sheet; `.fullScreen` covers the window and
/// takes the presenter's view away; `.overFullScreen` covers it and keeps it; `.custom` asks
/// the transitioning delegate for its presentation controller.
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
    case blurOverFullScreen = 8
    case none = -1
    case automatic = -2
}

/// How the built-in presentation moves (UIKit's names): `.coverVertical` slides up from the
/// bottom; `.crossDissolve` fades; `.flipHorizontal` and `.partialCurl` fade here.
public enum UIModalTransitionStyle: Int, Sendable {
    case coverVertical = 0, flipHorizontal, crossDissolve, partialCurl
}

/// Manages a presentation's views beside the animator (UIKit's names): where the presented
/// view ends (`frameOfPresentedViewInContainerView`), what goes behind it (subclasses add a
/// dimming view in `presentationTransitionWillBegin`), and whether the presenter's view leaves.
open class UIPresentationController: NSObject {
    public let presentedViewController: UIViewController
    private weak var presentingStorage: UIViewController?
    /// The view the transition happens in, while the presentation lasts.
    public internal(set) var containerView: UIView?

    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        presentingStorage = presentingViewController
    }

    public var presentingViewController: UIViewController { presentingStorage ?? presentedViewController }
    /// The view that is animated in: the presented controller's.
    open var presentedView: UIView? { presentedViewController.viewIfLoaded }
    /// Where the presented view ends: the container's bounds.
    open var frameOfPresentedViewInContainerView: CGRect { containerView?.bounds ?? .zero }
    /// Whether the presenter's view leaves the window once the presentation is over.
    open var shouldRemovePresentersView: Bool { false }
    open var shouldPresentInFullscreen: Bool { true }
    open var presentationStyle: UIModalPresentationStyle { .custom }
    open var adaptivePresentationStyle: UIModalPresentationStyle { .none }

    open func presentationTransitionWillBegin() {}
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    open func dismissalTransitionWillBegin() {}
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
    open func containerViewWillLayoutSubviews() {}
    open func containerViewDidLayoutSubviews() {}
}

/// `.fullScreen` and `.overFullScreen`: the presented view covers the window.
final class FullScreenPresentationController: UIPresentationController {
    let removesPresentersView: Bool
    init(presented: UIViewController, presenting: UIViewController, removesPresentersView: Bool) {
        self.removesPresentersView = removesPresentersView
        super.init(presentedViewController: presented, presenting: presenting)
    }
    override var shouldRemovePresentersView: Bool { removesPresentersView }
    override var presentationStyle: UIModalPresentationStyle { removesPresentersView ? .fullScreen : .overFullScreen }
}

/// Darkens the presenter behind the presented view: a black view fading to `dimmedTo` alongside
/// the presentation, and back out alongside the dismissal.
class DimmingPresentationController: UIPresentationController {
    private let dimmingView = UIView()
    let dimmedAlpha: CGFloat

    init(presented: UIViewController, presenting: UIViewController?, dimmedTo alpha: CGFloat) {
        dimmedAlpha = alpha
        super.init(presentedViewController: presented, presenting: presenting)
    }

    override func presentationTransitionWillBegin() {
        guard let containerView else { return }
        UIView.performWithoutAnimation {
            dimmingView.frame = containerView.bounds
            dimmingView.backgroundColor = .black
            dimmingView.alpha = 0
            containerView.insertSubview(dimmingView, at: 0)
        }
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimmingView.alpha = self.dimmedAlpha })
    }

    override func dismissalTransitionWillBegin() {
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimmingView.alpha = 0 })
    }
}

/// A sheet on an iPhone (`.automatic`, `.pageSheet`, …): the presented view from 10 pt below the
/// safe area's top to the bottom, its top corners rounded 10 pt, the presenter dimmed by black at
/// 40 % [proj: timing-model.md 11.9].
final class SheetPresentationController: DimmingPresentationController {
    init(presented: UIViewController, presenting: UIViewController) {
        super.init(presented: presented, presenting: presenting, dimmedTo: 0.4)
    }

    override var presentationStyle: UIModalPresentationStyle { .pageSheet }

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let containerView else { return .zero }
        let top = containerView.safeAreaInsets.top + 10
        return CGRect(x: 0, y: top, width: containerView.bounds.width, height: max(0, containerView.bounds.height - top))
    }

    override func presentationTransitionWillBegin() {
        super.presentationTransitionWillBegin()
        UIView.performWithoutAnimation {
            presentedView?.layer.cornerRadius = 10
            presentedView?.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            presentedView?.clipsToBounds = true
        }
    }
}
