import FlipbookCore
import Foundation

/// A sheet on an iPhone (`.automatic`, `.pageSheet`, `.formSheet`; iOS 15's names for its
/// detents): the presented view rests at the height of its selected detent, from the bottom,
/// its top corners rounded, the presenter dimmed by black at 40 % above the largest undimmed
/// detent (timing-model.md 11.9 rule 7).
open class UISheetPresentationController: UIPresentationController {
    /// A height a sheet rests at.
    public final class Detent {
        /// A detent's name.
        public struct Identifier: Hashable, RawRepresentable, Sendable {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public init(_ rawValue: String) { self.rawValue = rawValue }
            public static let medium = Identifier("com.apple.UIKit.medium")
            public static let large = Identifier("com.apple.UIKit.large")
        }
        public let identifier: Identifier
        let resolver: (any UISheetPresentationControllerDetentResolutionContext) -> CGFloat?

        init(identifier: Identifier, resolver: @escaping (any UISheetPresentationControllerDetentResolutionContext) -> CGFloat?) {
            self.identifier = identifier
            self.resolver = resolver
        }

        /// The full height: from 10 pt below the safe area's top.
        public static func large() -> Detent { Detent(identifier: .large) { $0.maximumDetentValue } }
        /// About half the screen: half the large detent's height [proj].
        public static func medium() -> Detent { Detent(identifier: .medium) { ($0.maximumDetentValue / 2).rounded() } }
        /// A height of your own (iOS 16): the resolver's value, at most the large detent's; nil
        /// leaves the detent out.
        public static func custom(
            identifier: Identifier? = nil, resolver: @escaping (any UISheetPresentationControllerDetentResolutionContext) -> CGFloat?
        ) -> Detent { Detent(identifier: identifier ?? Identifier("custom.\(UUID().uuidString)"), resolver: resolver) }

        /// Its height in `context` (above the bottom safe area), or nil when it is left out.
        public func resolvedValue(in context: any UISheetPresentationControllerDetentResolutionContext) -> CGFloat? {
            guard let value = resolver(context), value.isFinite else { return nil }
            return min(max(0, value), context.maximumDetentValue)
        }
    }

    /// The heights the sheet rests at, smallest first.
    open var detents: [Detent] = [.large()]
    /// The detent shown; nil: the smallest. Set inside `animateChanges` to move there animated.
    open var selectedDetentIdentifier: Detent.Identifier? { didSet { if !isAnimatingChanges { settle(animated: false) } } }
    /// The largest detent at which the presenter is not dimmed (nil: dimmed at every detent).
    open var largestUndimmedDetentIdentifier: Detent.Identifier? { didSet { if !isAnimatingChanges { settle(animated: false) } } }
    /// A grabber at the sheet's top.
    open var prefersGrabberVisible = false { didSet { updateGrabber() } }
    /// The sheet's top corner radius (nil: 10 pt).
    open var preferredCornerRadius: CGFloat? { didSet { updateCorners() } }
    /// Kept: a Stage's sheet is moved by its detents, not by scrolling.
    open var prefersScrollingExpandsWhenScrolledToEdge = true
    open var prefersEdgeAttachedInCompactHeight = false
    open var widthFollowsPreferredContentSizeWhenEdgeAttached = false
    /// Hears the detent changes a finger makes.
    open weak var delegate: (any UISheetPresentationControllerDelegate)?

    var isAnimatingChanges = false
    private let grabber = UIView()
    let dimming = PresentationDimming()
    /// How dark the presenter is above the largest undimmed detent.
    private let dimmedAlpha: CGFloat = 0.4
    /// The finger's drag between detents (UISheetPresentationController+Drag.swift).
    lazy var drag = SheetDrag(sheet: self)

    public override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
        dimming.presentedAlpha = { [unowned self] in presentedDimming }
    }

    /// Who presents it (set when the presentation begins: a sheet can be set up before).
    var presenter: UIViewController? {
        get { presentingStorage }
        set { presentingStorage = newValue }
    }

    open override var presentationStyle: UIModalPresentationStyle { .pageSheet }

    /// Runs `changes` (new detents, a selected detent) and moves the sheet to its new height in
    /// a 0.5 s spring [proj], the dimming alongside.
    open func animateChanges(_ changes: () -> Void) {
        isAnimatingChanges = true
        changes()
        isAnimatingChanges = false
        settle(animated: true)
    }

    /// Asks the detents' resolvers again (iOS 16).
    open func invalidateDetents() { settle(animated: false) }

    // MARK: Geometry

    private struct Context: UISheetPresentationControllerDetentResolutionContext {
        let containerTraitCollection: UITraitCollection
        let maximumDetentValue: CGFloat
    }

    /// The detents' heights in the container (those a resolver leaves out dropped).
    func resolvedDetents() -> [(identifier: Detent.Identifier, height: CGFloat)] {
        guard let containerView else { return [] }
        let insets = containerView.safeAreaInsets
        let maximum = max(0, containerView.bounds.height - insets.top - 10 - insets.bottom)
        let context = Context(containerTraitCollection: UITraitCollection(displayScale: UIScreen.main.scale), maximumDetentValue: maximum)
        return detents.compactMap { detent in detent.resolvedValue(in: context).map { (detent.identifier, $0) } }
    }

    /// The detent shown: the selected one, else the smallest.
    var shownDetent: (identifier: Detent.Identifier, height: CGFloat)? {
        let resolved = resolvedDetents()
        return resolved.first { $0.identifier == selectedDetentIdentifier } ?? resolved.min { $0.height < $1.height }
    }

    open override var frameOfPresentedViewInContainerView: CGRect { frame(height: shownDetent?.height ?? 0) }

    /// The presented view's frame when `height` of it shows above the bottom safe area.
    func frame(height: CGFloat) -> CGRect {
        guard let containerView else { return .zero }
        let full = height + containerView.safeAreaInsets.bottom
        return CGRect(x: 0, y: containerView.bounds.height - full, width: containerView.bounds.width, height: full)
    }

    /// How dark the presenter is at the shown detent: not at all up to the largest undimmed one.
    private var presentedDimming: CGFloat { dimAlpha(height: shownDetent?.height ?? 0) }

    /// How dark the presenter is with the sheet `height` tall: clear up to the largest undimmed
    /// detent, fully dimmed from the next detent up, in proportion between.
    func dimAlpha(height: CGFloat) -> CGFloat {
        guard let undimmed = largestUndimmedDetentIdentifier else { return dimmedAlpha }
        let resolved = resolvedDetents()
        let limit = resolved.first { $0.identifier == undimmed }?.height ?? 0
        let next = resolved.map(\.height).filter { $0 > limit }.min() ?? limit
        guard height > limit else { return 0 }
        guard next > limit, height < next else { return dimmedAlpha }
        return dimmedAlpha * (height - limit) / (next - limit)
    }

    /// Moves the presented view to the shown detent's frame (and the dimming to its level).
    func settle(animated: Bool) {
        guard containerView != nil, let view = presentedView, view.superview === containerView,
            !presentedViewController.isBeingPresented, !presentedViewController.isBeingDismissed
        else { return }
        let frame = frameOfPresentedViewInContainerView, dimming = presentedDimming
        let move = {
            view.frame = frame
            self.dimming.view.alpha = dimming
            self.layOutGrabber()
        }
        if animated {
            UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0, options: [], animations: move)
        } else {
            UIView.performWithoutAnimation(move)
        }
    }

    // MARK: Chrome

    open override func presentationTransitionWillBegin() {
        super.presentationTransitionWillBegin()
        dimming.presentationWillBegin(self)
        UIView.performWithoutAnimation {
            updateCorners()
            presentedView?.clipsToBounds = true
            grabber.backgroundColor = .tertiaryLabel
            grabber.layer.cornerRadius = 2.5
            grabber.isUserInteractionEnabled = false
        }
        updateGrabber()
        drag.attach()
    }

    open override func dismissalTransitionWillBegin() {
        super.dismissalTransitionWillBegin()
        dimming.dismissalWillBegin(self)
    }

    open override func dismissalTransitionDidEnd(_ completed: Bool) {
        super.dismissalTransitionDidEnd(completed)
        if completed { drag.detach() }
    }

    private func updateCorners() {
        UIView.performWithoutAnimation {
            presentedView?.layer.cornerRadius = preferredCornerRadius ?? 10
            presentedView?.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        }
    }

    /// The grabber (36 × 5 pt, 5 pt below the sheet's top [proj]) rides on the presented view.
    private func updateGrabber() {
        UIView.performWithoutAnimation {
            guard prefersGrabberVisible, let view = presentedView else {
                grabber.removeFromSuperview()
                return
            }
            view.addSubview(grabber)
            layOutGrabber()
        }
    }

    func layOutGrabber() {
        guard let view = presentedView, grabber.superview === view else { return }
        grabber.frame = CGRect(x: (view.bounds.width - 36) / 2, y: 5, width: 36, height: 5)
        view.bringSubviewToFront(grabber)
    }
}

/// What a detent's resolver is told (iOS 16): the largest height a detent can have.
public protocol UISheetPresentationControllerDetentResolutionContext {
    var containerTraitCollection: UITraitCollection { get }
    var maximumDetentValue: CGFloat { get }
}

/// Hears a sheet's detent change (iOS 15).
public protocol UISheetPresentationControllerDelegate: AnyObject {
    func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController)
}

extension UISheetPresentationControllerDelegate {
    public func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController) {
    }
}
