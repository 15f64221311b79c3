import FlipbookCore
import Foundation

/// The physical properties of its items (Apple's defaults: no bounce, no friction, density 1,
/// no resistance, free to turn), and velocities given to them, such as a gesture's at its end.
/// Where two item behaviours name an item, the one added later sets its properties [proj].
open class UIDynamicItemBehavior: UIDynamicBehavior {
    private var list: DynamicItemList
    private var pendingVelocities: [ObjectIdentifier: (linear: Vector2, angular: Double)] = [:]
    /// The items given these properties.
    open var items: [any UIDynamicItem] { list.items }
    /// 0 for no bounce to 1 for a perfectly elastic one.
    open var elasticity: CGFloat = 0 { didSet { dynamicAnimator?.wake() } }
    /// 0 for none; 1 is strong; more is stronger.
    open var friction: CGFloat = 0 { didSet { dynamicAnimator?.wake() } }
    /// Mass per area: a 100 × 100 pt item of density 1 has mass 1.
    open var density: CGFloat = 1 { didSet { dynamicAnimator?.wake() } }
    /// Linear velocity damping per second (0: none).
    open var resistance: CGFloat = 0 { didSet { dynamicAnimator?.wake() } }
    /// Angular velocity damping per second (0: none).
    open var angularResistance: CGFloat = 0 { didSet { dynamicAnimator?.wake() } }
    /// Charge in electric and magnetic fields: kept; field behaviours are not simulated.
    open var charge: CGFloat = 0
    /// An anchored item stays put, as a boundary that other items collide with.
    open var isAnchored = false { didSet { dynamicAnimator?.wake() } }
    /// Whether collisions and off-centre forces turn the items.
    open var allowsRotation = true { didSet { dynamicAnimator?.wake() } }

    public init(items: [any UIDynamicItem]) {
        list = DynamicItemList(items)
        super.init()
    }

    /// Gives `item` these properties too.
    open func addItem(_ item: any UIDynamicItem) { list.add(item, waking: dynamicAnimator) }

    /// Stops giving `item` these properties.
    open func removeItem(_ item: any UIDynamicItem) { list.remove(item) }

    /// Adds `velocity` (points a second) to the item's.
    open func addLinearVelocity(_ velocity: CGPoint, for item: any UIDynamicItem) {
        addVelocity(linear: Vector2(velocity), angular: 0, to: item)
    }

    /// The item's velocity in points a second.
    open func linearVelocity(for item: any UIDynamicItem) -> CGPoint { velocity(of: item).linear.point }

    /// Adds `velocity` (radians a second) to the item's spin.
    open func addAngularVelocity(_ velocity: CGFloat, for item: any UIDynamicItem) {
        addVelocity(linear: .zero, angular: Double(velocity), to: item)
    }

    /// The item's spin in radians a second.
    open func angularVelocity(for item: any UIDynamicItem) -> CGFloat { CGFloat(velocity(of: item).angular) }

    /// Adds to the item's velocity now if it is in the animator, else at the first step.
    private func addVelocity(linear: Vector2, angular: Double, to item: any UIDynamicItem) {
        if let body = dynamicAnimator?.world.existingBody(for: item) {
            body.velocity += linear
            body.angularVelocity += angular
        } else {
            pendingVelocities[ObjectIdentifier(item), default: (.zero, 0)].linear += linear
            pendingVelocities[ObjectIdentifier(item), default: (.zero, 0)].angular += angular
        }
        dynamicAnimator?.wake()
    }

    /// The item's velocity, with what waits for the first step.
    private func velocity(of item: any UIDynamicItem) -> (linear: Vector2, angular: Double) {
        let body = dynamicAnimator?.world.existingBody(for: item)
        let pending = pendingVelocities[ObjectIdentifier(item)] ?? (.zero, 0)
        return ((body?.velocity ?? .zero) + pending.linear, (body?.angularVelocity ?? 0) + pending.angular)
    }

    override var dynamicItems: [any UIDynamicItem] { list.items }

    override func contributeMaterial(to materials: inout [ObjectIdentifier: DynamicMaterial]) {
        let material = DynamicMaterial(
            elasticity: Double(elasticity), friction: Double(friction), density: Double(density),
            resistance: Double(resistance), angularResistance: Double(angularResistance),
            allowsRotation: allowsRotation, isAnchored: isAnchored, charge: Double(charge))
        for item in list.items { materials[ObjectIdentifier(item)] = material }
    }

    override func applyForces(in world: DynamicsWorld, step: Double) {
        guard !pendingVelocities.isEmpty else { return }
        for item in list.items {
            guard let pending = pendingVelocities.removeValue(forKey: ObjectIdentifier(item)) else { continue }
            let body = world.body(for: item)
            body.velocity += pending.linear
            body.angularVelocity += pending.angular
        }
    }
}
