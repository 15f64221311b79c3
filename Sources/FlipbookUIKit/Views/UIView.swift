import FlipbookCore
import Foundation

/// A rectangle on screen backed by a layer. The view is its layer's delegate and answers
/// `NSNull` outside animation blocks, so its changes snap (timing-model.md 10.3).
open class UIView: UIResponder, CALayerDelegate {
    /// The class of the backing layer. Built-in layer classes are honoured; other subclasses
    /// fall back to their nearest built-in class.
    open class var layerClass: AnyClass { CALayer.self }

    /// The backing layer.
    public let layer: CALayer
    public private(set) weak var superview: UIView?
    public private(set) var subviews: [UIView] = []
    open var tag = 0
    /// Accessibility, stored for code that sets and reads it; a Stage has no assistive
    /// technology to read it to (docs/porting.md).
    open var isAccessibilityElement = false
    open var accessibilityLabel: String?
    open var accessibilityHint: String?
    open var accessibilityValue: String?
    open var accessibilityIdentifier: String?
    open var accessibilityTraits: UIAccessibilityTraits = .none
    /// The tint: the view's own, else its superview's (UIKit's default is the system blue when
    /// no ancestor sets one). Setting it calls `tintColorDidChange()` on the view and on every
    /// subview that inherits it; so does a move under a superview with another tint.
    open var tintColor: UIColor! {
        get { tintStorage ?? superview?.tintColor ?? UIColor(red: 0, green: 122 / 255, blue: 1, alpha: 1) }
        set {
            let old = tintColor
            tintStorage = newValue
            if tintColor != old { tintDidChange() }
        }
    }
    private var tintStorage: UIColor?
    /// Whether the view has a tint of its own (not inherited).
    var hasOwnTint: Bool { tintStorage != nil }

    /// Called when the tint the view shows changes (override to recolour, as in UIKit).
    open func tintColorDidChange() {}

    /// Tells this view and the subviews that inherit its tint.
    private func tintDidChange() {
        tintColorDidChange()
        for view in subviews where view.tintStorage == nil { view.tintDidChange() }
    }
    /// What bars cover of the view: the part of its superview's safe-area insets its frame
    /// reaches into, plus, for a controller's root view, what its controller's bars add (a
    /// navigation bar over it) and its `additionalSafeAreaInsets`. A Stage has no notch or
    /// status bar, so with no bars this is zero.
    open var safeAreaInsets: UIEdgeInsets {
        var insets = UIEdgeInsets.zero
        if let s = superview {
            let p = s.safeAreaInsets, f = frame, b = s.bounds
            insets = UIEdgeInsets(
                top: max(0, p.top - (f.minY - b.minY)), left: max(0, p.left - (f.minX - b.minX)),
                bottom: max(0, p.bottom - (b.maxY - f.maxY)), right: max(0, p.right - (b.maxX - f.maxX)))
        }
        if let controller = owningViewController {
            let extra = controller.additionalSafeAreaInsets, bars = controller.barInsets
            insets.top += extra.top + bars.top
            insets.left += extra.left
            insets.bottom += extra.bottom + bars.bottom
            insets.right += extra.right
        }
        return insets
    }
    /// A plain view has no intrinsic size.
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    /// Says the intrinsic size changed: the view's superview lays out again at the next commit.
    open func invalidateIntrinsicContentSize() { superview?.setNeedsLayout() }
    /// A plain view fits its current size.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }
    /// Resizes the view to `sizeThatFits(_:)`.
    open func sizeToFit() { bounds.size = sizeThatFits(bounds.size) }
    open var isUserInteractionEnabled = true
    /// Whether the view's frame (and autoresizing mask) places it; false: Auto Layout does, from
    /// its constraints (timing-model.md 12.10).
    open var translatesAutoresizingMaskIntoConstraints = true {
        didSet { if oldValue != translatesAutoresizingMaskIntoConstraints { noteAutoLayoutInputChanged() } }
    }
    /// Space kept inside the view's edges for the margin attributes and `layoutMarginsGuide`.
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
        didSet { noteAutoLayoutInputChanged() }
    }
    /// Override to add or change constraints; runs before layout after `setNeedsUpdateConstraints()`.
    open func updateConstraints() {}
    // Auto Layout's state (UIView+AutoLayout.swift).
    var installedConstraints: [NSLayoutConstraint] = []
    var contentPriorities = ContentPriorities()
    var layoutEngineStorage: LayoutEngine?
    lazy var layoutVariables = LayoutVariables(String(describing: type(of: self)))
    var safeAreaGuideStorage: UILayoutGuide?
    var marginsGuideStorage: UILayoutGuide?
    var addedLayoutGuides: [UILayoutGuide] = []
    var needsUpdateConstraintsFlag = false
    /// A Stage has one scripted finger; these exist for code that sets them.
    open var isMultipleTouchEnabled = false
    open var isExclusiveTouch = false
    /// How the view follows its superview's size changes (empty: it does not).
    open var autoresizingMask: AutoresizingMask = []
    /// Whether subviews' autoresizing masks apply when this view's bounds change.
    open var autoresizesSubviews = true
    /// Whether layout was asked for and has not run (the layer's flag).
    var needsLayout: Bool {
        get { layer.needsLayoutFlag }
        set { layer.needsLayoutFlag = newValue }
    }
    /// The controller whose root view this is (the responder after it).
    weak var owningViewController: UIViewController?
    /// Gesture recognizers attached with `addGestureRecognizer(_:)`.
    var attachedGestureRecognizers: [UIGestureRecognizer] = []
    /// Keys of the view animations on the layer made without `.allowUserInteraction`: while
    /// any is on the layer, the view takes no touches (timing-model.md 11.1).
    private var interactionBlockingKeys: Set<String> = []
    /// Key-value observers of this view (KeyValueObserving/KeyValueObservable.swift).
    public let keyValueObserverList = KeyValueObserverList()

    /// The current value of an observable key (key-value coding, for `.initial` and the
    /// change dictionaries of key-value observing).
    open func value(forKey key: String) -> Any? {
        switch key {
        case "frame": return frame
        case "bounds": return bounds
        case "center": return center
        case "alpha": return alpha
        case "hidden", "isHidden": return isHidden
        default: return nil
        }
    }

    /// Hears changes registered with `addObserver(_:forKeyPath:options:context:)`.
    open func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {}

    // MARK: Lifecycle (UIKit's order; see UIView+Lifecycle.swift)

    open func willMove(toSuperview newSuperview: UIView?) {}
    open func didMoveToSuperview() {}
    open func willMove(toWindow newWindow: UIWindow?) {}
    open func didMoveToWindow() {}
    open func didAddSubview(_ subview: UIView) {}
    open func willRemoveSubview(_ subview: UIView) {}
    /// How the view's content fits its bounds (for image views, the layer's contents gravity).
    open var contentMode: ContentMode = .scaleToFill {
        didSet { layer.contentsGravity = contentMode.gravity }
    }

    /// UIKit's content modes.
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight

        var gravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: return .resize
            case .scaleAspectFit: return .resizeAspect
            case .scaleAspectFill: return .resizeAspectFill
            case .center: return .center
            case .top: return .top
            case .bottom: return .bottom
            case .left: return .left
            case .right: return .right
            case .topLeft: return .topLeft
            case .topRight: return .topRight
            case .bottomLeft: return .bottomLeft
            case .bottomRight: return .bottomRight
            }
        }
    }

    public init(frame: CGRect) {
        let ctx = TransactionContext.current
        if let adopted = ctx.pendingBackingLayer {
            ctx.pendingBackingLayer = nil
            layer = adopted
            super.init()
            layer.delegate = self
            return
        }
        layer = UIView.makeLayer(for: type(of: self).layerClass)
        super.init()
        layer.delegate = self
        layer.frame = frame
        layer.setNeedsDisplay()
    }

    /// `UIView()`, `UILabel()`, a subclass's `init()`: a zero frame. (Every designated
    /// initializer is public, so subclasses inherit this.)
    public convenience override init() { self.init(frame: .zero) }

    public required init?(coder: NSCoder) {
        layer = UIView.makeLayer(for: type(of: self).layerClass)
        super.init()
        layer.delegate = self
    }

    /// A view over an existing layer (the Stage's window over its root layer).
    convenience init(backingLayer: CALayer) {
        TransactionContext.current.pendingBackingLayer = backingLayer
        self.init(frame: backingLayer.frame)
    }

    /// The engine's layer classes by name (Swift cannot call `init()` through a metatype whose
    /// initializer is not `required`, and CALayer's is not, as in UIKit): most derived first.
    private static func makeLayer(for cls: AnyClass) -> CALayer {
        if cls is StatusBarLayer.Type { return StatusBarLayer() }
        if cls is CAReplicatorLayer.Type { return CAReplicatorLayer() }
        if cls is CAEmitterLayer.Type { return CAEmitterLayer() }
        if cls is CAShapeLayer.Type { return CAShapeLayer() }
        if cls is CATextLayer.Type { return CATextLayer() }
        if cls is CAGradientLayer.Type { return CAGradientLayer() }
        return CALayer()
    }

    // MARK: Geometry and appearance (all through the layer)

    open var frame: CGRect {
        get { layer.frame }
        set {
            let old = layer.frame, oldSize = layer.bounds.size
            layer.frame = newValue
            boundsSizeChanged(from: oldSize)
            if old != layer.frame {
                notifyObservers("frame", old: old, new: layer.frame)
                if translatesAutoresizingMaskIntoConstraints { noteAutoLayoutInputChanged() }
            }
        }
    }
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            let old = layer.bounds
            layer.bounds = newValue
            boundsSizeChanged(from: old.size)
            if old != newValue {
                notifyObservers("bounds", old: old, new: newValue)
                if translatesAutoresizingMaskIntoConstraints || old.origin != newValue.origin { noteAutoLayoutInputChanged() }
            }
        }
    }
    open var center: CGPoint {
        get { layer.position }
        set {
            let old = layer.position
            layer.position = newValue
            if old != newValue, translatesAutoresizingMaskIntoConstraints { noteAutoLayoutInputChanged() }
        }
    }
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }
    /// The shape UIKit Dynamics collides this view as (override for an ellipse or a path).
    open var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }
    /// The convex path, about the view's centre, used when `collisionBoundsType` is `.path`.
    open var collisionBoundingPath: UIBezierPath {
        UIBezierPath(rect: CGRect(x: -bounds.width / 2, y: -bounds.height / 2, width: bounds.width, height: bounds.height))
    }
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }
    open var isHidden: Bool {
        get { layer.isHidden }
        set {
            let old = layer.isHidden
            layer.isHidden = newValue
            if old != newValue { superview?.subviewVisibilityChanged(self) }
        }
    }
    /// A subview was hidden or shown (a stack view rearranges).
    func subviewVisibilityChanged(_ subview: UIView) {}
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
    open var backgroundColor: UIColor? {
        get { layer.backgroundColor.map(UIColor.init(cgColor:)) }
        set { layer.backgroundColor = newValue?.cgColor }
    }

    // MARK: Hierarchy

    open func addSubview(_ view: UIView) { insertSubview(view, at: subviews.count) }

    open func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self else { return }
        let movesIn = view.superview !== self
        let oldWindow = view.window, newWindow = window
        let oldTint = view.tintColor
        if movesIn {
            view.willMove(toSuperview: self)
            if oldWindow !== newWindow { view.notifyWillMove(toWindow: newWindow) }
        }
        view.detachFromSuperview()
        let i = max(0, min(index, subviews.count))
        subviews.insert(view, at: i)
        view.superview = self
        // Keep the layer order in step with the views.
        let layerIndex: Int
        if i + 1 < subviews.count, let next = layer.sublayers?.firstIndex(where: { $0 === subviews[i + 1].layer }) {
            layerIndex = next
        } else {
            layerIndex = layer.sublayers?.count ?? 0
        }
        layer.insertSublayer(view.layer, at: UInt32(layerIndex))
        if movesIn {
            if oldWindow !== newWindow { view.notifyDidMoveToWindow() }
            if view.tintColor != oldTint { view.tintDidChange() }
            view.didMoveToSuperview()
            didAddSubview(view)
            view.setNeedsLayout()
            noteAutoLayoutInputChanged()
        }
    }

    open func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        insertSubview(view, at: subviews.firstIndex { $0 === sibling } ?? 0)
    }

    open func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        insertSubview(view, at: (subviews.firstIndex { $0 === sibling }).map { $0 + 1 } ?? subviews.count)
    }

    open func bringSubviewToFront(_ view: UIView) {
        guard subviews.contains(where: { $0 === view }) else { return }
        insertSubview(view, at: subviews.count)
    }

    open func sendSubviewToBack(_ view: UIView) {
        guard subviews.contains(where: { $0 === view }) else { return }
        insertSubview(view, at: 0)
    }

    open func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        if oldWindow != nil { notifyWillMove(toWindow: nil) }
        detachFromSuperview()
        if oldWindow != nil { notifyDidMoveToWindow() }
        didMoveToSuperview()
    }

    private func detachFromSuperview() {
        guard let parent = superview else { return }
        if TransactionContext.current.activeConstraintCount > 0 {
            // Constraints between the subtree and the rest go with the cut, as in UIKit.
            var ancestor: UIView? = parent
            while let a = ancestor {
                for c in a.installedConstraints
                where [c.firstLayoutItem?.hostView, c.secondLayoutItem?.hostView].contains(where: { $0?.isDescendant(of: self) == true }) {
                    c.isActive = false
                }
                ancestor = a.superview
            }
            parent.noteAutoLayoutInputChanged()
        }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
    }

    // MARK: Touches (UIKit/Touches/)

    /// The deepest visible, interactive view containing `point` (in this view's coordinates):
    /// subviews front to back, as UIKit's `hitTest(_:with:)`. Hidden views, views with
    /// interaction off and views at an alpha below 0.01 are skipped with their subviews.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, !isAnimatingWithoutInteraction,
            self.point(inside: point, with: event)
        else { return nil }
        for sub in subviews.reversed() {
            if let hit = sub.hitTest(sub.convert(point, from: self), with: event) { return hit }
        }
        return self
    }

    /// A view animation made without `.allowUserInteraction` was added under `key`.
    func blockInteraction(whileAnimating key: String) { interactionBlockingKeys.insert(key) }

    /// Whether a view animation made without `.allowUserInteraction` is still on the layer (UIKit
    /// turns touches off for the views it animates, delay included, until their animations end).
    private var isAnimatingWithoutInteraction: Bool {
        guard !interactionBlockingKeys.isEmpty else { return false }
        interactionBlockingKeys = interactionBlockingKeys.filter { layer.animation(forKey: $0) != nil }
        return !interactionBlockingKeys.isEmpty
    }

    /// Whether a recognizer may begin a gesture that touched this view (asked of the touched
    /// view and each view up to the recognizer's): true by default; a slider refuses swipes and
    /// pans along it, as UIKit's does.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// Whether `point` (this view's coordinates) is in its bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }

    /// The view's controller when it is one's root view, else its superview.
    open override var next: UIResponder? { owningViewController ?? superview }

    // MARK: Drawing

    /// Override to draw custom content; `UIGraphicsGetCurrentContext()` answers the context.
    open func draw(_ rect: CGRect) {}
    open func setNeedsDisplay() { layer.setNeedsDisplay() }
    /// Asks for `layoutSubviews` before the Stage's next commit (or at `layoutIfNeeded()`), through
    /// the layer's `setNeedsLayout()`.
    open func setNeedsLayout() { layer.setNeedsLayout() }
    /// Lays out now what asked for it, through the layer's `layoutIfNeeded()`: from the outermost
    /// superview that needs layout down, each view before its subviews.
    open func layoutIfNeeded() {
        updateAutoLayoutBeforeLayout()
        layer.layoutIfNeeded()
    }
    /// Override to place subviews; called after `setNeedsLayout()`, when the bounds' size changes
    /// and when subviews are added or removed. The default places the subviews that Auto Layout
    /// places at their solved frames.
    open func layoutSubviews() { applyAutoLayoutFrames() }
    /// The view's layer asks it to lay out: the controller whose view this is hears
    /// `viewWillLayoutSubviews()` before `layoutSubviews()` and `viewDidLayoutSubviews()` after.
    open func layoutSublayers(of layer: CALayer) {
        guard layer === self.layer else { return }
        updateAutoLayoutBeforeLayout()
        owningViewController?.viewWillLayoutSubviews()
        layoutSubviews()
        owningViewController?.viewDidLayoutSubviews()
    }

    public func draw(_ layer: CALayer, in ctx: CGContext) {
        let tc = TransactionContext.current
        tc.graphicsContexts.append(ctx)
        defer { tc.graphicsContexts.removeLast() }
        draw(layer.bounds)
    }

    // MARK: Actions

    /// Inside an animation block, the UIKit animation for the key; otherwise `NSNull`.
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        UIView.uikitAction(for: layer, forKey: event)
    }

    static func uikitAction(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        let ctx = TransactionContext.current
        guard let state = ctx.viewAnimationStack.last, state.duration > 0,
            let prop = LayerProperty.named(event), prop != .path
        else { return NSNull() }
        return UIViewAnimationAction(
            state: state, property: prop, oldModel: layer.modelState[prop],
            oldPresentation: layer.presentationState(at: ctx.now)[prop])
    }
}

/// A layer delegate that answers actions as a view does: UIKit animations inside
/// `UIView.animate` blocks, none outside. Scenario files use it to run view-style blocks on
/// their layers (package-internal: not part of the public API).
package final class ViewStyleLayerDelegate: CALayerDelegate {
    package init() {}
    package func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        UIView.uikitAction(for: layer, forKey: event)
    }
}

/// The current drawing context inside `draw(_:)`.
public func UIGraphicsGetCurrentContext() -> CGContext? { TransactionContext.current.graphicsContexts.last }
