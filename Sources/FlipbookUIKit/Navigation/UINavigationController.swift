import FlipbookCore
import Foundation

/// A stack of controllers under a navigation bar (UIKit's `UINavigationController`). The top
/// controller's view fills the controller's view; a translucent bar lies over it and adds its
/// height to the view's safe area (a table under it rests at −44, or −96 with a large title), an
/// opaque one starts the view below it. `pushViewController(_:animated:)` slides the new view in
/// from the right over 0.35 s while the old one moves a third of the width left, as iOS's push
/// does (the curve: ease-in-out; iOS's own is a spring close to it); `popViewController` is the
/// reverse. Appearance callbacks come in iOS's order: will-disappear, will-appear, then after the
/// slide did-disappear, did-appear.
open class UINavigationController: UIViewController {
    /// The push and pop slide's duration.
    public static let transitionDuration: TimeInterval = 0.35

    public let navigationBar = UINavigationBar(frame: .zero)
    /// Hears pushes and pops and may animate them (UINavigationControllerDelegate.swift).
    open weak var delegate: (any UINavigationControllerDelegate)?
    private var viewControllersStorage: [UIViewController] = []
    open var isNavigationBarHidden = false {
        didSet { layoutBarAndTop() }
    }

    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        setViewControllers([rootViewController], animated: false)
    }
    public override init(nibName: String?, bundle: Bundle?) { super.init(nibName: nibName, bundle: bundle) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The stack, root first.
    open var viewControllers: [UIViewController] {
        get { viewControllersStorage }
        set { setViewControllers(newValue, animated: false) }
    }
    open var topViewController: UIViewController? { viewControllersStorage.last }
    open var visibleViewController: UIViewController? { topViewController }

    open override func loadView() {
        view = makeContainerView()
        view.addGestureRecognizer(backSwipe.recognizer)
    }

    /// UIKit's back swipe from the left edge (UINavigationController+BackSwipe.swift). Disable it,
    /// or give it a delegate, as on iOS.
    open var interactivePopGestureRecognizer: UIGestureRecognizer? { backSwipe.recognizer }

    private var backSwipeStorage: NavigationBackSwipe?
    private var backSwipe: NavigationBackSwipe {
        if let swipe = backSwipeStorage { return swipe }
        let swipe = NavigationBackSwipe(navigationController: self)
        backSwipeStorage = swipe
        return swipe
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        navigationBar.onBack = { [weak self] in self?.popViewController(animated: true) }
        view.addSubview(navigationBar)
        if let top = topViewController { show(top) }
        layoutBarAndTop()
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layoutBarAndTop()
    }

    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) { isNavigationBarHidden = hidden }

    open func setViewControllers(_ controllers: [UIViewController], animated: Bool) {
        let old = topViewController
        for c in viewControllersStorage where !controllers.contains(where: { $0 === c }) { c.removeFromParent() }
        viewControllersStorage = controllers
        for c in controllers where c.parent !== self { addChild(c) }
        navigationBar.setItems(controllers.map(\.navigationItem), animated: false)
        guard isViewLoaded, let top = topViewController, top !== old else { return }
        old?.viewIfLoaded?.removeFromSuperview()
        show(top)
        layoutBarAndTop()
    }

    open func pushViewController(_ controller: UIViewController, animated: Bool) {
        let old = topViewController
        addChild(controller)
        viewControllersStorage.append(controller)
        navigationBar.pushItem(controller.navigationItem, animated: animated)
        guard isViewLoaded else { return }
        transition(from: old, to: controller, forward: true, animated: animated) { [weak self] in
            // Cancelled by an interaction: the pushed controller leaves the stack again.
            guard let self else { return }
            controller.willMove(toParent: nil)
            self.viewControllersStorage.removeAll { $0 === controller }
            controller.removeFromParent()
            self.navigationBar.setItems(self.viewControllersStorage.map(\.navigationItem), animated: false)
        }
        controller.didMove(toParent: self)
    }

    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard viewControllersStorage.count > 1 else { return nil }
        let popped = viewControllersStorage.removeLast()
        navigationBar.popItem(animated: animated)
        if isViewLoaded {
            transition(from: popped, to: topViewController, forward: false, animated: animated) { [weak self] in
                self?.restore([popped])
            }
        }
        popped.willMove(toParent: nil)
        popped.removeFromParent()
        return popped
    }

    /// Puts popped controllers back on the stack: an interaction (a back swipe let go early)
    /// cancelled the pop.
    private func restore(_ popped: [UIViewController]) {
        for c in popped {
            addChild(c)
            viewControllersStorage.append(c)
            c.didMove(toParent: self)
        }
        navigationBar.setItems(viewControllersStorage.map(\.navigationItem), animated: false)
    }

    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard let root = viewControllersStorage.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    @discardableResult
    open func popToViewController(_ controller: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = viewControllersStorage.firstIndex(where: { $0 === controller }), index < viewControllersStorage.count - 1 else {
            return nil
        }
        let popped = Array(viewControllersStorage[(index + 1)...])
        let old = topViewController
        viewControllersStorage.removeSubrange((index + 1)...)
        navigationBar.setItems(viewControllersStorage.map(\.navigationItem), animated: animated)
        if isViewLoaded {
            transition(from: old, to: controller, forward: false, animated: animated) { [weak self] in self?.restore(popped) }
        }
        for c in popped {
            c.willMove(toParent: nil)
            c.removeFromParent()
        }
        return popped
    }

    /// Adds `controller`'s view under the bar, sized to the container.
    private func show(_ controller: UIViewController) {
        UIView.performWithoutAnimation {
            controller.view.frame = contentFrame
            view.insertSubview(controller.view, belowSubview: navigationBar)
        }
        controller.barInsets = barCover
        controller.view.layoutIfNeeded()
    }

    /// Where the bar is and what it covers.
    private var barHeight: CGFloat { isNavigationBarHidden ? 0 : navigationBar.preferredHeight }
    private var barTop: CGFloat { view.safeAreaInsets.top }
    private var contentFrame: CGRect {
        guard !navigationBar.isTranslucent, !isNavigationBarHidden else { return view.bounds }
        let top = barTop + barHeight
        return CGRect(x: 0, y: top, width: view.bounds.width, height: max(0, view.bounds.height - top))
    }
    /// A translucent bar's height in the top controller's safe area.
    private var barCover: UIEdgeInsets {
        UIEdgeInsets(top: navigationBar.isTranslucent && !isNavigationBarHidden ? barHeight : 0, left: 0, bottom: 0, right: 0)
    }

    private func layoutBarAndTop() {
        guard isViewLoaded else { return }
        UIView.performWithoutAnimation {
            navigationBar.isHidden = isNavigationBarHidden
            navigationBar.frame = CGRect(x: 0, y: barTop, width: view.bounds.width, height: navigationBar.preferredHeight)
            navigationBar.layoutIfNeeded()
            if let top = topViewController, top.isViewLoaded, top.view.superview === view {
                top.view.frame = contentFrame
                top.barInsets = barCover
            }
        }
    }

    /// The slide between two tops: `forward` brings `to` in from the right over `from`;
    /// `cancelled` restores the stack when an interaction cancels the delegate's transition.
    private func transition(
        from: UIViewController?, to: UIViewController?, forward: Bool, animated: Bool, cancelled: (() -> Void)? = nil
    ) {
        guard let to else { return }
        let width = view.bounds.width
        from?.sendAppearance(.willDisappear, animated: animated)
        to.loadViewIfNeeded()
        to.sendAppearance(.willAppear, animated: animated)
        delegate?.navigationController(self, willShow: to, animated: animated)
        show(to)
        layoutBarAndTop()
        let finish = { [weak self] in
            guard let self else { return }
            from?.viewIfLoaded?.removeFromSuperview()
            from?.sendAppearance(.didDisappear, animated: animated)
            to.sendAppearance(.didAppear, animated: animated)
            delegate?.navigationController(self, didShow: to, animated: animated)
        }
        guard animated, let from, let fromView = from.viewIfLoaded else {
            finish()
            return
        }
        let frame = contentFrame
        let ended = { [weak self] (completed: Bool) in
            guard !completed else { return finish() }
            // Cancelled: `to` leaves again and `from` stays on top.
            to.sendAppearance(.willDisappear, animated: animated)
            to.sendAppearance(.didDisappear, animated: animated)
            from.sendAppearance(.willAppear, animated: animated)
            from.sendAppearance(.didAppear, animated: animated)
            cancelled?()
            self?.layoutBarAndTop()
        }
        if runDelegateTransition(from: from, to: to, forward: forward, contentFrame: frame, finish: ended) { return }
        if !forward, let interaction = backSwipeStorage?.interaction {
            runContainedTransition(
                NavigationPopSlideAnimator(), from: from, fromView: fromView, to: to, finalFrame: frame, below: navigationBar,
                interaction: interaction, finish: ended)
            return
        }
        UIView.performWithoutAnimation {
            to.view.frame = frame.offsetBy(dx: forward ? width : -width / 3, dy: 0)
            if !forward { view.insertSubview(to.view, belowSubview: fromView) }
        }
        UIView.animate(
            withDuration: Self.transitionDuration, delay: 0, options: [.curveEaseInOut],
            animations: {
                to.view.frame = frame
                fromView.frame = frame.offsetBy(dx: forward ? -width / 3 : width, dy: 0)
            }, completion: { _ in finish() })
    }
}

extension UIViewController {
    /// The navigation controller this controller (or an ancestor) is in.
    public var navigationController: UINavigationController? { ancestor(of: UINavigationController.self) }
}
