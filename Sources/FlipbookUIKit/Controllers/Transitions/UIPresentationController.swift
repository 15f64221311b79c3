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
    weak var presentingStorage: UIViewController?
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
    let dimming: PresentationDimming

    init(presented: UIViewController, presenting: UIViewController?, dimmedTo alpha: CGFloat) {
        dimming = PresentationDimming()
        super.init(presentedViewController: presented, presenting: presenting)
        dimming.presentedAlpha = { alpha }
    }

    override func presentationTransitionWillBegin() { dimming.presentationWillBegin(self) }
    override func dismissalTransitionWillBegin() { dimming.dismissalWillBegin(self) }
}

/// A black view behind a presented view: faded in to `presentedAlpha` alongside the
/// presentation, out alongside the dismissal.
final class PresentationDimming {
    let view = UIView()
    var presentedAlpha: () -> CGFloat = { 0 }

    func presentationWillBegin(_ presentation: UIPresentationController) {
        guard let containerView = presentation.containerView else { return }
        UIView.performWithoutAnimation {
            view.frame = containerView.bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.backgroundColor = .black
            view.alpha = 0
            containerView.insertSubview(view, at: 0)
        }
        presentation.presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
            self.view.alpha = self.presentedAlpha()
        })
    }

    func dismissalWillBegin(_ presentation: UIPresentationController) {
        presentation.presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.view.alpha = 0 })
    }
}
