import FlipbookCore
import Foundation

/// Tabs of controllers (UIKit's names): the selected controller's view fills the controller's
/// view under a translucent tab bar at the bottom, whose height (49 pt and the safe area's
/// bottom) goes into the child's safe area. A tap on a tab asks the delegate and selects its
/// controller at once (the delegate's animator, if it gives one, runs the change), with the
/// appearance callbacks in UIKit's order (timing-model.md 11.11).
open class UITabBarController: UIViewController, UITabBarDelegate {
    public let tabBar = UITabBar(frame: .zero)
    open weak var delegate: (any UITabBarControllerDelegate)?
    private var controllers: [UIViewController] = []
    private var selected = NSNotFound

    public override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        tabBar.delegate = self
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        tabBar.delegate = self
    }

    /// The tabs' controllers; the first is selected when none was.
    open var viewControllers: [UIViewController]? {
        get { controllers.isEmpty ? nil : controllers }
        set { setViewControllers(newValue, animated: false) }
    }

    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        let old = selectedViewController
        for child in controllers { child.removeFromParent() }
        controllers = viewControllers ?? []
        for child in controllers { addChild(child) }
        tabBar.items = controllers.map(\.tabBarItem)
        let index = old.flatMap { o in controllers.firstIndex { $0 === o } } ?? (controllers.isEmpty ? NSNotFound : 0)
        show(index, from: old, animated: false)
    }

    open var selectedIndex: Int {
        get { selected }
        set {
            guard controllers.indices.contains(newValue) else { return }
            show(newValue, from: selectedViewController, animated: false)
        }
    }

    open var selectedViewController: UIViewController? {
        get { controllers.indices.contains(selected) ? controllers[selected] : nil }
        set {
            guard let newValue, let index = controllers.firstIndex(where: { $0 === newValue }) else { return }
            selectedIndex = index
        }
    }

    open override func loadView() { view = makeContainerView() }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(tabBar)
        if let child = selectedViewController { embed(child) }
        layoutTabs()
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layoutTabs()
    }

    /// A tap on a tab: the delegate may refuse; then the tab's controller is selected.
    public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
        guard let index = controllers.firstIndex(where: { $0.tabBarItem === item }) else { return }
        let controller = controllers[index]
        guard delegate?.tabBarController(self, shouldSelect: controller) ?? true else {
            tabBar.selectedItem = selectedViewController?.tabBarItem
            return
        }
        show(index, from: selectedViewController, animated: true)
        delegate?.tabBarController(self, didSelect: controller)
    }

    /// Shows the controller at `index` in place of `old`.
    private func show(_ index: Int, from old: UIViewController?, animated: Bool) {
        selected = index
        let new = selectedViewController
        tabBar.selectedItem = new?.tabBarItem
        guard isViewLoaded, let new, new !== old else { return }
        old?.sendAppearance(.willDisappear, animated: false)
        new.sendAppearance(.willAppear, animated: false)
        embed(new)
        let finish = {
            if let old, old !== self.selectedViewController { old.viewIfLoaded?.removeFromSuperview() }
            old?.sendAppearance(.didDisappear, animated: false)
            new.sendAppearance(.didAppear, animated: false)
        }
        guard animated, let old, let fromView = old.viewIfLoaded,
            let animator = delegate?.tabBarController(self, animationControllerForTransitionFrom: old, to: new)
        else {
            finish()
            return
        }
        runContainedTransition(animator, from: old, fromView: fromView, to: new, finalFrame: view.bounds, below: tabBar) { _ in
            finish()
        }
    }

    /// Adds the child's view under the bar, filling the controller's view.
    private func embed(_ child: UIViewController) {
        UIView.performWithoutAnimation {
            child.view.frame = view.bounds
            view.insertSubview(child.view, belowSubview: tabBar)
        }
        child.barInsets = UIEdgeInsets(top: 0, left: 0, bottom: UITabBar.height, right: 0)
        child.view.layoutIfNeeded()
    }

    private func layoutTabs() {
        guard isViewLoaded else { return }
        UIView.performWithoutAnimation {
            let height = UITabBar.height + view.safeAreaInsets.bottom
            tabBar.frame = CGRect(x: 0, y: view.bounds.height - height, width: view.bounds.width, height: height)
            tabBar.layoutIfNeeded()
            selectedViewController?.viewIfLoaded.map { $0.frame = view.bounds }
        }
    }
}

/// Hears and may animate a tab bar controller's selection (UIKit's names).
public protocol UITabBarControllerDelegate: AnyObject {
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
    /// An animator for a change of tab (nil: at once).
    func tabBarController(
        _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController, to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)?
}

extension UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool { true }
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
    public func tabBarController(
        _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController, to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
}

extension UIViewController {
    /// The tab bar controller this controller (or an ancestor) is in.
    public var tabBarController: UITabBarController? { ancestor(of: UITabBarController.self) }
}
