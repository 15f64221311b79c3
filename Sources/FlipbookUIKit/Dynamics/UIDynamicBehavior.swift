import FlipbookCore
import Foundation

/// A physical behaviour a `UIDynamicAnimator` applies to its items at every step; subclass it
/// to compose behaviours (`addChildBehavior`) and to run code each step (`action`).
open class UIDynamicBehavior: NSObject {
    /// The behaviours composed into this one.
    open private(set) var childBehaviors: [UIDynamicBehavior] = []
    /// Called after every step of the animation, on the Stage's clock.
    open var action: (() -> Void)?
    /// The animator this behaviour (or its parent) is added to.
    open internal(set) weak var dynamicAnimator: UIDynamicAnimator?

    public override init() { super.init() }

    /// Composes `behavior` into this one: it acts while this one is in an animator.
    open func addChildBehavior(_ behavior: UIDynamicBehavior) {
        guard !childBehaviors.contains(where: { $0 === behavior }) else { return }
        childBehaviors.append(behavior)
        if let animator = dynamicAnimator { behavior.move(to: animator) }
        dynamicAnimator?.wake()
    }

    /// Takes `behavior` out of this one.
    open func removeChildBehavior(_ behavior: UIDynamicBehavior) {
        guard childBehaviors.contains(where: { $0 === behavior }) else { return }
        childBehaviors.removeAll { $0 === behavior }
        if dynamicAnimator != nil { behavior.move(to: nil) }
        dynamicAnimator?.wake()
    }

    /// Called just before the behaviour is added to an animator, or removed (nil).
    open func willMove(to dynamicAnimator: UIDynamicAnimator?) {}

    /// Tells this behaviour and its children of their new animator.
    func move(to animator: UIDynamicAnimator?) {
        willMove(to: animator)
        dynamicAnimator = animator
        for child in childBehaviors { child.move(to: animator) }
    }

    /// This behaviour, then its children's trees, in order.
    var flattened: [UIDynamicBehavior] { [self] + childBehaviors.flatMap(\.flattened) }

    // MARK: What a behaviour gives each step (overridden by UIKit's behaviours)

    /// The items this behaviour moves (without its children's).
    var dynamicItems: [any UIDynamicItem] { [] }
    /// Sets the materials of its items (a later behaviour overrides an earlier one).
    func contributeMaterial(to materials: inout [ObjectIdentifier: DynamicMaterial]) {}
    /// Changes velocities by its forces over one step.
    func applyForces(in world: DynamicsWorld, step: Double) {}
    /// Its joints for one step.
    func constraints(in world: DynamicsWorld, step: Double) -> [any VelocityConstraint] { [] }
}

/// Called when an animator starts moving its items and when they come to rest.
public protocol UIDynamicAnimatorDelegate: AnyObject {
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator)
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator)
}

extension UIDynamicAnimatorDelegate {
    public func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) {}
    public func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {}
}
