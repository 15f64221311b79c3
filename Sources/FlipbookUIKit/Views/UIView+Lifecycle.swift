import FlipbookCore
import Foundation

// View lifecycle, layout and autoresizing as UIKit orders them: adding a view calls
// willMove(toSuperview:), willMove(toWindow:) (when the window changes, on the whole subtree),
// then didMoveToWindow() and didMoveToSuperview(); removing it runs the same with nil.
// Layout asked for with setNeedsLayout() runs before the Stage commits (docs/engine-notes.md).

extension UIView {
    /// How a view resizes when its superview's bounds change.
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// The window the view is in (the Stage's root view is a `UIWindow`), or nil.
    public var window: UIWindow? {
        var v: UIView? = self
        while let view = v {
            if let w = view as? UIWindow { return w }
            v = view.superview
        }
        return nil
    }

    func notifyWillMove(toWindow newWindow: UIWindow?) {
        willMove(toWindow: newWindow)
        for sub in subviews { sub.notifyWillMove(toWindow: newWindow) }
    }

    func notifyDidMoveToWindow() {
        didMoveToWindow()
        for sub in subviews { sub.notifyDidMoveToWindow() }
    }

    /// A bounds size change lays the view out again and resizes autoresizing subviews.
    func boundsSizeChanged(from old: CGSize) {
        let new = bounds.size
        guard new != old else { return }
        setNeedsLayout()
        guard autoresizesSubviews else { return }
        for sub in subviews where !sub.autoresizingMask.isEmpty { sub.autoresize(from: old, to: new) }
    }

    /// Spreads the superview's size change over the flexible parts of this view's frame, in
    /// proportion to their sizes (equally when they are all zero), as UIKit does.
    func autoresize(from old: CGSize, to new: CGSize) {
        var f = frame
        func spread(_ delta: CGFloat, _ parts: [(flexible: Bool, size: CGFloat)]) -> [CGFloat] {
            let flexible = parts.filter(\.flexible)
            guard !flexible.isEmpty, delta != 0 else { return parts.map { _ in 0 } }
            let total = flexible.map { max(0, $0.size) }.reduce(0, +)
            return parts.map { p in
                guard p.flexible else { return 0 }
                return total > 0 ? delta * max(0, p.size) / total : delta / CGFloat(flexible.count)
            }
        }
        let m = autoresizingMask
        let h = spread(
            new.width - old.width,
            [
                (m.contains(.flexibleLeftMargin), f.minX), (m.contains(.flexibleWidth), f.width),
                (m.contains(.flexibleRightMargin), old.width - f.maxX)
            ])
        let v = spread(
            new.height - old.height,
            [
                (m.contains(.flexibleTopMargin), f.minY), (m.contains(.flexibleHeight), f.height),
                (m.contains(.flexibleBottomMargin), old.height - f.maxY)
            ])
        f.origin.x += h[0]
        f.size.width += h[1]
        f.origin.y += v[0]
        f.size.height += v[1]
        frame = f
    }
}

/// The window a Stage's views live in: the Stage's root view.
open class UIWindow: UIView {
    /// The responder editing in this window (a text field), if any.
    weak var firstResponder: UIResponder?

    /// A Stage's window reports the Stage's `safeAreaInsets` (a device's notch and home
    /// indicator, set for a snapshot of a device); any other window none of its own.
    open override var safeAreaInsets: UIEdgeInsets {
        guard let stage = layer.owningStage else { return super.safeAreaInsets }
        return stage.safeAreaInsets
    }

    /// The controller whose view fills the window; setting it loads the view, sizes it to the
    /// window and sends the appearance callbacks.
    open var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            oldValue?.view.removeFromSuperview()
            guard let controller = rootViewController else { return }
            controller.loadViewIfNeeded()
            controller.sendAppearance(.willAppear, animated: false)
            UIView.performWithoutAnimation {
                controller.view.frame = bounds
                controller.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            }
            addSubview(controller.view)
            controller.view.layoutIfNeeded()
            controller.sendAppearance(.didAppear, animated: false)
        }
    }
}
