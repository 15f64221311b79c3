import FlipbookCore
import Foundation

/// The simulation a `UIDynamicAnimator` runs: one body per item its behaviours name, stepped
/// at the display's 60 Hz (timing-model.md 11.12). Each step: forces, resistance, joints and
/// contacts by sequential impulses, positions, overlap correction, then the items are written.
final class DynamicsWorld {
    /// Seconds a step: one display refresh.
    static let step = 1.0 / 60
    static let velocityIterations = 10
    static let positionIterations = 3
    /// A body slower than these for `restDuration` is at rest; all at rest pauses the
    /// animator [proj: Box2D's sleep rule at UIKit's scale].
    static let restSpeed = 2.0
    static let restAngularSpeed = 2.0 * .pi / 180
    static let restDuration = 0.3

    private(set) var bodies: [DynamicBody] = []
    /// Seconds simulated (what a noise field's pattern moves with).
    private(set) var time = 0.0
    private var index: [ObjectIdentifier: DynamicBody] = [:]

    func body(for item: any UIDynamicItem) -> DynamicBody {
        if let body = index[ObjectIdentifier(item)] { return body }
        let body = DynamicBody(item: item)
        index[ObjectIdentifier(item)] = body
        bodies.append(body)
        return body
    }

    func existingBody(for item: any UIDynamicItem) -> DynamicBody? { index[ObjectIdentifier(item)] }

    /// Keeps bodies for exactly `items` (new ones read their item's state; others are let go,
    /// so an item added again later starts from where the app put it).
    func keepBodies(for items: [any UIDynamicItem]) {
        let wanted = Set(items.map(ObjectIdentifier.init))
        bodies.removeAll { !wanted.contains(ObjectIdentifier($0.item)) }
        index = index.filter { wanted.contains($0.key) }
        for item in items { _ = body(for: item) }
    }

    /// One step of `behaviors` (each already flattened with its children); true when every
    /// body has been at rest long enough to pause.
    func advance(_ behaviors: [UIDynamicBehavior], referenceBounds: CGRect) -> Bool {
        let h = Self.step
        time += h
        keepBodies(for: behaviors.flatMap(\.dynamicItems))
        var material: [ObjectIdentifier: DynamicMaterial] = [:]
        for behavior in behaviors { behavior.contributeMaterial(to: &material) }
        for body in bodies { body.setMaterial(material[ObjectIdentifier(body.item)] ?? DynamicMaterial()) }
        for behavior in behaviors { behavior.applyForces(in: self, step: h) }
        for body in bodies where body.isDynamic {
            body.velocity *= 1 / (1 + h * body.material.resistance)
            body.angularVelocity *= 1 / (1 + h * body.material.angularResistance)
        }
        for body in bodies where !body.isDynamic {
            body.velocity = .zero
            body.angularVelocity = 0
        }
        var joints: [any VelocityConstraint] = []
        for behavior in behaviors { joints += behavior.constraints(in: self, step: h) }
        let collisions = behaviors.compactMap { $0 as? UICollisionBehavior }
        let contacts = collisions.map { $0.findContacts(in: self, referenceBounds: referenceBounds) }
        for group in contacts { for contact in group { contact.warmStart() } }
        for _ in 0..<Self.velocityIterations {
            for joint in joints { joint.solveVelocity() }
            for group in contacts { for contact in group { contact.solveVelocity() } }
        }
        for body in bodies where body.isDynamic {
            // Hostile numbers (an infinite push, a NaN velocity) stop the body where it was
            // rather than carry NaN into the layer tree.
            guard body.velocity.x.isFinite, body.velocity.y.isFinite, body.angularVelocity.isFinite else {
                body.velocity = .zero
                body.angularVelocity = 0
                continue
            }
            body.position += body.velocity * h
            body.angle += body.angularVelocity * h
        }
        for _ in 0..<Self.positionIterations {
            for group in contacts { for contact in group { contact.solvePosition() } }
        }
        for body in bodies { body.writeBack() }
        for behavior in collisions { behavior.reportContacts() }
        return updateRest(step: h)
    }

    private func updateRest(step h: Double) -> Bool {
        var allResting = true
        for body in bodies {
            let slow = body.velocity.length < Self.restSpeed && abs(body.angularVelocity) < Self.restAngularSpeed
            body.restingTime = slow ? body.restingTime + h : 0
            if body.restingTime < Self.restDuration { allResting = false }
        }
        if allResting {
            for body in bodies {
                body.velocity = .zero
                body.angularVelocity = 0
            }
        }
        return allResting
    }

    /// Wakes every body (something changed that may move them).
    func wakeBodies() { for body in bodies { body.restingTime = 0 } }
}
