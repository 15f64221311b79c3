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

    /// Makes the arrangement's constraints again.
    private func rearrange(without leaving: UIView? = nil) {
        NSLayoutConstraint.deactivate(arrangement)
        for guide in spacers { removeLayoutGuide(guide) }
        spacers = []
        arrangement = []
        let shown = arrangedSubviews.filter { !$0.isHidden && $0 !== leaving }
        guard !shown.isEmpty else { return }
        let horizontal = axis == .horizontal
        let margins = isLayoutMarginsRelativeArrangement
        typealias A = NSLayoutConstraint.Attribute
        let (start, end, length): (A, A, A) = horizontal ? (.leading, .trailing, .width) : (.top, .bottom, .height)
        let (crossStart, crossEnd, crossCenter, crossLength): (A, A, A, A) =
            horizontal ? (.top, .bottom, .centerY, .height) : (.leading, .trailing, .centerX, .width)
        func edge(_ a: A) -> A {
            guard margins else { return a }
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
        func make(
            _ a: AnyObject, _ aa: A, _ r: NSLayoutConstraint.Relation, _ b: AnyObject?, _ ba: A, _ m: CGFloat = 1, _ c: CGFloat = 0,
            _ p: UILayoutPriority = .required
        ) {
            let constraint = NSLayoutConstraint(item: a, attribute: aa, relatedBy: r, toItem: b, attribute: ba, multiplier: m, constant: c)
            constraint.priority = p
            constraint.isInternal = true
            arrangement.append(constraint)
        }
        make(shown[0], start, .equal, self, edge(start))
        make(shown[shown.count - 1], end, .equal, self, edge(end))
        for (prev, next) in zip(shown, shown.dropFirst()) {
            let gap = customSpacings[ObjectIdentifier(prev)] ?? spacing
            switch distribution {
            case .fill, .fillEqually, .fillProportionally: make(next, start, .equal, prev, end, 1, gap)
            case .equalSpacing, .equalCentering:
                make(next, start, .greaterThanOrEqual, prev, end, 1, gap)
                let spacer = UILayoutGuide()
                spacer.identifier = "UISV-distributing"
                addLayoutGuide(spacer)
                let centres = distribution == .equalCentering
                make(spacer, start, .equal, prev, centres ? (horizontal ? .centerX : .centerY) : end)
                make(spacer, end, .equal, next, centres ? (horizontal ? .centerX : .centerY) : start)
                if let first = spacers.first { make(spacer, length, .equal, first, length) }
                spacers.append(spacer)
            }
        }
        switch distribution {
        case .fillEqually:
            for v in shown.dropFirst() { make(v, length, .equal, shown[0], length) }
        case .fillProportionally:
            let sizes = shown.map { horizontal ? $0.intrinsicContentSize.width : $0.intrinsicContentSize.height }
            if let base = sizes.first, base > 0, sizes.allSatisfy({ $0 >= 0 }) {
                for (v, s) in zip(shown, sizes).dropFirst() {
                    make(v, length, .equal, shown[0], length, s / base, 0, UILayoutPriority(999))
                }
            }
        default: break
        }
        for v in shown {
            switch alignment {
            case .fill:
                make(v, crossStart, .equal, self, edge(crossStart))
                make(v, crossEnd, .equal, self, edge(crossEnd))
            case .leading, .firstBaseline:
                make(v, crossStart, .equal, self, edge(crossStart))
                make(v, crossEnd, .lessThanOrEqual, self, edge(crossEnd))
            case .trailing, .lastBaseline:
                make(v, crossEnd, .equal, self, edge(crossEnd))
                make(v, crossStart, .greaterThanOrEqual, self, edge(crossStart))
            case .center:
                make(v, crossCenter, .equal, self, edge(crossCenter))
                make(v, crossStart, .greaterThanOrEqual, self, edge(crossStart))
            }
        }
        // Left to itself, the stack is as thin across as its content allows (UIKit's canvas fit).
        if alignment != .fill { make(self, crossLength, .equal, nil, .notAnAttribute, 1, 0, .fittingSizeLevel) }
        NSLayoutConstraint.activate(arrangement)
    }
}
