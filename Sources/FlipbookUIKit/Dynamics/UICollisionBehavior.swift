import FlipbookCore
import Foundation

/// Makes its items collide with each other and with boundaries: the reference view's bounds
/// (inset) and paths or segments named by identifiers (timing-model.md 11.12). Only items of
/// the same collision behaviour collide with each other.
open class UICollisionBehavior: UIDynamicBehavior {
    /// What the items collide with.
    public struct Mode: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The items collide with each other.
        public static let items = Mode(rawValue: 1 << 0)
        /// The items collide with the boundaries.
        public static let boundaries = Mode(rawValue: 1 << 1)
        /// Both.
        public static let everything = Mode(rawValue: UInt.max)
    }

    private var list: DynamicItemList
    /// The items that collide, in the order added.
    open var items: [any UIDynamicItem] { list.items }
    /// What the items collide with (everything by default).
    open var collisionMode = Mode.everything { didSet { dynamicAnimator?.wake() } }
    /// Whether the reference view's bounds are a boundary (with `setTranslatesReferenceBoundsIntoBoundary(with:)`'s insets).
    open var translatesReferenceBoundsIntoBoundary = false { didSet { dynamicAnimator?.wake() } }
    /// Told when contacts begin and end.
    open weak var collisionDelegate: (any UICollisionBehaviorDelegate)?

    private var referenceInsets = UIEdgeInsets.zero
    private var boundaries: [(identifier: any NSCopying, path: UIBezierPath)] = []
    /// Pairs touching after the last step, with the boundary's identifier when they touched.
    private var touching: [ContactKey: (any NSCopying)?] = [:]

    public init(items: [any UIDynamicItem]) {
        list = DynamicItemList(items)
        super.init()
    }

    /// Makes `item` collide too.
    open func addItem(_ item: any UIDynamicItem) { list.add(item, waking: dynamicAnimator) }

    /// Stops `item` colliding.
    open func removeItem(_ item: any UIDynamicItem) { list.remove(item) }

    /// Makes the reference view's bounds, inset by `insets`, a boundary.
    open func setTranslatesReferenceBoundsIntoBoundary(with insets: UIEdgeInsets) {
        referenceInsets = insets
        translatesReferenceBoundsIntoBoundary = true
    }

    /// A boundary along `bezierPath`'s segments (curves cut into straight pieces).
    open func addBoundary(withIdentifier identifier: any NSCopying, for bezierPath: UIBezierPath) {
        removeBoundary(withIdentifier: identifier)
        boundaries.append((identifier, bezierPath))
        dynamicAnimator?.wake()
    }

    /// A boundary along the segment from `p1` to `p2`.
    open func addBoundary(withIdentifier identifier: any NSCopying, from p1: CGPoint, to p2: CGPoint) {
        let path = UIBezierPath()
        path.move(to: p1)
        path.addLine(to: p2)
        addBoundary(withIdentifier: identifier, for: path)
    }

    /// The path of the boundary named `identifier`.
    open func boundary(withIdentifier identifier: any NSCopying) -> UIBezierPath? {
        boundaries.first { Self.same($0.identifier, identifier) }?.path
    }

    /// Removes the boundary named `identifier` (its contacts end at the next step).
    open func removeBoundary(withIdentifier identifier: any NSCopying) {
        boundaries.removeAll { Self.same($0.identifier, identifier) }
    }

    /// The named boundaries' identifiers, nil when there are none.
    open var boundaryIdentifiers: [any NSCopying]? { boundaries.isEmpty ? nil : boundaries.map(\.identifier) }

    /// Removes every named boundary (the reference bounds stay if turned on).
    open func removeAllBoundaries() { boundaries.removeAll() }

    private static func same(_ a: any NSCopying, _ b: any NSCopying) -> Bool {
        if let x = a as? NSObject, let y = b as? NSObject { return x.isEqual(y) }
        return false
    }

    override var dynamicItems: [any UIDynamicItem] { list.items }

    // MARK: Contacts

    private enum ContactKey: Hashable {
        case items(ObjectIdentifier, ObjectIdentifier)
        /// A boundary by its index (-1: the reference bounds).
        case boundary(ObjectIdentifier, Int)
    }

    /// A touching pair and, for a boundary, which of its pieces (a wall, a segment) is touched.
    private struct PieceKey: Hashable {
        var key: ContactKey
        var piece: Int
    }

    private var stepContacts: [(key: ContactKey, piece: Int, contact: ContactConstraint)] = []
    /// What each touching pair kept last step, per boundary piece (warm starting: a corner's
    /// floor impulse must not start its wall contact).
    private var lastMemory: [PieceKey: ContactConstraint.Memory] = [:]

    func findContacts(in world: DynamicsWorld, referenceBounds: CGRect) -> [ContactConstraint] {
        let bodies = list.items.map { world.body(for: $0) }
        var found: [(key: ContactKey, piece: Int, contact: ContactConstraint)] = []
        if collisionMode.contains(.items) {
            let reach = bodies.map(Self.reach)
            for (i, j) in Self.overlappingPairs(bodies.map(\.worldShape), reach: reach) where bodies[i].isDynamic || bodies[j].isDynamic {
                let margin = reach[i] + reach[j]
                guard let m = CollisionDetection.collide(bodies[i].worldShape, bodies[j].worldShape, margin: margin) else { continue }
                let key = ContactKey.items(ObjectIdentifier(bodies[i].item), ObjectIdentifier(bodies[j].item))
                let previous = lastMemory[PieceKey(key: key, piece: 0)] ?? .init()
                found.append((key, 0, ContactConstraint(a: bodies[i], b: bodies[j], manifold: m, previous: previous)))
            }
        }
        if collisionMode.contains(.boundaries) {
            let shapes = boundaryShapes(referenceBounds)
            for body in bodies where body.isDynamic {
                for (piece, (index, shape)) in shapes.enumerated() {
                    guard let m = CollisionDetection.collide(shape, body.worldShape, margin: Self.reach(body)) else { continue }
                    let key = ContactKey.boundary(ObjectIdentifier(body.item), index)
                    let previous = lastMemory[PieceKey(key: key, piece: piece)] ?? .init()
                    found.append((key, piece, ContactConstraint(a: nil, boundary: shape, b: body, manifold: m, previous: previous)))
                }
            }
        }
        stepContacts = found
        return found.map(\.contact)
    }

    /// How far ahead a body's contacts are looked for: what it may travel in a step, and a
    /// point more (timing-model.md 11.12).
    private static func reach(_ body: DynamicBody) -> Double {
        let speed = body.velocity.length + body.angularVelocity.magnitude * body.radius
        return speed.isFinite ? min(speed * DynamicsWorld.step + 1, 100) : 1
    }

    /// Pairs (i < j) whose bounding boxes, grown by their reach, overlap: a sweep of boxes
    /// sorted by their left edge, so many items cost about n log n, not n².
    private static func overlappingPairs(_ shapes: [WorldShape], reach: [Double]) -> [(Int, Int)] {
        let boxes = shapes.indices.map { k in
            let b = shapes[k].boundingBox, r = reach[k]
            return (minX: b.minX - r, minY: b.minY - r, maxX: b.maxX + r, maxY: b.maxY + r)
        }
        let order = boxes.indices.sorted { (boxes[$0].minX, $0) < (boxes[$1].minX, $1) }
        var pairs: [(Int, Int)] = []
        for (k, i) in order.enumerated() {
            for j in order[(k + 1)...] {
                if boxes[j].minX > boxes[i].maxX { break }
                if boxes[j].minY > boxes[i].maxY || boxes[i].minY > boxes[j].maxY { continue }
                pairs.append((min(i, j), max(i, j)))
            }
        }
        return pairs
    }

    /// Each boundary piece with its boundary's index (-1 for the reference bounds' sides).
    private func boundaryShapes(_ bounds: CGRect) -> [(Int, BoundaryShape)] {
        var shapes: [(Int, BoundaryShape)] = []
        if translatesReferenceBoundsIntoBoundary {
            let r = bounds.inset(by: referenceInsets)
            let (minP, maxP) = (Vector2(Double(r.minX), Double(r.minY)), Vector2(Double(r.maxX), Double(r.maxY)))
            shapes += [
                (-1, .wall(origin: minP, inward: Vector2(0, 1))), (-1, .wall(origin: maxP, inward: Vector2(0, -1))),
                (-1, .wall(origin: minP, inward: Vector2(1, 0))), (-1, .wall(origin: maxP, inward: Vector2(-1, 0)))
            ]
        }
        for (index, boundary) in boundaries.enumerated() {
            for line in boundary.path.cgPath.flattenedPolylines {
                var points = line.points.map(Vector2.init)
                if line.closed, let first = points.first { points.append(first) }
                for k in points.indices.dropLast() where points[k] != points[k + 1] {
                    shapes.append((index, .segment(points[k], points[k + 1])))
                }
            }
        }
        return shapes
    }

    /// Tells the delegate of contacts that began or ended this step.
    func reportContacts() {
        var now: [ContactKey: (contact: ContactConstraint, identifier: (any NSCopying)?)] = [:]
        for (key, _, contact) in stepContacts where now[key] == nil && contact.isTouching {
            if case .boundary(_, let index) = key {
                now[key] = (contact, identifier(index))
            } else {
                now[key] = (contact, nil)
            }
        }
        let before = touching
        touching = now.mapValues(\.identifier)
        lastMemory = [:]
        for (key, piece, contact) in stepContacts { lastMemory[PieceKey(key: key, piece: piece)] = contact.memory }
        guard let delegate = collisionDelegate else { return }
        let itemsByID = Dictionary(list.items.map { (ObjectIdentifier($0), $0) }, uniquingKeysWith: { a, _ in a })
        for (key, _, contact) in stepContacts where before[key] == nil && now[key]?.contact === contact {
            let at = contact.firstPoint.point
            switch key {
            case .items(let i, let j):
                guard let a = itemsByID[i], let b = itemsByID[j] else { continue }
                delegate.collisionBehavior(self, beganContactFor: a, with: b, at: at)
            case .boundary(let i, let index):
                guard let a = itemsByID[i] else { continue }
                delegate.collisionBehavior(self, beganContactFor: a, withBoundaryIdentifier: identifier(index), at: at)
            }
        }
        // In item order (a dictionary's order changes from run to run).
        let order = Dictionary(list.items.enumerated().map { (ObjectIdentifier($1), $0) }, uniquingKeysWith: { a, _ in a })
        func rank(_ key: ContactKey) -> [Int] {
            switch key {
            case .items(let i, let j): return [order[i] ?? -1, 0, order[j] ?? -1]
            case .boundary(let i, let index): return [order[i] ?? -1, 1, index]
            }
        }
        let ended = before.filter { now[$0.key] == nil }.sorted { rank($0.key).lexicographicallyPrecedes(rank($1.key)) }
        for (key, identifier) in ended {
            switch key {
            case .items(let i, let j):
                guard let a = itemsByID[i], let b = itemsByID[j] else { continue }
                delegate.collisionBehavior(self, endedContactFor: a, with: b)
            case .boundary(let i, _):
                guard let a = itemsByID[i] else { continue }
                delegate.collisionBehavior(self, endedContactFor: a, withBoundaryIdentifier: identifier)
            }
        }
    }

    /// A boundary's identifier; the reference bounds have none (nil), as on iOS.
    private func identifier(_ index: Int) -> (any NSCopying)? {
        index >= 0 && index < boundaries.count ? boundaries[index].identifier : nil
    }
}

/// Told when items of a collision behaviour begin and end touching each other or a boundary.
public protocol UICollisionBehaviorDelegate: AnyObject {
    func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item1: any UIDynamicItem, with item2: any UIDynamicItem, at p: CGPoint)
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: any UIDynamicItem, with item2: any UIDynamicItem)
    func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem, withBoundaryIdentifier identifier: (any NSCopying)?,
        at p: CGPoint)
    func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item: any UIDynamicItem, withBoundaryIdentifier identifier: (any NSCopying)?)
}

extension UICollisionBehaviorDelegate {
    public func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item1: any UIDynamicItem, with item2: any UIDynamicItem, at p: CGPoint
    ) {}
    public func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item1: any UIDynamicItem, with item2: any UIDynamicItem
    ) {}
    public func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem, withBoundaryIdentifier identifier: (any NSCopying)?,
        at p: CGPoint
    ) {}
    public func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item: any UIDynamicItem, withBoundaryIdentifier identifier: (any NSCopying)?
    ) {}
}
