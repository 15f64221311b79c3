import FlipbookCore
import Foundation

/// A screen's controller (UIKit's names, enough for the seeds' controllers): a view loaded on
/// first use (`loadView`, then `viewDidLoad`), appearance callbacks when it becomes the
/// window's `rootViewController`, and child controllers.
open class UIViewController: UIResponder, NSKeyValueObserving {
    private var viewStorage: UIView? {
        didSet {
            if oldValue?.owningViewController === self { oldValue?.owningViewController = nil }
            viewStorage?.owningViewController = self
        }
    }
    /// The title; setting it sets the navigation item's title too, as UIKit does.
    open var title: String? {
        didSet { navigationItem.title = title }
    }
    /// What a navigation bar shows while this controller is on top (made on first use).
    open var navigationItem: UINavigationItem {
        if let item = navigationItemStorage { return item }
        let item = UINavigationItem()
        item.title = title
        navigationItemStorage = item
        return item
    }
    private var navigationItemStorage: UINavigationItem?
    /// What a tab bar shows for this controller (made on first use, titled with `title`).
    open var tabBarItem: UITabBarItem! {
        get {
            if let item = tabBarItemStorage { return item }
            let item = UITabBarItem(title: title, image: nil, tag: 0)
            tabBarItemStorage = item
            return item
        }
        set { tabBarItemStorage = newValue }
    }
    private var tabBarItemStorage: UITabBarItem?
    public private(set) var children: [UIViewController] = []
    /// Its presentations (UIViewController+Presentation.swift).
    var presentationLinks = PresentationLinks()
    /// How it is shown when presented (a sheet by default, as on iOS 13 and later).
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// How UIKit's own presentation moves it.
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    /// Hands out the animators of its presentation and dismissal (held weakly).
    open weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?
    public private(set) weak var parent: UIViewController?

    /// As on iOS, a convenience over `init(nibName:bundle:)`: a subclass's own `init()` calls
    /// `super.init(nibName: nil, bundle: nil)` and needs no `override`.
    public override convenience init() { self.init(nibName: nil, bundle: nil) }
    public init(nibName: String?, bundle: Bundle?) { super.init() }
    public required init?(coder: NSCoder) { super.init() }

    /// The root view, loaded the first time it is asked for.
    open var view: UIView! {
        get {
            if viewStorage == nil { loadViewIfNeeded() }
            return viewStorage
        }
        set { viewStorage = newValue }
    }

    open var isViewLoaded: Bool { viewStorage != nil }

    /// Insets added to the view's safe area (UIKit's), for content under custom bars.
    open var additionalSafeAreaInsets: UIEdgeInsets = .zero {
        didSet { safeAreaWillChange(from: oldValue.top + barInsets.top) }
    }
    /// What a navigation controller's bar covers of this controller's view.
    var barInsets: UIEdgeInsets = .zero {
        didSet { safeAreaWillChange(from: additionalSafeAreaInsets.top + oldValue.top) }
    }

    /// A scroll view resting at its top keeps resting there when the safe area changes (iOS moves
    /// its offset to the new −adjustedContentInset.top).
    private func safeAreaWillChange(from oldTop: CGFloat) {
        guard let root = viewStorage else { return }
        let newTop = additionalSafeAreaInsets.top + barInsets.top
        guard newTop != oldTop else { return }
        func visit(_ view: UIView) {
            if let scroll = view as? UIScrollView {
                let restingBefore = -(scroll.adjustedContentInset.top - newTop + oldTop)
                if abs(scroll.contentOffset.y - restingBefore) < 0.5 {
                    UIView.performWithoutAnimation { scroll.contentOffset.y = -scroll.adjustedContentInset.top }
                }
            }
            view.subviews.forEach(visit)
        }
        visit(root)
    }

    /// The responder after a controller: its view's superview, else its parent controller.
    open override var next: UIResponder? { viewStorage?.superview ?? parent }
    open var viewIfLoaded: UIView? { viewStorage }

    open func loadViewIfNeeded() {
        guard viewStorage == nil else { return }
        loadView()
        if viewStorage == nil { viewStorage = UIView(frame: UIScreen.main.bounds) }
        viewDidLoad()
    }

    /// Makes `view` (a plain white view the size of the screen unless overridden).
    /// A container controller's root view: white, the screen's size (its children fill it).
    func makeContainerView() -> UIView {
        let container = UIView(frame: UIScreen.main.bounds)
        container.backgroundColor = .white
        return container
    }

    open func loadView() {
        let v = UIView(frame: UIScreen.main.bounds)
        v.backgroundColor = .white
        viewStorage = v
    }

    open func viewDidLoad() {}
    /// Hears changes registered with `addObserver(_:forKeyPath:options:context:)`.
    open func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}

    /// The status bar style the controller asks for (a Stage's status bar is drawn by the scene).
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    open var prefersStatusBarHidden: Bool { false }
    /// Asks for the status bar's appearance to be read again (stored only).
    open func setNeedsStatusBarAppearanceUpdate() {}

    open func addChild(_ child: UIViewController) {
        child.removeFromParent()
        children.append(child)
        child.parent = self
        child.willMove(toParent: self)
    }

    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}

    /// Whether the appearance callbacks this controller hears go on to its children whose views
    /// are in its view, as UIKit's containers forward them (true by default).
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }
}

/// The appearance callbacks as UIKit sends them: to the controller, then on to the children
/// shown in its view (a navigation controller's top controller, say), whether or not the
/// controller's own override calls super.
extension UIViewController {
    enum Appearance { case willAppear, didAppear, willDisappear, didDisappear }

    func sendAppearance(_ phase: Appearance, animated: Bool) {
        switch phase {
        case .willAppear: viewWillAppear(animated)
        case .didAppear: viewDidAppear(animated)
        case .willDisappear: viewWillDisappear(animated)
        case .didDisappear: viewDidDisappear(animated)
        }
        guard shouldAutomaticallyForwardAppearanceMethods, let root = viewIfLoaded else { return }
        for child in children {
            guard let childView = child.viewIfLoaded, childView.isDescendant(of: root) else { continue }
            child.sendAppearance(phase, animated: animated)
        }
    }
}

/// How the status bar's content is coloured.
public enum UIStatusBarStyle: Int, Sendable {
    case `default` = 0, lightContent = 1, darkContent = 3
}
