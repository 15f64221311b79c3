import FlipbookCore
import Foundation

/// An item's physical properties, as a `UIDynamicItemBehavior` sets them (UIKit's defaults).
struct DynamicMaterial: Equatable {
    var elasticity = 0.0
    var friction = 0.0
    var density = 1.0
    var resistance = 0.0
    var angularResistance = 0.0
    var allowsRotation = true
    var isAnchored = false
    var charge = 0.0
}

/// One item's state in the simulation: UIKit reads an item's centre, bounds and rotation
/// when it joins and then owns them, writing them back each step (timing-model.md 11.12).
final class DynamicBody {
    let item: any UIDynamicItem
    var position: Vector2
    var angle: Double
    var velocity = Vector2.zero
    var angularVelocity = 0.0
    private(set) var shape: CollisionShape
    private(set) var material = DynamicMaterial()
    private(set) var mass = 1.0
    private(set) var inverseMass = 1.0
    private(set) var inverseInertia = 0.0
    /// How long the body has been slower than the rest thresholds.
    var restingTime = 0.0

    init(item: any UIDynamicItem) {
        self.item = item
        position = Vector2(item.center)
        angle = DynamicBody.rotation(of: item.transform)
        shape = CollisionShape(item: item)
        updateMass()
    }

    /// The angle of an affine transform's rotation (its scale and translation are not kept:
    /// UIKit writes a pure rotation back).
    static func rotation(of t: CGAffineTransform) -> Double { atan2(Double(t.b), Double(t.a)) }

    /// Re-reads the item, as `updateItem(usingCurrentState:)` asks.
    func reloadFromItem() {
        position = Vector2(item.center)
        angle = DynamicBody.rotation(of: item.transform)
        shape = CollisionShape(item: item)
        updateMass()
    }

    func setMaterial(_ new: DynamicMaterial) {
        guard new != material else { return }
        material = new
        updateMass()
    }

    /// UIKit's mass unit: a 100 × 100 pt item of density 1 weighs 1 (UIPushBehavior's docs).
    private func updateMass() {
        let (area, moment) = shape.areaAndMoment
        let density = max(material.density, 1e-6)
        mass = max(area * density / 10_000, 1e-9)
        let inertia = moment * density / 10_000
        let anchored = material.isAnchored
        inverseMass = anchored ? 0 : 1 / mass
        inverseInertia = anchored || !material.allowsRotation || inertia <= 0 ? 0 : 1 / inertia
    }

    var isDynamic: Bool { inverseMass > 0 }

    /// How far the shape reaches from the centre.
    var radius: Double {
        switch shape {
        case .circle(let r): return r
        case .polygon(let v): return v.map(\.length).max() ?? 0
        }
    }

    /// The shape's outline in the reference view's coordinates.
    var worldShape: WorldShape {
        switch shape {
        case .circle(let r): return .circle(center: position, radius: r)
        case .polygon(let v): return .polygon(v.map { position + $0.rotated(by: angle) })
        }
    }

    func velocity(at worldPoint: Vector2) -> Vector2 {
        velocity + (worldPoint - position).perpendicular * angularVelocity
    }

    func applyImpulse(_ impulse: Vector2, at worldPoint: Vector2) {
        velocity += impulse * inverseMass
        angularVelocity += (worldPoint - position).cross(impulse) * inverseInertia
    }

    /// Moves the body as a position correction pushes it (no velocity change).
    func displace(by impulse: Vector2, at worldPoint: Vector2) {
        position += impulse * inverseMass
        angle += (worldPoint - position).cross(impulse) * inverseInertia
    }

    /// Writes the body back to its item: its centre, and a pure rotation.
    func writeBack() {
        guard position.x.isFinite, position.y.isFinite, angle.isFinite else {
            // Overflowed (a hostile force): the body stays where its item last was.
            position = Vector2(item.center)
            angle = DynamicBody.rotation(of: item.transform)
            velocity = .zero
            angularVelocity = 0
            return
        }
        item.center = position.point
        item.transform = CGAffineTransform(rotationAngle: CGFloat(angle))
    }
}

/// A shape placed in the reference view.
enum WorldShape {
    case circle(center: Vector2, radius: Double)
    case polygon([Vector2])

    /// The smallest upright box around the shape.
    var boundingBox: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        switch self {
        case .circle(let c, let r): return (c.x - r, c.y - r, c.x + r, c.y + r)
        case .polygon(let v):
            let xs = v.map(\.x), ys = v.map(\.y)
            return (xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0)
        }
    }
}
