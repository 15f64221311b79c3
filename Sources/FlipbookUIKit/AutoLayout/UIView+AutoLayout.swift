import FlipbookCore
import Foundation

/// Auto Layout on views: constraints installed on a view, anchors, layout guides, intrinsic size
/// priorities and the update-constraints pass (timing-model.md 12.10).
extension UIView: LayoutItem, LayoutAnchorProviding {
    var hostView: UIView? { self }

    /// The constraints installed on this view (activating a constraint installs it on the closest
    /// common ancestor of its items).
    public var constraints: [NSLayoutConstraint] { installedConstraints.filter { !$0.isInternal } }

    /// Activates `constraint`, installed on this view.
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        constraint.isActive = false
        installedConstraints.append(constraint)
        constraint.installedOn = self
        TransactionContext.current.activeConstraintCount += 1
        constraint.changed()
    }
    public func addConstraints(_ constraints: [NSLayoutConstraint]) { for c in constraints { addConstraint(c) } }
    /// Deactivates `constraint` when it is installed here.
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.installedOn === self else { return }
        constraint.isActive = false
    }
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) { for c in constraints { removeConstraint(c) } }

    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline) }

    /// The part of the view inside its safe area insets, for constraints.
    public var safeAreaLayoutGuide: UILayoutGuide {
        if let guide = safeAreaGuideStorage { return guide }
        let guide = UILayoutGuide(kind: .safeArea, owner: self, identifier: "UIViewSafeAreaLayoutGuide")
        safeAreaGuideStorage = guide
        return guide
    }
    /// The part of the view inside its layout margins, for constraints.
    public var layoutMarginsGuide: UILayoutGuide {
        if let guide = marginsGuideStorage { return guide }
        let guide = UILayoutGuide(kind: .margins, owner: self, identifier: "UIViewLayoutMarginsGuide")
        marginsGuideStorage = guide
        return guide
    }
    /// The guides added with `addLayoutGuide(_:)`.
    public var layoutGuides: [UILayoutGuide] { addedLayoutGuides }
    public func addLayoutGuide(_ guide: UILayoutGuide) {
        guide.owningView = self
        addedLayoutGuides.append(guide)
    }
    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        addedLayoutGuides.removeAll { $0 === guide }
        guide.owningView = nil
    }

    /// How strongly the view resists growing past its intrinsic size (250 by default).
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? contentPriorities.huggingH : contentPriorities.huggingV
    }
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { contentPriorities.huggingH = priority } else { contentPriorities.huggingV = priority }
        noteAutoLayoutInputChanged()
    }
    /// How strongly the view resists shrinking below its intrinsic size (750 by default).
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? contentPriorities.compressionH : contentPriorities.compressionV
    }
    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { contentPriorities.compressionH = priority } else { contentPriorities.compressionV = priority }
        noteAutoLayoutInputChanged()
    }

    /// Asks for `updateConstraints()` before the next layout.
    public func setNeedsUpdateConstraints() {
        needsUpdateConstraintsFlag = true
        noteAutoLayoutInputChanged(force: true)
    }
    public func needsUpdateConstraints() -> Bool { needsUpdateConstraintsFlag }
    /// Runs the update-constraints pass now for the tree this view is in.
    public func updateConstraintsIfNeeded() {
        guard TransactionContext.current.activeConstraintCount > 0 || needsUpdateConstraintsFlag else { return }
        rootView.autoLayoutEngine.update(root: rootView)
    }

    /// The topmost view above this one (itself when it has no superview).
    var rootView: UIView {
        var v = self
        while let s = v.superview { v = s }
        return v
    }

    /// The closest view that is `other` or above it and also this view or above it.
    func closestCommonAncestor(with other: UIView) -> UIView? {
        var mine = Set<ObjectIdentifier>()
        var v: UIView? = self
        while let x = v {
            mine.insert(ObjectIdentifier(x))
            v = x.superview
        }
        v = other
        while let x = v {
            if mine.contains(ObjectIdentifier(x)) { return x }
            v = x.superview
        }
        return nil
    }

    /// The root's engine, made on first use.
    var autoLayoutEngine: LayoutEngine {
        if let engine = layoutEngineStorage { return engine }
        let engine = LayoutEngine()
        layoutEngineStorage = engine
        return engine
    }

    /// Something Auto Layout reads changed: solve again at the next layout of this tree.
    func noteAutoLayoutInputChanged(force: Bool = false) {
        let ctx = TransactionContext.current
        guard force || ctx.activeConstraintCount > 0 else { return }
        ctx.layoutGeneration += 1
        rootView.setNeedsLayout()
    }

    /// Before a view lays out: the tree's constraints solved, if any changed.
    func updateAutoLayoutBeforeLayout() {
        guard TransactionContext.current.activeConstraintCount > 0 else { return }
        let root = rootView
        root.autoLayoutEngine.update(root: root)
    }

    /// The default `layoutSubviews()`: subviews placed by Auto Layout move to their solved frames.
    func applyAutoLayoutFrames() {
        guard TransactionContext.current.activeConstraintCount > 0, let engine = rootView.layoutEngineStorage else { return }
        for sub in subviews where !sub.translatesAutoresizingMaskIntoConstraints {
            if let frame = engine.solvedFrame(of: sub), frame != sub.frame { sub.frame = frame }
        }
    }
}

/// A view's intrinsic-size priorities.
struct ContentPriorities {
    var huggingH = UILayoutPriority.defaultLow, huggingV = UILayoutPriority.defaultLow
    var compressionH = UILayoutPriority.defaultHigh, compressionV = UILayoutPriority.defaultHigh
}
