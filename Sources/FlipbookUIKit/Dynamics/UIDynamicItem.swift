import FlipbookCore
import Foundation

/// How a dynamic item's collision bounds are shaped.
public enum UIDynamicItemCollisionBoundsType: UInt, Sendable {
    /// The item's bounds.
    case rectangle
    /// The ellipse inscribed in the item's bounds.
    case ellipse
    /// `collisionBoundingPath`: a convex, counter-clockwise path about the item's centre.
    case path
}

/// What UIKit Dynamics moves: a centre, bounds and a rotation (UIView and collection view
/// layout attributes are items; so is any object with these three).
///
/// Porting: the collision bounds members are optional on iOS; here they are requirements with
/// defaults (a rectangle), so custom items compile unchanged.
public protocol UIDynamicItem: AnyObject {
    /// Where the item is, in the animator's reference coordinates.
    var center: CGPoint { get set }
    /// The item's size (its origin is not read).
    var bounds: CGRect { get }
    /// Written by the animator as a pure rotation.
    var transform: CGAffineTransform { get set }
    /// The shape the item collides as.
    var collisionBoundsType: UIDynamicItemCollisionBoundsType { get }
    /// The shape used when `collisionBoundsType` is `.path`.
    var collisionBoundingPath: UIBezierPath { get }
}

extension UIDynamicItem {
    public var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }
    public var collisionBoundingPath: UIBezierPath {
        let size = bounds.size
        return UIBezierPath(rect: CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height))
    }
}

extension UIView: UIDynamicItem {}

extension UICollectionViewLayoutAttributes: UIDynamicItem {}

/// A range of floats, as UIKit's attachment ranges use it.
public struct UIFloatRange: Equatable, Hashable, Sendable {
    public var minimum: CGFloat
    public var maximum: CGFloat
    public init(minimum: CGFloat, maximum: CGFloat) {
        self.minimum = minimum
        self.maximum = maximum
    }
    public static let zero = UIFloatRange(minimum: 0, maximum: 0)
    public static let infinite = UIFloatRange(minimum: -.infinity, maximum: .infinity)
    /// Whether the range is infinite in both directions.
    public var isInfinite: Bool { minimum == -.infinity && maximum == .infinity }
}

/// The items a behaviour holds, by identity and in the order added.
struct DynamicItemList {
    private(set) var items: [any UIDynamicItem] = []

    init(_ items: [any UIDynamicItem] = []) {
        for item in items { add(item) }
    }

    mutating func add(_ item: any UIDynamicItem) {
        if !items.contains(where: { $0 === item }) { items.append(item) }
    }

    /// Adds `item` and wakes the animator the behaviour is in, as a new item may move.
    mutating func add(_ item: any UIDynamicItem, waking animator: UIDynamicAnimator?) {
        add(item)
        animator?.wake()
    }

    mutating func remove(_ item: any UIDynamicItem) { items.removeAll { $0 === item } }
}
