import FlipbookCore
import Foundation

/// What a controller knows of the presentations it is in (kept by the controller).
final class PresentationLinks {
    weak var presenting: UIViewController?
    var presented: UIViewController?
    var controller: UIPresentationController?
    weak var transition: ViewControllerTransition?
    /// The container the presented view lives in while presented.
    var container: UIView?
    var isBeingPresented = false
    var isBeingDismissed = false
    /// The sheet controller `sheetPresentationController` handed out, kept between presentations.
    var sheet: UISheetPresentationController?
    var isModalInPresentation = false

    /// Links for a controller no longer presented: only its settings stay.
    func afterPresentation() -> PresentationLinks {
        let links = PresentationLinks()
        links.sheet = sheet
        links.isModalInPresentation = isModalInPresentation
        return links
    }
}

// Modal presentation (timing-model.md 11.9): `present` puts the controller's view in a container
// over the window, animated by the transitioning delegate's animator or UIKit's own slide;
// `dismiss` takes it away the same way.
extension UIViewController {
    /// The controller this one presents.
    public var presentedViewController: UIViewController? { presentationLinks.presented }
    /// The controller that presents this one (or an ancestor of it).
    public var presentingViewController: UIViewController? {
        presentationLinks.presenting ?? parent?.presentingViewController
    }
    /// The presentation controller of this controller's presentation.
    public var presentationController: UIPresentationController? { presentationLinks.controller }
    /// Whether a finger can dismiss it from its sheet (false: it can, by dragging the sheet down).
    public var isModalInPresentation: Bool {
        get { presentationLinks.isModalInPresentation }
        set { presentationLinks.isModalInPresentation = newValue }
    }
    /// The sheet this controller is (or will be) presented in, for its detents and look (iOS 15):
    /// nil unless its `modalPresentationStyle` shows a sheet.
    public var sheetPresentationController: UISheetPresentationController? {
        switch modalPresentationStyle {
        case .automatic, .pageSheet, .formSheet:
            if let sheet = presentationLinks.sheet { return sheet }
            let sheet = UISheetPresentationController(presentedViewController: self, presenting: nil)
            presentationLinks.sheet = sheet
            return sheet
        default: return nil
        }
    }
    public var isBeingPresented: Bool { presentationLinks.isBeingPresented }
    public var isBeingDismissed: Bool { presentationLinks.isBeingDismissed }
    /// The transition this controller is in, while it runs.
    public var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
        presentationLinks.transition ?? parent?.transitionCoordinator
    }

    /// Presents `controller` over this one's window: UIKit's slide (or the transitioning
    /// delegate's animator), `completion` when it is in place. A controller whose view is not in
    /// a window, or that already presents one, presents nothing (a warning on the Stage).
    public func present(_ controller: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {
        let presenter = presentationRoot
        guard let window = presenter.viewIfLoaded?.window else {
            warnOnStage("cannot present \(type(of: controller)): \(type(of: self))'s view is not in a window")
            return
        }
        guard presenter.presentedViewController == nil, controller.presentingViewController == nil else {
            warnOnStage("cannot present \(type(of: controller)): \(type(of: presenter)) is already presenting a controller")
            return
        }
        let container = UIView(frame: window.bounds)
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        UIView.performWithoutAnimation { window.addSubview(container) }
        let presentation = presentationController(for: controller, presenter: presenter)
        presentation.containerView = container
        presenter.presentationLinks.presented = controller
        controller.presentationLinks.presenting = presenter
        controller.presentationLinks.controller = presentation
        controller.presentationLinks.container = container
        controller.presentationLinks.isBeingPresented = true
        controller.loadViewIfNeeded()
        let finalFrame = presentation.frameOfPresentedViewInContainerView
        let transition = ViewControllerTransition(
            container: container, from: presenter, to: controller,
            views: [.to: controller.view].merging(presenter.viewIfLoaded.map { [.from: $0] } ?? [:]) { a, _ in a },
            frames: [(controller, .zero, finalFrame), (presenter, presenter.view.frame, presenter.view.frame)], animated: animated,
            style: presentation.presentationStyle)
        controller.presentationLinks.transition = transition
        presenter.presentationLinks.transition = transition
        let removesPresenter = presentation.shouldRemovePresentersView
        if removesPresenter { presenter.sendAppearance(.willDisappear, animated: animated) }
        controller.sendAppearance(.willAppear, animated: animated)
        presentation.presentationTransitionWillBegin()
        let animator =
            controller.transitioningDelegate?.animationController(forPresented: controller, presenting: presenter, source: self)
            ?? ModalTransitionAnimator(presenting: true, style: controller.modalTransitionStyle)
        let run = animated ? animator : ImmediateAnimator(presenting: true)
        let interaction = animated ? controller.transitioningDelegate?.interactionControllerForPresentation(using: animator) : nil
        transition.run(run, interaction: interaction) { completed in
            controller.presentationLinks.isBeingPresented = false
            controller.presentationLinks.transition = nil
            presenter.presentationLinks.transition = nil
            presentation.presentationTransitionDidEnd(completed)
            guard completed else {
                // Cancelled (an interaction ran it back): as if never presented.
                controller.viewIfLoaded?.removeFromSuperview()
                container.removeFromSuperview()
                presenter.presentationLinks.presented = nil
                controller.presentationLinks = controller.presentationLinks.afterPresentation()
                controller.sendAppearance(.willDisappear, animated: animated)
                controller.sendAppearance(.didDisappear, animated: animated)
                if removesPresenter { presenter.sendAppearance(.didAppear, animated: animated) }
                return
            }
            if removesPresenter {
                UIView.performWithoutAnimation { presenter.viewIfLoaded?.isHidden = true }
                presenter.sendAppearance(.didDisappear, animated: animated)
            }
            controller.sendAppearance(.didAppear, animated: animated)
            completion?()
        }
    }

    /// Dismisses the controller this one presents (or, presenting none, the one presenting
    /// it dismisses it), the presentation's animation run back; `completion` when it is gone.
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        guard let presented = presentationRoot.presentedViewController ?? (presentingViewController != nil ? presentationRoot : nil),
            let presenter = presented.presentationLinks.presenting, let container = presented.presentationLinks.container,
            let presentation = presented.presentationLinks.controller
        else {
            completion?()
            return
        }
        // A controller presented by the one leaving goes first, at once.
        if let above = presented.presentedViewController { above.dismiss(animated: false) }
        presented.presentationLinks.isBeingDismissed = true
        let removedPresenter = presentation.shouldRemovePresentersView
        if removedPresenter { UIView.performWithoutAnimation { presenter.viewIfLoaded?.isHidden = false } }
        let transition = ViewControllerTransition(
            container: container, from: presented, to: presenter,
            views: [.from: presented.view].merging(removedPresenter ? presenter.viewIfLoaded.map { [.to: $0] } ?? [:] : [:]) { a, _ in a },
            frames: [(presented, presented.view.frame, .zero), (presenter, presenter.view.frame, presenter.view.frame)],
            animated: animated, style: presentation.presentationStyle)
        presented.presentationLinks.transition = transition
        presenter.presentationLinks.transition = transition
        presented.sendAppearance(.willDisappear, animated: animated)
        if removedPresenter { presenter.sendAppearance(.willAppear, animated: animated) }
        presentation.dismissalTransitionWillBegin()
        let animator =
            presented.transitioningDelegate?.animationController(forDismissed: presented)
            ?? ModalTransitionAnimator(presenting: false, style: presented.modalTransitionStyle)
        let interaction = animated ? presented.transitioningDelegate?.interactionControllerForDismissal(using: animator) : nil
        transition.run(animated ? animator : ImmediateAnimator(presenting: false), interaction: interaction) { completed in
            presentation.dismissalTransitionDidEnd(completed)
            guard completed else {
                // Cancelled (an interaction ran it back): still presented; no completion.
                presented.presentationLinks.isBeingDismissed = false
                presented.presentationLinks.transition = nil
                presenter.presentationLinks.transition = nil
                if removedPresenter {
                    UIView.performWithoutAnimation { presenter.viewIfLoaded?.isHidden = true }
                    presenter.sendAppearance(.willDisappear, animated: animated)
                    presenter.sendAppearance(.didDisappear, animated: animated)
                }
                presented.sendAppearance(.willAppear, animated: animated)
                presented.sendAppearance(.didAppear, animated: animated)
                return
            }
            presented.viewIfLoaded?.removeFromSuperview()
            container.removeFromSuperview()
            presenter.presentationLinks.presented = nil
            presenter.presentationLinks.transition = nil
            presented.presentationLinks = presented.presentationLinks.afterPresentation()
            presented.sendAppearance(.didDisappear, animated: animated)
            if removedPresenter { presenter.sendAppearance(.didAppear, animated: animated) }
            completion?()
        }
    }

    /// Where a presentation from this controller starts: its outermost parent (the window's
    /// root, or a presented controller).
    private var presentationRoot: UIViewController {
        var root = self
        while let parent = root.parent { root = parent }
        return root
    }

    /// The style's presentation controller (the delegate's for `.custom`).
    private func presentationController(for controller: UIViewController, presenter: UIViewController) -> UIPresentationController {
        switch controller.modalPresentationStyle {
        case .custom:
            return controller.transitioningDelegate?.presentationController(forPresented: controller, presenting: presenter, source: self)
                ?? UIPresentationController(presentedViewController: controller, presenting: presenter)
        case .fullScreen, .currentContext:
            return FullScreenPresentationController(presented: controller, presenting: presenter, removesPresentersView: true)
        case .overFullScreen, .overCurrentContext, .blurOverFullScreen, .none:
            return FullScreenPresentationController(presented: controller, presenting: presenter, removesPresentersView: false)
        case .automatic, .pageSheet, .formSheet, .popover:
            let sheet =
                controller.presentationLinks.sheet
                ?? UISheetPresentationController(presentedViewController: controller, presenting: presenter)
            sheet.presenter = presenter
            return sheet
        }
    }

    private func warnOnStage(_ message: String) {
        (viewIfLoaded?.layer.stage ?? TransactionContext.current.activeStage)?.warn(message)
    }
}

/// A transition without animation: the presented view put in place (or taken away) at once.
final class ImmediateAnimator: UIViewControllerAnimatedTransitioning {
    let presenting: Bool
    init(presenting: Bool) { self.presenting = presenting }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0 }

    func animateTransition(using context: any UIViewControllerContextTransitioning) {
        if presenting, let controller = context.viewController(forKey: .to), let view = context.view(forKey: .to) {
            UIView.performWithoutAnimation {
                context.containerView.addSubview(view)
                view.frame = context.finalFrame(for: controller)
            }
        }
        context.completeTransition(true)
    }
}
