import FlipbookCore
import Foundation

/// A row or a column of views (UIKit's `UIStackView`), laid out by Auto Layout constraints the
/// stack makes and remakes itself, as UIKit's does: the arranged subviews chained edge to edge
/// with `spacing`, sized by `distribution`, placed across by `alignment`. Hidden arranged views
/// leave the chain (inside an animation block with `layoutIfNeeded()`, the others slide).
open class UIStackView: UIView {
    /// How the arranged views share the length along the axis.
    public enum Distribution: Int, Sendable { case fill, fillEqually, fillProportionally, equalSpacing, equalCentering }
    /// Where the arranged views sit across the axis.
    public enum Alignment: Int, Sendable {
        case fill, leading, firstBaseline, center, trailing, lastBaseline
        public static let top = Alignment.leading
        public static let bottom = Alignment.trailing
    }

    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { rearrange() } }
    open var distribution: Distribution = .fill { didSet { rearrange() } }
    open var alignment: Alignment = .fill { didSet { rearrange() } }
    open var spacing: CGFloat = 0 { didSet { rearrange() } }
    /// Whether the arrangement keeps inside the stack's layout margins.
    open var isLayoutMarginsRelativeArrangement = false { didSet { rearrange() } }
    /// Accepted; baselines are the views' top and bottom edges here.
    open var isBaselineRelativeArrangement = false
    /// The views in the arrangement, in order (a subset of `subviews`).
    public private(set) var arrangedSubviews: [UIView] = []
    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]
    private var arrangement: [NSLayoutConstraint] = []
    private var spacers: [UILayoutGuide] = []

    /// The spacing `setCustomSpacing` gives back to `spacing`.
    public static let spacingUseDefault = CGFloat.greatestFiniteMagnitude
    /// iOS's standard spacing between siblings.
    public static let spacingUseSystem: CGFloat = 8

    public init(arrangedSubviews views: [UIView]) {
        super.init(frame: .zero)
        for v in views { addArrangedSubview(v) }
    }
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open func addArrangedSubview(_ view: UIView) { insertArrangedSubview(view, at: arrangedSubviews.count) }

    open func insertArrangedSubview(_ view: UIView, at index: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: max(0, min(index, arrangedSubviews.count)))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        rearrange()
    }

    /// Takes `view` out of the arrangement; it stays a subview, as in UIKit.
    open func removeArrangedSubview(_ view: UIView) {
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        rearrange()
    }

    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing == Self.spacingUseDefault ? nil : spacing
        rearrange()
    }
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? Self.spacingUseDefault
    }

    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        if arrangedSubviews.contains(where: { $0 === subview }) {
            arrangedSubviews.removeAll { $0 === subview }
            customSpacings[ObjectIdentifier(subview)] = nil
            rearrange(without: subview)
        }
    }

    override func subviewVisibilityChanged(_ subview: UIView) {
        if arrangedSubviews.contains(where: { $0 === subview }) { rearrange() }
    }

    /// Makes the arrangement's constraints again: along the axis (ends, gaps, spacers), the
    /// sizes the distribution sets, across the axis by the alignment.
    private func rearrange(without leaving: UIView? = nil) {
        NSLayoutConstraint.deactivate(arrangement)
        for guide in spacers { removeLayoutGuide(guide) }
        spacers = []
        arrangement = []
        let shown = arrangedSubviews.filter { !$0.isHidden && $0 !== leaving }
        guard !shown.isEmpty else { return }
        arrangeAlongAxis(shown)
        distributeSizes(shown)
        alignAcross(shown)
        // Left to itself, the stack is as thin across as its content allows (UIKit's canvas fit).
        if alignment != .fill {
            constrain(self, axis == .horizontal ? .height : .width, .equal, nil, .notAnAttribute, 1, 0, .fittingSizeLevel)
        }
        NSLayoutConstraint.activate(arrangement)
    }

    private typealias Attribute = NSLayoutConstraint.Attribute

    /// One constraint of the arrangement (internal: UIKit's `UISV-` constraints).
    private func constrain(
        _ a: AnyObject, _ aa: Attribute, _ r: NSLayoutConstraint.Relation, _ b: AnyObject?, _ ba: Attribute, _ m: CGFloat = 1,
        _ c: CGFloat = 0, _ p: UILayoutPriority = .required
    ) {
        let constraint = NSLayoutConstraint(item: a, attribute: aa, relatedBy: r, toItem: b, attribute: ba, multiplier: m, constant: c)
        constraint.priority = p
        constraint.isInternal = true
        arrangement.append(constraint)
    }

    /// The stack's own edge for `a`: its margin with `isLayoutMarginsRelativeArrangement`.
    private func edge(_ a: Attribute) -> Attribute {
        guard isLayoutMarginsRelativeArrangement else { return a }
        switch a {
        case .leading: return .leadingMargin
        case .trailing: return .trailingMargin
        case .top: return .topMargin
        case .bottom: return .bottomMargin
        case .centerX: return .centerXWithinMargins
        case .centerY: return .centerYWithinMargins
        default: return a
        }
    }

    /// The first and last views at the stack's ends, each next after the one before at the
    /// spacing (at least, with spacer guides of equal length, for the equal distributions).
    private func arrangeAlongAxis(_ shown: [UIView]) {
        let horizontal = axis == .horizontal
        let (start, end, length): (Attribute, Attribute, Attribute) = horizontal ? (.leading, .trailing, .width) : (.top, .bottom, .height)
        constrain(shown[0], start, .equal, self, edge(start))
        constrain(shown[shown.count - 1], end, .equal, self, edge(end))
        for (prev, next) in zip(shown, shown.dropFirst()) {
            let gap = customSpacings[ObjectIdentifier(prev)] ?? spacing
            switch distribution {
            case .fill, .fillEqually, .fillProportionally: constrain(next, start, .equal, prev, end, 1, gap)
            case .equalSpacing, .equalCentering:
                constrain(next, start, .greaterThanOrEqual, prev, end, 1, gap)
                let spacer = UILayoutGuide()
                spacer.identifier = "UISV-distributing"
                addLayoutGuide(spacer)
                let centres = distribution == .equalCentering
                constrain(spacer, start, .equal, prev, centres ? (horizontal ? .centerX : .centerY) : end)
                constrain(spacer, end, .equal, next, centres ? (horizontal ? .centerX : .centerY) : start)
                if let first = spacers.first { constrain(spacer, length, .equal, first, length) }
                spacers.append(spacer)
            }
        }
    }

    /// Equal lengths (`fillEqually`), or lengths in proportion to the views' intrinsic sizes
    /// (`fillProportionally`, at priority 999).
    private func distributeSizes(_ shown: [UIView]) {
        let horizontal = axis == .horizontal
        let length: Attribute = horizontal ? .width : .height
        switch distribution {
        case .fillEqually:
            for v in shown.dropFirst() { constrain(v, length, .equal, shown[0], length) }
        case .fillProportionally:
            let sizes = shown.map { horizontal ? $0.intrinsicContentSize.width : $0.intrinsicContentSize.height }
            if let base = sizes.first, base > 0, sizes.allSatisfy({ $0 >= 0 }) {
                for (v, s) in zip(shown, sizes).dropFirst() {
                    constrain(v, length, .equal, shown[0], length, s / base, 0, UILayoutPriority(999))
                }
            }
        default: break
        }
    }

    /// Each view across the axis, as the alignment places it within the stack.
    private func alignAcross(_ shown: [UIView]) {
        let (crossStart, crossEnd, crossCenter): (Attribute, Attribute, Attribute) =
            axis == .horizontal ? (.top, .bottom, .centerY) : (.leading, .trailing, .centerX)
        for v in shown {
            switch alignment {
            case .fill:
                constrain(v, crossStart, .equal, self, edge(crossStart))
                constrain(v, crossEnd, .equal, self, edge(crossEnd))
            case .leading, .firstBaseline:
                constrain(v, crossStart, .equal, self, edge(crossStart))
                constrain(v, crossEnd, .lessThanOrEqual, self, edge(crossEnd))
            case .trailing, .lastBaseline:
                constrain(v, crossEnd, .equal, self, edge(crossEnd))
                constrain(v, crossStart, .greaterThanOrEqual, self, edge(crossStart))
            case .center:
                constrain(v, crossCenter, .equal, self, edge(crossCenter))
                constrain(v, crossStart, .greaterThanOrEqual, self, edge(crossStart))
            }
        }
    }
}
