import FlipbookCore
import Foundation

/// Several items that move as one rigid body (iOS 9): behaviours given the group move and turn
/// its items together; it collides as the convex hull of their corners. Its items must not be in
/// behaviours of their own, as UIKit requires.
open class UIDynamicItemGroup: NSObject, UIDynamicItem {
    /// The items moved together.
    public let items: [any UIDynamicItem]
    private var storedCenter: CGPoint
    private var angle: CGFloat = 0
    /// The hull of the items' corners about the group's centre, as it was made.
    private let hull: [CGPoint]
    /// The size of the box around the items' corners.
    public let bounds: CGRect

    public init(items: [any UIDynamicItem]) {
        self.items = items
        let corners = items.flatMap(Self.corners)
        let box = corners.reduce(CGRect.null) { $0.union(CGRect(origin: $1, size: .zero)) }
        let middle = box.isNull ? .zero : CGPoint(x: box.midX, y: box.midY)
        storedCenter = middle
        hull = ConvexHull.of(corners.map { Vector2(Double($0.x - middle.x), Double($0.y - middle.y)) }).map(\.point)
        bounds = box.isNull ? .zero : CGRect(origin: .zero, size: box.size)
        super.init()
    }

    /// An item's corners where it is now, in its superview's coordinates.
    private static func corners(of item: any UIDynamicItem) -> [CGPoint] {
        let size = item.bounds.size, c = item.center, turn = DynamicBody.rotation(of: item.transform)
        return [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { sx, sy in
            let offset = Vector2(sx * Double(size.width) / 2, sy * Double(size.height) / 2).rotated(by: turn)
            return CGPoint(x: c.x + offset.x, y: c.y + offset.y)
        }
    }

    /// Moving the group moves every item by as much.
    open var center: CGPoint {
        get { storedCenter }
        set {
            let dx = newValue.x - storedCenter.x, dy = newValue.y - storedCenter.y
            storedCenter = newValue
            for item in items { item.center = CGPoint(x: item.center.x + dx, y: item.center.y + dy) }
        }
    }

    /// Turning the group turns every item about the group's centre.
    open var transform: CGAffineTransform {
        get { CGAffineTransform(rotationAngle: angle) }
        set {
            let turn = CGFloat(DynamicBody.rotation(of: newValue)) - angle
            angle += turn
            let c = Vector2(storedCenter)
            for item in items {
                let moved = c + (Vector2(item.center) - c).rotated(by: Double(turn))
                item.center = moved.point
                item.transform = CGAffineTransform(rotationAngle: CGFloat(DynamicBody.rotation(of: item.transform)) + turn)
            }
        }
    }

    /// The hull of the items' corners (a rectangle when they have none).
    open var collisionBoundsType: UIDynamicItemCollisionBoundsType { hull.count >= 3 ? .path : .rectangle }

    /// The hull of the items' corners, about the group's centre.
    open var collisionBoundingPath: UIBezierPath {
        let path = UIBezierPath()
        for (k, p) in hull.enumerated() { k == 0 ? path.move(to: p) : path.addLine(to: p) }
        path.close()
        return path
    }
}
