import FlipbookCore
import Foundation

/// Gives a page view controller the pages beside the one shown (iOS 5): nil where there is none.
/// Implementing `presentationCount(for:)` (more than 0) shows a page control under the pages.
public protocol UIPageViewControllerDataSource: AnyObject {
    func pageViewController(_ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController)
        -> UIViewController?
    func pageViewController(_ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController)
        -> UIViewController?
    /// The number of dots of the page control (0: no page control).
    func presentationCount(for pageViewController: UIPageViewController) -> Int
    /// The dot of the page shown when `setViewControllers` shows one.
    func presentationIndex(for pageViewController: UIPageViewController) -> Int
}

extension UIPageViewControllerDataSource {
    public func presentationCount(for pageViewController: UIPageViewController) -> Int { 0 }
    public func presentationIndex(for pageViewController: UIPageViewController) -> Int { 0 }
}

/// Hears a page view controller's page turns (iOS 5).
public protocol UIPageViewControllerDelegate: AnyObject {
    /// A finger started moving towards `pendingViewControllers`.
    func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController])
    /// A finger's turn ended: `completed` when the page shown changed.
    func pageViewController(
        _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool, previousViewControllers: [UIViewController],
        transitionCompleted completed: Bool)
}

extension UIPageViewControllerDelegate {
    public func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController])
    {}
    public func pageViewController(
        _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool, previousViewControllers: [UIViewController],
        transitionCompleted completed: Bool
    ) {}
}

/// Pages of view controllers a finger turns (iOS 5; timing-model.md 11.9 rule 8): the scroll
/// style's pages side by side in a paging scroll view, the page before and after the one shown
/// asked of the data source; a page curl is drawn as the scroll style.
open class UIPageViewController: UIViewController, UIScrollViewDelegate {
    public enum TransitionStyle: Int, Sendable { case pageCurl, scroll }
    public enum NavigationOrientation: Int, Sendable { case horizontal, vertical }
    public enum NavigationDirection: Int, Sendable { case forward, reverse }
    public enum SpineLocation: Int, Sendable { case none, min, mid, max }
    /// Options for `init(transitionStyle:navigationOrientation:options:)`.
    public struct OptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let spineLocation = OptionsKey(rawValue: "UIPageViewControllerOptionSpineLocationKey")
        /// Points between pages (a `CGFloat` or number).
        public static let interPageSpacing = OptionsKey(rawValue: "UIPageViewControllerOptionInterPageSpacingKey")
    }

    public let transitionStyle: TransitionStyle
    public let navigationOrientation: NavigationOrientation
    public let spineLocation: SpineLocation
    open weak var dataSource: (any UIPageViewControllerDataSource)?
    open weak var delegate: (any UIPageViewControllerDelegate)?
    open var isDoubleSided = false
    /// The page shown.
    open var viewControllers: [UIViewController]? { pages.current.map { [$0] } }
    /// The finger's: the pages' scroll view's pan.
    open var gestureRecognizers: [UIGestureRecognizer] { [scroller.panGestureRecognizer] }

    let scroller = UIScrollView()
    let pageControl = UIPageControl()
    let spacing: CGFloat
    /// The pages laid out: the one shown and those beside it.
    var pages = PageTriple()
    /// A finger's turn under way: the delegate heard `willTransitionTo` for this page.
    var pendingPage: UIViewController?
    /// An animated `setViewControllers` under way, with its completion.
    var scriptedTurn: ((Bool) -> Void)?

    public init(
        transitionStyle style: TransitionStyle, navigationOrientation: NavigationOrientation,
        options: [OptionsKey: Any]? = nil
    ) {
        transitionStyle = style
        self.navigationOrientation = navigationOrientation
        spineLocation = (options?[.spineLocation] as? SpineLocation) ?? (style == .pageCurl ? .min : .none)
        // A number of any kind, as iOS reads it through NSNumber (`[.interPageSpacing: 10]` is an Int).
        let given = options?[.interPageSpacing]
        let spacing =
            (given as? CGFloat) ?? (given as? Double).map { CGFloat($0) } ?? (given as? Int).map { CGFloat($0) }
            ?? (given as? NSNumber).map { CGFloat($0.doubleValue) } ?? 0
        self.spacing = spacing.isFinite ? max(0, min(spacing, 10_000)) : 0
        super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) { nil }

    open override func loadView() {
        let view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .clear
        scroller.isPagingEnabled = true
        scroller.showsHorizontalScrollIndicator = false
        scroller.showsVerticalScrollIndicator = false
        scroller.clipsToBounds = false
        scroller.delegate = self
        view.addSubview(scroller)
        pageControl.isUserInteractionEnabled = false
        pageControl.isHidden = true
        view.addSubview(pageControl)
        self.view = view
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layOutPages()
    }
}

/// The pages a page view controller has laid out: the one shown, and the one before and after
/// it where the data source gives them.
struct PageTriple {
    var before: UIViewController?
    var current: UIViewController?
    var after: UIViewController?

    /// In order along the scrolling, with the shown page's place among them.
    var laidOut: (pages: [UIViewController], shown: Int) {
        let pages = [before, current, after].compactMap { $0 }
        return (pages, before == nil || current == nil ? 0 : 1)
    }
}
