import FlipbookCore
import Foundation

/// One attribute of a view or layout guide, for making constraints in code
/// (`a.leadingAnchor.constraint(equalTo: b.leadingAnchor, constant: 16)`).
open class NSLayoutAnchor<AnchorType: AnyObject> {
    weak var item: AnyObject?
    let attribute: NSLayoutConstraint.Attribute

    init(item: AnyObject, attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
    }

    func make(_ relation: NSLayoutConstraint.Relation, _ other: NSLayoutAnchor<AnchorType>?, multiplier: CGFloat = 1, constant: CGFloat)
        -> NSLayoutConstraint
    {
        NSLayoutConstraint(
            item: item as Any, attribute: attribute, relatedBy: relation, toItem: other?.item,
            attribute: other?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
    }

    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { make(.equal, anchor, constant: 0) }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: 0)
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: 0)
    }
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, constant: c)
    }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: c)
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: c)
    }
}

/// A horizontal position: leading, trailing, left, right, centre x.
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {
    /// `self = anchor + 8 × multiplier` (iOS's standard spacing between siblings).
    open func constraint(equalToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, constant: 8 * multiplier)
    }
    open func constraint(greaterThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: 8 * multiplier)
    }
}

/// A vertical position: top, bottom, centre y, baselines.
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {
    /// `self = anchor + 8 × multiplier` (iOS's standard spacing between siblings).
    open func constraint(equalToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, constant: 8 * multiplier)
    }
    open func constraint(greaterThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: 8 * multiplier)
    }
}

/// A size: width or height.
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { make(.equal, nil, constant: c) }
    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { make(.greaterThanOrEqual, nil, constant: c) }
    open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { make(.lessThanOrEqual, nil, constant: c) }
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, multiplier: m, constant: 0)
    }
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, multiplier: m, constant: c)
    }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: m, constant: 0)
    }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: m, constant: c)
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: m, constant: 0)
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: m, constant: c)
    }
}

/// Something Auto Layout places: a view or a layout guide.
protocol LayoutItem: AnyObject {
    /// Its rectangle's variables, in its root view's coordinates.
    var layoutVariables: LayoutVariables { get }
    /// The view itself, or the view a guide belongs to.
    var hostView: UIView? { get }
}

/// The four unknowns of an item's rectangle.
final class LayoutVariables {
    let minX: LinearSolver.Variable, minY: LinearSolver.Variable
    let width: LinearSolver.Variable, height: LinearSolver.Variable
    /// Names the item for the engine; never reused (an object's address can be, once it is gone).
    let serial = TransactionContext.current.nextLayoutSequence()

    init(_ name: String) {
        minX = .init(name + ".minX")
        minY = .init(name + ".minY")
        width = .init(name + ".width")
        height = .init(name + ".height")
    }

    /// The solved rectangle.
    var rect: CGRect { CGRect(x: minX.value, y: minY.value, width: width.value, height: height.value) }

    /// `attribute` as a linear expression (margins for the margin attributes).
    func expression(_ attribute: NSLayoutConstraint.Attribute, margins m: UIEdgeInsets) -> LinearSolver.Expression {
        typealias E = LinearSolver.Expression
        switch attribute {
        case .left, .leading: return E(minX)
        case .right, .trailing: return E([(minX, 1), (width, 1)])
        case .top, .firstBaseline: return E(minY)
        case .bottom, .lastBaseline: return E([(minY, 1), (height, 1)])
        case .width: return E(width)
        case .height: return E(height)
        case .centerX: return E([(minX, 1), (width, 0.5)])
        case .centerY: return E([(minY, 1), (height, 0.5)])
        case .leftMargin, .leadingMargin: return E([(minX, 1)], constant: m.left)
        case .rightMargin, .trailingMargin: return E([(minX, 1), (width, 1)], constant: -m.right)
        case .topMargin: return E([(minY, 1)], constant: m.top)
        case .bottomMargin: return E([(minY, 1), (height, 1)], constant: -m.bottom)
        case .centerXWithinMargins: return E([(minX, 1), (width, 0.5)], constant: (m.left - m.right) / 2)
        case .centerYWithinMargins: return E([(minY, 1), (height, 0.5)], constant: (m.top - m.bottom) / 2)
        case .notAnAttribute: return E()
        }
    }
}

/// A rectangle that takes part in Auto Layout without a view: `addLayoutGuide(_:)`, and every
/// view's `safeAreaLayoutGuide` and `layoutMarginsGuide`.
open class UILayoutGuide: LayoutItem {
    enum Kind { case free, safeArea, margins }
    let kind: Kind
    public internal(set) weak var owningView: UIView?
    open var identifier = ""
    lazy var layoutVariables = LayoutVariables("guide")
    var hostView: UIView? { owningView }

    public init() { kind = .free }
    init(kind: Kind, owner: UIView, identifier: String) {
        self.kind = kind
        owningView = owner
        self.identifier = identifier
    }

    /// Where it was laid out, in its owning view's coordinates.
    open var layoutFrame: CGRect {
        guard let owner = owningView else { return .zero }
        switch kind {
        case .safeArea: return owner.bounds.inset(by: owner.safeAreaInsets)
        case .margins: return owner.bounds.inset(by: owner.layoutMargins)
        case .free:
            let mine = layoutVariables.rect, host = owner.layoutVariables.rect
            return mine.offsetBy(dx: owner.bounds.minX - host.minX, dy: owner.bounds.minY - host.minY)
        }
    }
}

/// Views and layout guides: both make anchors for constraints in code.
public protocol LayoutAnchorProviding: AnyObject {}

extension LayoutAnchorProviding {
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
}

extension UILayoutGuide: LayoutAnchorProviding {}
