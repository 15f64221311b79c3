import FlipbookCore
import Foundation

/// How much a constraint matters: 1000 must hold; below that, a higher priority wins a conflict.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public static let required = UILayoutPriority(1000)
    public static let defaultHigh = UILayoutPriority(750)
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    public static let sceneSizeStayPut = UILayoutPriority(500)
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    public static let defaultLow = UILayoutPriority(250)
    public static let fittingSizeLevel = UILayoutPriority(50)
    public static func < (a: UILayoutPriority, b: UILayoutPriority) -> Bool { a.rawValue < b.rawValue }
    public static func + (p: UILayoutPriority, k: Float) -> UILayoutPriority { UILayoutPriority(p.rawValue + k) }
    public static func - (p: UILayoutPriority, k: Float) -> UILayoutPriority { UILayoutPriority(p.rawValue - k) }

    /// The solver's weight: required is nil; below, each 125 points of priority weigh ten times
    /// more, so a higher priority wins any conflict of ordinary size (docs/engine-notes.md).
    var solverStrength: Double? { rawValue >= 1000 ? nil : pow(10, Double(max(1, rawValue)) / 125) }
}

/// A relation between two items' attributes, `first = multiplier × second + constant`, that Auto
/// Layout keeps while it lays views out (timing-model.md 12.10).
open class NSLayoutConstraint: CustomStringConvertible {
    /// The part of an item a constraint is about.
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline, firstBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0
        public static let baseline = Attribute.lastBaseline
    }

    /// How the two sides compare.
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    /// The direction a size or a priority is about.
    public enum Axis: Int, Sendable { case horizontal = 0, vertical = 1 }

    public private(set) weak var firstItem: AnyObject?
    public let firstAttribute: Attribute
    public let relation: Relation
    public private(set) weak var secondItem: AnyObject?
    public let secondAttribute: Attribute
    public let multiplier: CGFloat
    /// The distance added to the second side; changing it lays the views out again (inside an
    /// animation block and `layoutIfNeeded()`, animated).
    open var constant: CGFloat { didSet { if constant != oldValue { changed() } } }
    open var priority: UILayoutPriority = .required { didSet { if priority != oldValue { changed() } } }
    open var identifier: String?
    open var shouldBeArchived = false
    /// Whether Auto Layout keeps it; setting it adds it to (or takes it from) the closest common
    /// ancestor of its items, as `activate`/`deactivate` do.
    open var isActive: Bool {
        get { installedOn != nil }
        set {
            guard newValue != isActive else { return }
            if newValue { install() } else { uninstall() }
        }
    }
    /// The view holding it while active.
    weak var installedOn: UIView?
    /// Made by a stack view or the layout engine rather than by the app.
    var isInternal = false
    /// Order of creation: constraints reach the solver in this order.
    let sequence: Int

    /// `item1.attribute1 relation multiplier × item2.attribute2 + constant`; `toItem` nil with
    /// `.notAnAttribute` for a constant size.
    public init(
        item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
        attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat
    ) {
        firstItem = view1 as AnyObject
        firstAttribute = attr1
        self.relation = relation
        secondItem = view2.map { $0 as AnyObject }
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.multiplier = multiplier
        constant = c
        sequence = TransactionContext.current.nextLayoutSequence()
    }

    /// Activates every one of `constraints`.
    open class func activate(_ constraints: [NSLayoutConstraint]) { for c in constraints { c.isActive = true } }
    /// Deactivates every one of `constraints`.
    open class func deactivate(_ constraints: [NSLayoutConstraint]) { for c in constraints { c.isActive = false } }

    var firstLayoutItem: (any LayoutItem)? { firstItem as? any LayoutItem }
    var secondLayoutItem: (any LayoutItem)? { secondItem as? any LayoutItem }

    private func install() {
        guard let first = firstLayoutItem?.hostView else { return }
        let host = secondLayoutItem?.hostView.flatMap { first.closestCommonAncestor(with: $0) } ?? first
        host.installedConstraints.append(self)
        installedOn = host
        TransactionContext.current.activeConstraintCount += 1
        changed()
    }

    private func uninstall() {
        changed()
        installedOn?.installedConstraints.removeAll { $0 === self }
        installedOn = nil
        TransactionContext.current.activeConstraintCount -= 1
    }

    /// Tells the layout engine and asks the tree holding the items for layout.
    func changed() {
        TransactionContext.current.layoutGeneration += 1
        for view in [firstLayoutItem?.hostView, secondLayoutItem?.hostView, installedOn].compactMap({ $0 }) {
            view.rootView.setNeedsLayout()
        }
    }

    public var description: String {
        func side(_ item: AnyObject?, _ attribute: Attribute) -> String {
            guard let item, attribute != .notAnAttribute else { return "" }
            return "\(Self.name(of: item)).\(attribute)"
        }
        var rhs = side(secondItem, secondAttribute)
        if multiplier != 1, !rhs.isEmpty { rhs = "\(Self.number(multiplier))*\(rhs)" }
        if constant != 0 || rhs.isEmpty {
            rhs += rhs.isEmpty ? Self.number(constant) : (constant < 0 ? " - \(Self.number(-constant))" : " + \(Self.number(constant))")
        }
        let op = [Relation.equal: "==", .lessThanOrEqual: "<=", .greaterThanOrEqual: ">="][relation]!
        let p = priority == .required ? "" : " @\(Self.number(CGFloat(priority.rawValue)))"
        return "<NSLayoutConstraint \(identifier.map { "'\($0)' " } ?? "")\(side(firstItem, firstAttribute)) \(op) \(rhs)\(p)"
            + "   (\(isActive ? "active" : "inactive"))>"
    }

    static func name(of item: AnyObject) -> String {
        if let guide = item as? UILayoutGuide { return "UILayoutGuide'\(guide.identifier)'" }
        if let view = item as? UIView, let id = view.accessibilityIdentifier { return "\(type(of: view))'\(id)'" }
        return String(describing: type(of: item))
    }

    static func number(_ x: CGFloat) -> String {
        x == x.rounded() ? String(Int(x)) : String(format: "%g", Double(x))
    }
}

extension NSLayoutConstraint.Attribute: CustomStringConvertible {
    public var description: String {
        switch self {
        case .left: return "left"
        case .right: return "right"
        case .top: return "top"
        case .bottom: return "bottom"
        case .leading: return "leading"
        case .trailing: return "trailing"
        case .width: return "width"
        case .height: return "height"
        case .centerX: return "centerX"
        case .centerY: return "centerY"
        case .lastBaseline: return "lastBaseline"
        case .firstBaseline: return "firstBaseline"
        case .leftMargin: return "leftMargin"
        case .rightMargin: return "rightMargin"
        case .topMargin: return "topMargin"
        case .bottomMargin: return "bottomMargin"
        case .leadingMargin: return "leadingMargin"
        case .trailingMargin: return "trailingMargin"
        case .centerXWithinMargins: return "centerXWithinMargins"
        case .centerYWithinMargins: return "centerYWithinMargins"
        case .notAnAttribute: return "notAnAttribute"
        }
    }
}
